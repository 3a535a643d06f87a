/*  gdlsc_infoset_merge -- one step of a weighted-state information set by the
    game's rules (the generated Prolog): every parent state's joint moves with
    the role's move, the children whose percepts match, merged into distinct
    states with summed development counts and exact weights, the parents
    split over worker threads.  gdlsc_infoset calls it when the step network
    does not do the update (gdlsc_network:k_step/5).
*/
:- module(gdlsc_infoset_merge,
          [ rules_children/6        % +Entries0, +Role, +I, +Move, +Percepts, -Entries
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).

%   rules_children(+Entries0, +R, +I, +M, +Ps, -Entries): the update with the
%   game's rules (the generated Prolog), in threads.
rules_children(Es0, R, I, M, Ps, Es) :-
    roles(Rs),
    entries_in_threads(Es0, ctx(R, I, M, Rs, Ps), Groups, Den),
    Es0T =.. [p|Es0],
    maplist(group_entry(Es0T, Den), Groups, Es).


group_entry(EsT, Den, T-g(N, Num, K, A2), e(T, N, W, do(A2, Rep))) :-
    arg(K, EsT, e(_, _, _, Rep)),
    W is Num rdiv Den.

%   chunk_job(+Entries, +K0, +Ctx, -Result): the work on a run of parent
%   entries (K0 the index of the first): Result = Den-Groups, the groups of
%   chunk_entries/4 with weights Num/Den.
chunk_job(Es, K0, ctx(R, I, M, Rs, Ps), Den-Groups) :-
    parents_moves(Es, K0, R, I, M, Rs, Parents, 1, Den),
    chunk_entries(Parents, R, Ps, Groups).

%   parents_moves(+Qs, +K, +R, +I, +M, +Roles, -Parents, +Den0, -Den)
%   Qs are q(State, N, W) (the entries without their representative
%   developments).  Parents has p(K, State, JointMoves, N, Num) for every
%   entry (K its index, N its development count) that has children: not
%   terminal, R's move M legal, every other role some legal move.  Num/Den
%   is the entry's weight times the probability of each of its joint moves;
%   Den is the lcm of those probabilities' denominators.
parents_moves(Es, K, R, I, M, Rs, Parents, Den0, Den) :-
    parents_moves_(Es, K, R, I, M, Rs, Ps0, Den0, Den),
    maplist(parent_numerator(Den), Ps0, Parents).

parents_moves_([], _, _, _, _, _, [], Den, Den).
parents_moves_([q(Q, N, W0)|Es], K, R, I, M, Rs, Ps, Den0, Den) :-
    (   findall(As-D, parent_moves(Q, R, I, M, Rs, As, D), [As-D])
    ->  WQ is W0 * (1 rdiv D),
        rational(WQ, _, DQ),
        Den1 is lcm(Den0, DQ),
        Ps = [p(K, Q, As, N, WQ)|Ps1]
    ;   Den1 = Den0,
        Ps = Ps1
    ),
    K1 is K + 1,
    parents_moves_(Es, K1, R, I, M, Rs, Ps1, Den1, Den).

%   parent_moves(+Q, +R, +I, +M, +Roles, -JointMoves, -D) is semidet: the
%   joint moves with M in Q, D their number (called in findall/3: the
%   garbage of the rules goes by backtracking).
parent_moves(Q, R, I, M, Rs, As, D) :-
    \+ terminal(Q),
    once(legal_move(R, M, Q)),
    role_move_lists(Rs, 1, I, M, Q, Lists, 1, D),
    joint_move_product(Lists, Mss),
    maplist(joint_move, Mss, As).

parent_numerator(Den, p(K, Q, As, N, WQ), p(K, Q, As, N, Num)) :-
    Num is WQ * Den.

joint_move(Ms, A) :-
    A =.. [a|Ms].

%   role_move_lists(+Roles, +J, +I, +M, +Q, -Lists, +D0, -D): per role its
%   distinct legal moves in Q in standard order ([M] for role I); D is the
%   number of joint moves with M.  Fails if a role has none.
%   (A move derived twice is one move: joint moves are sets of choices.)
role_move_lists([], _, _, _, _, [], D, D).
role_move_lists([Rj|Rs], J, I, M, Q, [L|Ls], D0, D) :-
    (   J =:= I
    ->  L = [M], D1 = D0
    ;   findall(Mj, legal_move(Rj, Mj, Q), L0),
        sort(L0, L),
        length(L, N),
        N > 0,
        D1 is D0 * N
    ),
    J1 is J + 1,
    role_move_lists(Rs, J1, I, M, Q, Ls, D1, D).

%   joint_move_product(+Lists, -Mss): every choice of one element per list,
%   the first list varying slowest.
joint_move_product([], [[]]).
joint_move_product([L|Ls], Mss) :-
    joint_move_product(Ls, Tails),
    prefix_each(L, Tails, Mss, []).

prefix_each([], _, Mss, Mss).
prefix_each([M|Ms], Tails, Mss0, Mss) :-
    prefix_tails(Tails, M, Mss0, Mss1),
    prefix_each(Ms, Tails, Mss1, Mss).

prefix_tails([], _, Mss, Mss).
prefix_tails([T|Ts], M, [[M|T]|Mss0], Mss) :-
    prefix_tails(Ts, M, Mss0, Mss).

%   chunk_entries(+Parents, +R, +Ps, -Groups): the children of Parents whose
%   percepts for R are Ps, one State-g(N, Num, K, A2) per distinct state in
%   standard order of State: N and Num summed over its
%   children, K-A2 the parent index and joint move of its first child.
%   Children are merged as they are made, in a hash table: Table, a
%   compound term with at least one slot per possible child, each slot the
%   chain of accumulators a(Id, Hash, State, N, Num, K, A2) of its hash
%   (updated by setarg/3); Accs, a compound term, holds accumulator Id at
%   argument Id.  The children of one parent are made inside findall/3, so
%   that what the game's rules leave on the stacks is dropped by
%   backtracking, not by the garbage collector; a child whose state is
%   already known leaves findall/3 as its accumulator's Id, so that only new
%   states are copied, and only distinct states stay alive.  A new child is
%   compared (==) only with the states of equal hash, while it is fresh.
chunk_entries(Parents, R, Ps, Groups) :-
    parents_work(Parents, 0, Work),
    table_size(Work, 16, Size),
    functor(Table, t, Size),
    Mask is Size - 1,
    MaxAccs is max(1, Work),
    functor(Accs, a, MaxAccs),
    Tab = tab(Table, Mask, Accs),
    children(Parents, R, Ps, Tab, 1, Next),
    Last is Next - 1,
    acc_groups(Last, Accs, [], Keyed),
    keysort(Keyed, Groups).

parents_work([], W, W).
parents_work([p(_, _, As, _, _)|Ps], W0, W) :-
    length(As, L),
    W1 is W0 + L,
    parents_work(Ps, W1, W).

table_size(Work, Size0, Size) :-
    (   Size0 >= Work
    ->  Size = Size0
    ;   Size1 is Size0 * 2,
        table_size(Work, Size1, Size)
    ).

acc_groups(0, _, Gs, Gs) :- !.
acc_groups(I, Accs, Gs0, Gs) :-
    arg(I, Accs, a(_, _, T, N, W, K, A2)),
    I1 is I - 1,
    acc_groups(I1, Accs, [T-g(N, W, K, A2)|Gs0], Gs).

%   children(+Parents, +R, +Ps, +Tab, +Id0, -Id): adds the children of
%   Parents to Tab; Id0..Id-1 are the accumulators made.
children([], _, _, _, Id, Id).
children([p(K, Q, As, N, Num)|Ps], R, Ps0, Tab, Id0, Id) :-
    findall(C, parent_child(As, Q, R, Ps0, Tab, C), Cs),
    add_children(Cs, K, N, Num, Tab, Id0, Id1),
    children(Ps, R, Ps0, Tab, Id1, Id).

%   parent_child(+As, +Q, +R, +Ps, +Tab, -C): C = old(Id) for a child whose
%   state is accumulator Id, new(Hash, State, A2) for one not in Tab.
parent_child(As, Q, R, Ps, Tab, C) :-
    member(A2, As),
    percepts(R, A2, Q, Ps2),
    Ps2 == Ps,
    next_state(A2, Q, T),
    term_hash(T, H),
    (   table_lookup(Tab, H, T, Acc)
    ->  arg(1, Acc, Id),
        C = old(Id)
    ;   C = new(H, T, A2)
    ).

add_children([], _, _, _, _, Id, Id).
add_children([C|Cs], K, N, Num, Tab, Id0, Id) :-
    (   C = old(I)
    ->  Tab = tab(_, _, Accs),
        arg(I, Accs, Acc),
        add_child(Acc, N, Num),
        Id1 = Id0
    ;   C = new(H, T, _),
        table_lookup(Tab, H, T, Acc)        % twice from this parent
    ->  add_child(Acc, N, Num),
        Id1 = Id0
    ;   C = new(H, T, A2),
        Acc = a(Id0, H, T, N, Num, K, A2),
        table_insert(Tab, H, Acc),
        Id1 is Id0 + 1
    ),
    add_children(Cs, K, N, Num, Tab, Id1, Id).

table_lookup(tab(Table, Mask, _), H, T, Acc) :-
    Slot is (H /\ Mask) + 1,
    arg(Slot, Table, Chain),
    nonvar(Chain),
    chain_acc(Chain, H, T, Acc).

table_insert(tab(Table, Mask, Accs), H, Acc) :-
    Slot is (H /\ Mask) + 1,
    arg(Slot, Table, Chain),
    (   var(Chain)
    ->  setarg(Slot, Table, [Acc])
    ;   setarg(Slot, Table, [Acc|Chain])
    ),
    arg(1, Acc, Id),
    setarg(Id, Accs, Acc).

chain_acc([Acc0|Accs], H, T, Acc) :-
    (   Acc0 = a(_, H0, T0, _, _, _, _),
        H0 == H,
        T0 == T
    ->  Acc = Acc0
    ;   chain_acc(Accs, H, T, Acc)
    ).

add_child(Acc, N, Num) :-
    arg(4, Acc, N0),
    arg(5, Acc, W0),
    N1 is N0 + N,
    W1 is W0 + Num,
    setarg(4, Acc, N1),
    setarg(5, Acc, W1).

%   merge_groups(+Groups1, +Groups2, -Groups): two chunks' groups (each in
%   standard order of State) as one; a state in both is summed and
%   keeps the first chunk's representative.
merge_groups([], Gs, Gs) :- !.
merge_groups(Gs, [], Gs) :- !.
merge_groups([K1-G1|Gs1], [K2-G2|Gs2], Gs) :-
    compare(O, K1, K2),
    merge_groups(O, K1-G1, Gs1, K2-G2, Gs2, Gs).

