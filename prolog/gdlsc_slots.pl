/*  gdlsc_slots: a copy of the game's state rules over slot states, for random playouts
    (doc/engines.md, "Slot states"; doc/benchmarks.md).

    The generated program (module `game`, doc/architecture.md) reads a state as a sorted
    list: a ground lookup is ord_memberchk/2, linear in the state. For playouts this module
    derives, once per loaded game, a copy of every state-dependent predicate over a pair
    (L, T): L the state's fluents as a set of pairs F-I (F with its slot number I, 0 for a
    fluent no ground lookup reads; in no particular order), T a term s(_, ..., _) whose
    argument I is bound exactly when the fluent with slot number I holds. A ground lookup
    becomes a hash lookup of the fluent's slot (a fact '$f:Name'(Args..., I), indexed by
    SWI-Prolog) and one arg/3; enumerations (member(F-_, L)) and everything else are the
    rules' own code. Slots are numbered as fluents are first met, so no fluent domain is
    needed. The copy of next answers pairs: a frame rule carries the slot of the fluent it
    reads into the next state (head_args/5), so building the next slot term needs few
    lookups.

    The copy is derived mechanically from the clauses of `game` and refused (the caller
    keeps the list states) when a clause does something the rewrite does not know: the
    state variable left anywhere but in a lookup or a call of a state predicate, and not
    made for GDL-III games (knows reads whole developments). A tabled (recursive) state
    predicate is copied as a predicate tabled without the state, which reads the state from
    a global variable that slot_enter/1 sets, dropping the copy's tables, before each state
    is evaluated (doc/engines.md, "Tables without the state"); one whose recursion a static
    acyclic relation bounds is copied untabled (well_founded/1; doc/engines.md, "No table
    where the recursion ends by itself"). What the playout loop asks
    of a state (terminal, legal moves, next fluents) goes through deterministic collectors
    and a test compiled from the copy (gdlsc_collect; doc/engines.md, "Collectors and
    tests"). The test
    tests/feature/simulate/playout_slots_test.cpp plays the same seeded matches with and
    without the copy on every corpus game and requires equal counts and last states.
*/
:- module(gdlsc_slots,
          [ slot_copy/1,         % -Status: ready or none(Why)
            slot_state/2,        % +List, -SlotState
            slot_terminal/1,     % +SlotState
            slot_legal_moves/3,  % +Role, +SlotState, -Moves
            slot_next_state/3,   % +JointMove, +SlotState, -SlotState1
            slot_fluents/2,      % +SlotState, -Fluents
            slot_enter/1,        % +SlotState: about to evaluate it
            forget_slot_copy/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(ugraphs)).
:- use_module(gdlsc_collect).

% on: playouts use the copy where there is one; off: always the list states (set by the
% host from GDLSC_SLOTS, src/base/environment.h).
:- create_prolog_flag(gdlsc_slots, on, [type(atom), keep(true)]).

% copy_status(Status): the copy of the game loaded now (ready or none(Why)); absent:
% not derived yet.
:- dynamic copy_status/1.
:- dynamic slot_count/1.
% tracked(Name, Arity): fluents Name/Arity are looked up ground somewhere: they get slots.
:- dynamic tracked/2.
% tabled_copy(B): the copy of the state relation B is tabled (state_tabled/1).
:- dynamic tabled_copy/1.

%!  forget_slot_copy is det.
%   Drops the copy (a new game was loaded).
forget_slot_copy :-
    retractall(copy_status(_)),
    retractall(slot_count(_)),
    retractall(tracked(_, _)),
    retractall(tabled_copy(_)),
    forget_call_orders,
    (   current_table(gdlsc_pcopy:_, _)
    ->  abolish_module_tables(gdlsc_pcopy)
    ;   true
    ),
    % Not the tabled copies: abolishing a tabled dynamic predicate and tabling its name again
    % leaves it undefined in SWI-Prolog 9.0.4 (and erasing clauses then crashed), so each
    % derivation names its tabled copies afresh (tabled_name/2) and leaves the old ones,
    % which nothing calls any more.
    forall(( current_predicate(gdlsc_pcopy:P/A), functor(H, P, A),
             \+ predicate_property(gdlsc_pcopy:H, imported_from(_)),
             \+ predicate_property(gdlsc_pcopy:H, tabled) ),
           abolish(gdlsc_pcopy:P/A)).

%!  slot_copy(-Status) is det.
%   Derives the copy for the game loaded now, once: Status = ready, or none(Why) when
%   playouts must use list states.
slot_copy(Status) :-
    copy_status(S0),
    !,
    Status = S0.
slot_copy(Status) :-
    forget_slot_copy,
    flag(gdlsc_slot_generation, G, G + 1),
    % With signals blocked: the derivation is short (under 50 ms on every corpus game), and
    % SWI-Prolog 9.0.4 could lose a time limit delivered inside a foreign predicate
    % (nb_setarg/3, arg/3: tests/feature/limits/stress_test.cpp); the limit then ends the
    % playouts right after it.
    (   catch(sig_atomic(derive(Why)), E, (Why = error(E)))
    ->  true
    ;   Why = rewrite_failed
    ),
    (   Why == none
    ->  Status = ready
    ;   forget_slot_copy, Status = none(Why)
    ),
    assertz(copy_status(Status)).

derive(Why) :-
    (   predicate_property(game:epistemic, number_of_clauses(N)), N > 0
    ->  Why = epistemic
    ;   two_arities(B)
    ->  Why = two_arities(B)
    ;   assertz(slot_count(0)),
        findall(B-C, ( game:relation(B, _, C), C \== static ), Rels),
        forall(( member(B-_, Rels), state_tabled(B) ),
               (   well_founded(B)
               ->  copy_name(B, P), keep_call_order(P)
               ;   assertz(tabled_copy(B))
               )),
        forall(member(B-_, Rels), declare_copy(B)),
        forall(member(B-_, Rels), copy_relation(B)),
        finish_slot_dispatch,
        slot_ground_heads,
        make_collectors,
        Why = none
    ).

% state_tabled(B): the game tables the state relation B (recursive). Its copy is tabled
% without the state: '$t:B'(Args...), which reads the state (L, T) from the global variable
% '$gdlsc_slot_state'; the playout loop sets it and drops the copy's tables before it
% evaluates a state, so a table never outlives the state it was made for. (A tabled static
% relation, e.g. a recursive order on numbers, is called in `game` with its own tables.)
state_tabled(B) :-
    atom_concat('g:', B, N),
    current_predicate(game:N/A),
    functor(H, N, A),
    predicate_property(game:H, tabled),
    \+ predicate_property(game:H, imported_from(_)).

% well_founded(+B): the recursion of the state relation B ends without tables. Every call
% of B in a clause of B comes, on every path through the clause's mode switches, after a
% call s(X, Y) of one static relation s, with X the head's argument at one position I and
% Y the call's argument at I (the same s and I in every clause), s is acyclic, and B calls
% no other tabled (recursive) state relation. Then the values at I along a chain of calls
% follow a path of s (Y is bound when the call is made), so every chain is finite: chess's
% clear_row_ig walks next_file. Its copy is then a plain predicate (no table to make and
% drop for every state; chess's playouts 7x faster); any doubt keeps the table.
well_founded(B) :-
    game:relation(B, Arity, Class),
    Class \== action,
    Arity >= 1,
    atom_concat('g:', B, N),
    GA is Arity + 1,
    functor(H0, N, GA),
    findall(H0-Body, clause(game:H0, Body), Cls),
    \+ ( member(_-Body, Cls), calls_other_tabled(Body, N) ),
    findall(H-P, ( member(H-Body, Cls), limited_paths(Body, P) ), HPs0),
    \+ memberchk(_-too_many, HPs0),
    include(recursive_path(N), HPs0, HPs),
    HPs = [H1-P1|_],
    append(Before, [R|_], P1), recursive_goal(R, N), !,
    between(1, Arity, I),
    arg(I, H1, X1), arg(I, R, Y1),
    member(SG, Before), measure_goal(SG, X1, Y1, S),
    forall(member(H-P, HPs), path_decreases(P, H, N, I, S)),
    acyclic_static(S),
    !.

recursive_path(N, _-P) :- member(G, P), recursive_goal(G, N), !.

recursive_goal(G, N) :- nonvar(G), ( G = M:G1 -> M == game ; G1 = G ), callable(G1), functor(G1, N, _).

% calls_other_tabled(+Body, +N): Body calls a tabled state relation of game other than N
% (or has a goal this analysis cannot see into, a variable).
calls_other_tabled(Body, N) :-
    sub_term(G, Body),
    (   var(G) -> fail
    ;   callable(G), functor(G, GN, _), GN \== N,
        atom_concat('g:', GB, GN),
        game:relation(GB, _, C), C \== static,
        state_tabled(GB)
    ), !.

% limited_paths(+Body, -Path): the goals of one path through Body's control constructs, in
% the order they run (on backtracking, every path); too_many past 512 paths.
limited_paths(Body, P) :-
    findall(Body-P0, limit(513, body_path(Body, P0)), Ps),   % with Body: its variables
    (   length(Ps, K), K > 512
    ->  P = too_many
    ;   member(Body-P, Ps)
    ).

body_path(G, [G]) :- var(G), !.
body_path((A, B), P) :- !, body_path(A, PA), body_path(B, PB), append(PA, PB, P).
body_path((C -> T ; E), P) :- !, ( body_path(C, PC), body_path(T, PT), append(PC, PT, P) ; body_path(E, P) ).
body_path((C *-> T ; E), P) :- !, ( body_path(C, PC), body_path(T, PT), append(PC, PT, P) ; body_path(E, P) ).
body_path((A ; B), P) :- !, ( body_path(A, P) ; body_path(B, P) ).
body_path((C -> T), P) :- !, body_path(C, PC), body_path(T, PT), append(PC, PT, P).
body_path(G, [G]).

% path_decreases(+P, +H, +N, +I, +S): every recursive call in the path P (of a clause with
% head H) comes after s(X, Y) with X the head's argument at I and Y the call's; a goal
% that is no recursive call but has one inside (a negation, a meta-call) fails it.
path_decreases(P, H, N, I, S) :-
    arg(I, H, X),
    path_decreases_(P, [], X, N, I, S).

path_decreases_([], _, _, _, _, _).
path_decreases_([G|Gs], Before, X, N, I, S) :-
    (   recursive_goal(G, N)
    ->  arg(I, G, Y),
        once(( member(SG, Before), measure_goal(SG, X, Y, S0), S0 == S ))
    ;   \+ ( sub_term(G1, G), nonvar(G1), recursive_goal(G1, N) )
    ),
    path_decreases_(Gs, [G|Before], X, N, I, S).

% measure_goal(+G, +X, +Y, -S): G calls the binary static relation S as S(X, Y).
measure_goal(G0, X, Y, S) :-
    nonvar(G0),
    ( G0 = M:G -> M == game ; G = G0 ),
    compound(G), compound_name_arguments(G, SN, [A, B]),
    A == X, B == Y,
    atom_concat('g:', S, SN),
    game:relation(S, 2, static).

% acyclic_static(+S): the static relation S (all its answers found within the limits) has
% no cycle.
acyclic_static(S) :-
    atom_concat('g:', S, SN),
    G =.. [SN, A, B],
    catch(call_with_inference_limit(findall(A-B, limit(100001, game:G), Es), 5000000, R), _, fail),
    R \== inference_limit_exceeded,
    length(Es, K), K =< 100000,
    ground(Es),
    findall(V, ( member(X-Y, Es), ( V = X ; V = Y ) ), Vs0),
    sort(Vs0, Vs),
    sort(Es, Es1),
    vertices_edges_to_ugraph(Vs, Es1, Gr),
    top_sort(Gr, _).

% two_arities(-B): the state relation B is used with two arities (an accepted deviation:
% two relations, doc/validation.md). The copy names a relation by its name alone ('$p:B'),
% so it would copy one of them only and the other would fail: no copy for such a game.
two_arities(B) :-
    game:relation(B, A1, C1), C1 \== static,
    game:relation(B, A2, C2), C2 \== static, A1 < A2,
    !.

%!  state_tables is semidet.
%   The copy has tabled state predicates (see state_tabled/1).
state_tables :- tabled_copy(_), !.

% Every copied predicate exists (a relation without rules fails rather than raising). A
% tabled one is a wrapper '$p:B'(Args..., L, T) :- '$t:B'(Args...) around its tabled copy.
declare_copy(B) :-
    game:relation(B, Arity, Class),
    copy_arity(Class, Arity, CA),
    copy_name(B, P),
    dynamic(gdlsc_pcopy:P/CA),
    (   tabled_copy(B)
    ->  TA is CA - 2,
        tabled_name(B, TP),
        table(gdlsc_pcopy:TP/TA),
        functor(W, P, CA), W =.. [_|WArgs], append(TArgs, [_, _], WArgs), TG =.. [TP|TArgs],
        assertz(gdlsc_pcopy:(W :- TG))
    ;   true
    ).

tabled_name(B, P) :- flag(gdlsc_slot_generation, G, G), format(atom(P), '$t~w:~w', [G, B]).

copy_arity(action, Arity, CA) :- !, CA is Arity + 3.   % Args, A, L, T
copy_arity(_, Arity, CA) :- CA is Arity + 2.           % Args, L, T

copy_name(B, P) :- atom_concat('$p:', B, P).

copy_relation(B) :-
    game:relation(B, Arity, Class),
    atom_concat('g:', B, G),
    ( Class == action -> GA is Arity + 2 ; GA is Arity + 1 ),
    functor(H, G, GA),
    (   predicate_property(game:H, number_of_clauses(_))
    ->  forall(clause(game:H, Body), copy_clause(B, H, Body))
    ;   true
    ).

copy_clause(B, H, Body) :-
    H =.. [_|Args],
    append(Args0, [S], Args),
    copy_name(B, P),
    rewrite(Body, S, L, T, Body1),
    head_args(B, Args0, Body1, L, Args00),
    append(Args00, [L, T], Args1),
    H1 =.. [P|Args1],
    (   occurs_var(S, Body1)
    ->  throw(state_left(B))
    ;   tabled_copy(B)
    ->  tabled_name(B, TP),
        TH =.. [TP|Args00],
        assertz(gdlsc_pcopy:(TH :- nb_getval('$gdlsc_slot_state', st(L, T)), Body1))
    ;   assertz(gdlsc_pcopy:(H1 :- Body1))
    ).

occurs_var(V, Term) :- sub_term(X, Term), X == V, !.

% head_args(+B, +Args0, +Body1, +L, -Args): the copy's head arguments (but the state). The
% copy of next answers F-I, the fluent F with its slot I where the clause reads F itself in
% the state (a member of L, a slot lookup: a frame rule; every such read, in whichever
% branch of a mode switch, gives I), else I unbound (slot_next_state/3 looks it up, or
% slot_ground_heads/0 fills it in for a ground F): most fluents of a next state are
% carried over, their slots with them.
head_args(next, [F|Args], Body1, L, [F-I|Args]) :- !,
    unify_reads(Body1, L, F, I).
head_args(_, Args, _, _, Args).

% unify_reads(+G, +L, +F, ?I): the slot variable of every read of F in G is I.
unify_reads(G, _, _, _) :- var(G), !.
unify_reads(G, L, F, I) :-
    (   state_read(G, L, F0, I0), F0 == F
    ->  I0 = I
    ;   compound(G)
    ->  compound_name_arguments(G, _, As),
        maplist(unify_reads_in(L, F, I), As)
    ;   true
    ).

unify_reads_in(L, F, I, G) :- unify_reads(G, L, F, I).

% state_read(+G, +L, -F, -I): G reads the fluent F, of slot I, in the slot state (L, _)
% (binds nothing of G).
state_read(G, L, F, I) :-
    compound(G), G = M:MG, M == lists,
    compound(MG), compound_name_arguments(MG, member, [P, L0]), L0 == L,
    compound(P), compound_name_arguments(P, -, [F, I]).
state_read(G, _, F, I) :-
    compound(G), compound_name_arguments(G, ',', [C, R]),
    compound(C), compound_name_arguments(C, ->, [SG0, True]), True == true,
    compound(R), compound_name_arguments(R, ',', [A, _]),
    compound(A), compound_name_arguments(A, arg, [I0, _, _]),
    compound(SG0), SG0 = M:SG, M == gdlsc_pcopy,
    compound(SG), compound_name_arguments(SG, N, SArgs),
    atom_concat('$f:', Name, N),
    last(SArgs, I), I == I0,
    append(FArgs, [_], SArgs),
    F =.. [Name|FArgs].

% rewrite(+Goal, +S, +L, +T, -Goal1): Goal of a clause of `game` with state variable S,
% over the slot state (L, T). Calls of `game` predicates are module-qualified.
rewrite(G, _, _, _, G) :- var(G), !.
rewrite((A, B), S, L, T, (A1, B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite((A ; B), S, L, T, (A1 ; B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite((A -> B), S, L, T, (A1 -> B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite((A *-> B), S, L, T, (A1 *-> B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite(\+ A, S, L, T, \+ A1) :- !, rewrite(A, S, L, T, A1).
rewrite(M:G, S, L, T, G1) :- atom(M), !, rewrite_qualified(M, G, S, L, T, G1).
rewrite(G, S, L, T, G1) :- rewrite_qualified(game, G, S, L, T, G1).

rewrite_qualified(_, G, S, L, T, G1) :-
    ( G = ord_memberchk(F, S0) ; G = memberchk(F, S0) ), S0 == S, !,
    (   var(F)                      % a fluent bound (ground) at run time (true(?x)): the list
    ->  G1 = lists:memberchk(F-_, L)
    ;   lookup(F, T, G1)
    ).
rewrite_qualified(_, member(F, S0), S, L, _, lists:member(F-_, L)) :- S0 == S, !.
rewrite_qualified(_, G, S, L, T, gdlsc_pcopy:G1) :-
    compound(G), compound_name_arguments(G, N, Args),
    atom_concat('g:', B, N), game:relation(B, _, Class), Class \== static,
    last(Args, S0), S0 == S, !,
    append(Args0, [_], Args),
    copy_name(B, P),
    append(Args0, [L, T], Args1),
    G1 =.. [P|Args1].
rewrite_qualified(M, G, _, _, _, G1) :-
    (   callable(G), M == game, predicate_property(game:G, number_of_clauses(_)),
        \+ predicate_property(game:G, imported_from(_))
    ->  G1 = game:G                 % a predicate of the game (static relations, role_index)
    ;   M == game
    ->  G1 = G                      % a built-in or library predicate
    ;   G1 = M:G
    ).

% A ground lookup of F in (_, T): its slot's argument of T is bound. The slot fact is
% '$f:Name'(Args..., I); a fluent without a slot holds in no state built so far. A
% conjunction, not a bare if-then, so that it means the same as the first branch of a
% disjunction (( C -> G ) ; E would be an if-then-else).
lookup(F, T, ((SlotGoal -> true), arg(I, T, X), nonvar(X))) :-
    compound(F), !,
    compound_name_arguments(F, N, Args),
    length(Args, A),
    track(N, A),
    atom_concat('$f:', N, FN),
    append(Args, [I], Args1),
    SG =.. [FN|Args1],
    SlotGoal = gdlsc_pcopy:SG.
lookup(F, T, ((SlotGoal -> true), arg(I, T, X), nonvar(X))) :-
    atom(F), !,
    track(F, 0),
    atom_concat('$f:', F, FN),
    SG =.. [FN, I],
    SlotGoal = gdlsc_pcopy:SG.
lookup(F, _, _) :- throw(lookup_not_callable(F)).

track(N, A) :-
    (   tracked(N, A)
    ->  true
    ;   assertz(tracked(N, A)),
        atom_concat('$f:', N, FN), A1 is A + 1,
        dynamic(gdlsc_pcopy:FN/A1)
    ).

% slot_ground_heads: a clause of the copy of next whose fluent F is ground and whose slot
% the body does not give (head_args/5) gets F's slot now (0 for a fluent no lookup reads).
slot_ground_heads :-
    functor(H, '$p:next', 4),
    (   \+ tabled_copy(next),
        predicate_property(gdlsc_pcopy:H, number_of_clauses(_))
    ->  findall(H-B, clause(gdlsc_pcopy:H, B), Cls),
        retractall(gdlsc_pcopy:H),
        forall(member(H1-B1, Cls),
               ( arg(1, H1, F-I),
                 (   var(I), ground(F)
                 ->  ensure_slot(F), gdlsc_pcopy:'$slot'(F, I)
                 ;   true
                 ),
                 assertz(gdlsc_pcopy:(H1 :- B1)) ))
    ;   true
    ).

% '$slot'(+Fluent, -I): I > 0 its slot, -1 a tracked fluent without one yet, 0 a fluent no
% ground lookup reads (no slot needed).
finish_slot_dispatch :-
    dynamic(gdlsc_pcopy:'$slot'/2),
    forall(tracked(N, A),
           ( functor(F, N, A), F =.. [_|Args], atom_concat('$f:', N, FN),
             append(Args, [I], Args1), SG =.. [FN|Args1],
             assertz(gdlsc_pcopy:('$slot'(F, I) :- !, ( SG -> true ; I = -1 ))) )),
    assertz(gdlsc_pcopy:'$slot'(_, 0)).

%!  slot_state(+Fluents, -SlotState) is det.
%   The slot state st(L, T) of a list of fluents (slots for new fluents numbered here): L
%   the set of pairs F-I, each fluent with its slot (0: a fluent no lookup reads), in no
%   particular order; T the slot term.
slot_state(Fs, S) :-
    maplist(unslotted, Fs, Ps),
    pairs_state(Ps, S).

unslotted(F, F-_).

% pairs_state(+Pairs, -SlotState): the slot state of pairs F-I in any order, with
% repetitions; an unbound I is F's slot, looked up (or numbered) here.
%   The pairs of fluents with a slot are made a set by the slot term (a pair whose slot
%   argument is bound already is a repetition), those without one (few) by sort/2: L is
%   a set, in no particular order.
pairs_state(Ps0, St) :-
    slot_count(C0),
    C is max(C0, 1),
    functor(T, s, C),
    (   fill(Ps0, T, L, Tail, Us0)          % fails on a fluent without a slot yet
    ->  ( Us0 == [] -> Tail = [] ; sort(Us0, Tail) ),
        St = st(L, T)
    ;   number_slots(Ps0),
        pairs_state(Ps0, St)
    ).

% number_slots(+Pairs): every fluent of Pairs that needs a slot has one.
number_slots([]).
number_slots([F-I|Ps]) :-
    (   var(I) -> ensure_slot(F) ; true ),
    number_slots(Ps).

% fill(+Pairs, +T, -L, ?Tail, -Untracked): L the pairs with a slot, each once (their slot
% arguments of T bound), up to Tail; Untracked the others. An unbound slot is looked up
% here; fails when a fluent has none yet.
fill([], _, L, L, []).
fill([P|Ps], T, L, Tail, Us) :-
    P = F-I,
    (   var(I)
    ->  gdlsc_pcopy:'$slot'(F, I),
        I >= 0
    ;   true
    ),
    (   arg(I, T, X)                    % fails for I = 0
    ->  (   var(X)
        ->  X = 1, L = [P|L1]
        ;   L = L1
        ),
        fill(Ps, T, L1, Tail, Us)
    ;   Us = [P|Us1],
        fill(Ps, T, L, Tail, Us1)
    ).

%!  slot_fluents(+SlotState, -Fluents) is det.
%   The sorted fluent list of a slot state.
slot_fluents(st(L, _), Fs) :- pairs_keys(L, Fs0), sort(Fs0, Fs).

% ensure_slot(+F): the tracked fluent F has a slot.
ensure_slot(F) :-
    gdlsc_pcopy:'$slot'(F, I),
    (   I =:= -1
    ->  new_slot(F, _)
    ;   true
    ).

new_slot(F, C) :-
    retract(slot_count(C0)), C is C0 + 1, assertz(slot_count(C)),
    F =.. [N|Args], atom_concat('$f:', N, FN), append(Args, [C], Args1),
    Fact =.. [FN|Args1],
    assertz(gdlsc_pcopy:Fact).

%!  slot_enter(+SlotState) is det.
%   Called before a state is evaluated: where the copy has tabled state predicates, their
%   tables (made for the state before) are dropped and the state is made the one they read.
slot_enter(St) :-
    (   state_tables
    ->  abolish_module_tables(gdlsc_pcopy),
        nb_setval('$gdlsc_slot_state', St)
    ;   true
    ).

%!  slot_terminal(+SlotState) is semidet.
slot_terminal(st(L, T)) :- gdlsc_pcopy:'$c:terminal'(L, T), !.


% The collectors of legal moves and next fluents (gdlsc_collect): what the playout loop asks.
make_collectors :-
    forget_collectors,
    make_test('$p:terminal', 2, '$c:terminal'),
    make_collector('$p:legal', 4, 2, '$c:legal'),
    make_collector('$p:next', 4, 1, '$c:next'),
    fold_ground_lookups.

% fold_ground_lookups: in the collectors and tests (predicates '$c...'), a slot lookup of a
% fluent that is ground in the code (the diagonals of tic-tac-toe once line(x) is inlined)
% is given its slot now: the lookup goal becomes `true` and its slot variable the number,
% so the code reads the slot term directly. A fluent without a slot gets one here; that it
% holds in no state built so far stays true (its argument of every slot term is unbound).
fold_ground_lookups :-
    forall(( current_predicate(gdlsc_pcopy:P/A), sub_atom(P, 0, _, _, '$c'),
             functor(H, P, A),
             predicate_property(gdlsc_pcopy:H, number_of_rules(R)), R > 0 ),
           fold_predicate(H)).

fold_predicate(H) :-
    findall(H-B, clause(gdlsc_pcopy:H, B), Cls),
    (   member(_-B, Cls), sub_term(G, B), ground_lookup(G, _)
    ->  retractall(gdlsc_pcopy:H),
        forall(member(H1-B1, Cls),
               ( fold_lookups(B1, B2), simplify_goal(B2, B3),
                 assertz(gdlsc_pcopy:(H1 :- B3)) ))
    ;   true
    ).

% ground_lookup(+G, -F): G is the slot fact goal of the ground fluent F, its slot unbound.
ground_lookup(G, F) :-
    compound(G),
    compound_name_arguments(G, N, Args),
    atom_concat('$f:', Name, N),
    append(FArgs, [I], Args),
    var(I),
    ground(FArgs),
    F =.. [Name|FArgs].

fold_lookups(X, X) :- var(X), !.
fold_lookups(M:G, true) :- M == gdlsc_pcopy, ground_lookup(G, F), !, fold_slot(G, F).
fold_lookups(G, true) :- ground_lookup(G, F), !, fold_slot(G, F).
fold_lookups(X, Y) :-
    compound(X), !,
    compound_name_arguments(X, N, As),
    maplist(fold_lookups, As, Bs),
    compound_name_arguments(Y, N, Bs).
fold_lookups(X, X).

fold_slot(G, F) :-
    ensure_slot(F),
    gdlsc_pcopy:'$slot'(F, I),
    I > 0,
    arg(_, G, I0), var(I0), !,          % the last argument, the only unbound one
    I0 = I.

% simplify_goal(+G0, -G): G0 with the `true` conditions and conjuncts fold_lookups/2 left
% taken out (only control constructs are entered).
simplify_goal(G, G) :- var(G), !.
simplify_goal((A, B), G) :- !,
    simplify_goal(A, A1), simplify_goal(B, B1),
    (   A1 == true -> G = B1
    ;   B1 == true -> G = A1
    ;   G = (A1, B1)
    ).
simplify_goal((C -> T ; E), G) :- !,
    simplify_goal(C, C1),
    (   C1 == true
    ->  simplify_goal(T, G)
    ;   simplify_goal(T, T1), simplify_goal(E, E1), G = (C1 -> T1 ; E1)
    ).
simplify_goal((C *-> T ; E), (C1 *-> T1 ; E1)) :- !,
    simplify_goal(C, C1), simplify_goal(T, T1), simplify_goal(E, E1).
simplify_goal((A ; B), (A1 ; B1)) :- !, simplify_goal(A, A1), simplify_goal(B, B1).
simplify_goal((C -> T), G) :- !,
    simplify_goal(C, C1),
    simplify_goal(T, T1),
    ( C1 == true -> G = T1 ; G = (C1 -> T1) ).
simplify_goal(\+ A, \+ A1) :- !, simplify_goal(A, A1).
simplify_goal(findall(X, A, L), findall(X, A1, L)) :- !, simplify_goal(A, A1).
simplify_goal(findall(X, A, L, L0), findall(X, A1, L, L0)) :- !, simplify_goal(A, A1).
simplify_goal(G, G).

%!  slot_legal_moves(+Role, +SlotState, -Moves:list) is det.
%   Every legal move of Role (unsorted, possibly repeated: the caller sorts).
slot_legal_moves(R, st(L, T), Ms) :- gdlsc_pcopy:'$c:legal'(R, L, T, [], Ms).

%!  slot_next_state(+JointMove, +SlotState, -SlotState1) is det.
%   The successor slot state.
slot_next_state(A, st(L, T), S1) :-
    gdlsc_pcopy:'$c:next'(A, L, T, [], Ps),
    pairs_state(Ps, S1).