merge_groups(<, G1, Gs1, G2, Gs2, [G1|Gs]) :-
    merge_groups(Gs1, [G2|Gs2], Gs).
merge_groups(>, G1, Gs1, G2, Gs2, [G2|Gs]) :-
    merge_groups([G1|Gs1], Gs2, Gs).
merge_groups(=, Key-g(N1, W1, K, A2), Gs1, _-g(N2, W2, _, _), Gs2, [Key-g(N, W, K, A2)|Gs]) :-
    N is N1 + N2,
    W is W1 + W2,
    merge_groups(Gs1, Gs2, Gs).

%   entries_in_threads(+Entries, +Ctx, -Groups, -Den): chunk_job/4 on all
%   parent entries, split over up to `gdlsc_infoset_threads` threads (0,
%   the default: the number of CPUs; the host sets it from the environment
%   variable GDLSC_INFOSET_THREADS, src/base/environment.h) when there are at least `gdlsc_infoset_thread_min`
%   (default 64) entries.  The entries are cut into consecutive chunks of
%   equal length; this thread does the first chunk, one worker thread each of
%   the others, and the chunks' groups are merged in chunk order (weights
%   brought to the lcm of the chunks' denominators), so that the result is
%   that of one chunk.
:- create_prolog_flag(gdlsc_infoset_threads, 0, [type(integer), keep(true)]).   % set by the host
:- create_prolog_flag(gdlsc_infoset_thread_min, 64, [type(integer), keep(true)]).

entry_q(e(Q, N, W, _), q(Q, N, W)).

entries_in_threads(Es, Ctx, Groups, Den) :-
    maplist(entry_q, Es, Qs),
    infoset_threads(N),
    length(Qs, L),
    current_prolog_flag(gdlsc_infoset_thread_min, Min),
    (   N > 1, L >= Min
    ->  Size is (L + N - 1) // N,
        chunks(Qs, 1, Size, [1-First|Others]),
        message_queue_create(Q),
        setup_call_catcher_cleanup(
            maplist(start_worker(Q, Ctx), Others, Ids),
            ( chunk_job(First, 1, Ctx, Result0),
              collect_chunks(Ids, Q, Result0, Den-Groups) ),
            Catcher,
            end_workers(Catcher, Ids, Q))
    ;   chunk_job(Qs, 1, Ctx, Den-Groups)
    ).

infoset_threads(N) :-
    current_prolog_flag(gdlsc_infoset_threads, N0),
    (   N0 > 0
    ->  N = N0
    ;   current_prolog_flag(threads, true),
        current_prolog_flag(cpu_count, C)
    ->  N = C
    ;   N = 1
    ).

%   chunks(+Qs, +K, +Size, -Chunks): K0-Chunk, consecutive runs of Size
%   entries, K0 the index of the run's first entry.
chunks([], _, _, []) :- !.
chunks(Qs, K, Size, [K-Chunk|Chunks]) :-
    take(Size, Qs, Chunk, Rest),
    K1 is K + Size,
    chunks(Rest, K1, Size, Chunks).

take(0, Rest, [], Rest) :- !.
take(_, [], [], []) :- !.
take(N, [X|Xs], [X|Ys], Rest) :-
    N1 is N - 1,
    take(N1, Xs, Ys, Rest).

start_worker(Q, Ctx, K0-Chunk, Id) :-
    thread_create(chunk_worker(Q, Ctx, K0, Chunk), Id, []).

chunk_worker(Q, Ctx, K0, Chunk) :-
    thread_self(Me),
    (   catch(chunk_job(Chunk, K0, Ctx, Result0), E, true)
    ->  (   var(E) -> Result = ok(Result0) ; Result = error(E) )
    ;   Result = failed
    ),
    thread_send_message(Q, chunk(Me, Result)).

%   end_workers(+Catcher, +Ids, +Q): joins the workers; when this thread
%   leaves early (an error, a time limit) the workers are told to stop
%   first, so that they do not finish their chunks for nothing.
end_workers(Catcher, Ids, Q) :-
    (   Catcher == exit
    ->  true
    ;   maplist(cancel_worker, Ids)
    ),
    maplist(join_worker, Ids),
    message_queue_destroy(Q).

cancel_worker(Id) :-
    catch(thread_signal(Id, throw(gdlsc_infoset_cancelled)), _, true).

join_worker(Id) :-
    catch(thread_join(Id, _), _, true).

%   collect_chunks(+Ids, +Q, +Den0-Groups0, -Den-Groups): merges the
%   workers' results into Den0-Groups0 in the order of Ids (whatever order
%   they finish in).
collect_chunks([], _, Result, Result).
collect_chunks([Id|Ids], Q, Den0-Groups0, Result) :-
    thread_get_message(Q, chunk(Id, Msg)),
    (   Msg = ok(Den1-Groups1) -> true
    ;   Msg = error(E) -> throw(E)
    ;   throw(error(gdlsc_error(infoset_worker_failed), _))
    ),
    Den is lcm(Den0, Den1),
    rescale(Den0, Den, Groups0, GroupsA),
    rescale(Den1, Den, Groups1, GroupsB),
    merge_groups(GroupsA, GroupsB, Groups),
    collect_chunks(Ids, Q, Den-Groups, Result).

%   rescale(+Den0, +Den, +Groups0, -Groups): weights Num/Den0 as Num1/Den.
rescale(Den, Den, Groups, Groups) :- !.
rescale(Den0, Den, Groups0, Groups) :-
    F is Den // Den0,
    maplist(rescale_group(F), Groups0, Groups).

rescale_group(F, Key-g(N, W0, K, A2), Key-g(N, W, K, A2)) :-
    W is W0 * F.

