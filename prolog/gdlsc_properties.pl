/*  gdlsc_properties -- knowledge properties proved over every development
    up to a depth (`gdlsc prove --depth N`): legal-, terminal- and
    goal-knowledge, perfect information (Thielscher 2010, Propositions 2-4)
    and "always F" for a query formula F, each with a counterexample (two
    developments the role cannot tell apart) when it fails.  The whole-game
    proofs (the lockstep fixpoint, k-induction) are made in C++
    (src/ground/lockstep.h, src/smt/two_copy.h).
*/
:- module(gdlsc_properties,
          [ prove_property/4,       % +Property, +Depth, +Options, -Result
            development_percepts/3, % +Role, +JointMoves, -PerceptsPerStep
            prove_report/10
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).
:- use_module(gdlsc_knows, [holds_at/2]).

:- multifile gdlsc_developments:memo_reset/0.
gdlsc_developments:memo_reset :-
    retractall(sid_(_, _, _)),
    retractall(state_(_, _)),
    retractall(strans_(_, _)),
    retractall(rep_(_, _, _)),
    retractall(sig_(_, _, _, _)).

%   prove_by_depth(+Check, +D, +Max, +Ids, +Options, -Result): the developments
%   of depth D..Max, breadth first (the nodes Ids are every development of
%   depth D): Result is the first refutation call(Check, D, Ids, Refuted)
%   finds at some depth, else holds (at Max, or when every development ended).
prove_by_depth(Check, D, Max, Ids, Options, Result) :-
    (   call(Check, D, Ids, Refuted)
    ->  Result = Refuted
    ;   D >= Max
    ->  Result = holds
    ;   next_developments(D, Ids, Options, Ids1),
        (   Ids1 == []
        ->  Result = holds              % every development ended: no deeper one
        ;   D1 is D + 1,
            prove_by_depth(Check, D1, Max, Ids1, Options, Result)
        )
    ).

%   devs_refuted(+Prop, +D, +Ids, -Refuted): prove_property/4's built-in
%   properties at the developments Ids of depth D: an information set of some
%   agent whose developments differ in the property's signature.
devs_refuted(Prop, D, Ids, refuted(R, D, Actual, Alt)) :-
    findall(R0, agent(R0), Rs),
    member(R, Rs),
    member(Id, Ids),
    node_cell(R, Id, Cell),
    dev_violation(Prop, R, Id, Cell, Other), !,
    node_moves(Id, Actual),
    node_moves(Other, Alt).

%   next_developments(+D, +Ids, +Options, -Ids1): the developments of depth
%   D+1, the children of the non-terminal nodes Ids (of depth D); Options
%   max_classes(N) (a limit error beyond N) and progress(true) (one line on
%   user_error).
next_developments(D, Ids, Options, Ids1) :-
    statistics(cputime, T0),
    level_children(Ids, Ids1),
    length(Ids1, N),
    (   option(max_classes(MaxN), Options), N > MaxN
    ->  throw(error(gdlsc_error(limit(classes(N, MaxN))),
                    context(prove_property/4, 'too many developments')))
    ;   true
    ),
    statistics(cputime, T1),
    T is T1 - T0,
    (   option(progress(true), Options)
    ->  D1 is D + 1,
        format(user_error, "prove: depth ~d: ~d developments (~3f s)~n", [D1, N, T])
    ;   true
    ).

dev_violation(perfect_information, _, Id, Cell, Other) :- !,
    member(Other, Cell),
    Other \== Id, !.
dev_violation(Prop, R, Id, Cell, Other) :-
    node_(Id, _, _, S),
    signature(Prop, R, S, V),
    V \== skip,
    member(Other, Cell),
    Other \== Id,
    node_(Other, _, _, SO),
    signature(Prop, R, SO, VO),
    VO \== skip,
    VO \== V, !.


%   ---- exhaustive properties (Propositions 2 and 3, formulas) ----------------

%!  prove_property(+Property, +MaxDepth, +Options, -Result) is det.
%
%   Property is legal_knowledge, terminal_knowledge, goal_knowledge,
%   perfect_information (every information set is a single development:
%   Thielscher 2010, Theorem 4) or formula(F).  Checks every development of length 0..MaxDepth, exactly.
%   Result is `holds` or refuted(Role, Depth, ActualMoves, AlternativeMoves)
%   (Role = none for a formula that is not a knows formula).
%
%   Built-in properties: per agent R, the developments of depth d are kept
%   as classes m(Obs, State, RevMoves, Count) -- the developments with R's
%   observation Obs ending in State (one representative kept).  The classes
%   with the same Obs form R's information set; the classes of depth d+1
%   are the successors of those of depth d, so the partition at d+1 refines
%   the partition at d extended by moves and percepts.  Successors of a
%   state are computed once for all agents (trans_/3).
%   Options: progress(Bool) prints per depth classes, cells and seconds on
%   user_error; max_classes(N) throws gdlsc_error(limit(...)) beyond N.
prove_property(formula(F), Max, Options, Result) :- !,
    root_node(Root),
    prove_by_depth(formula_refuted(F), 0, Max, [Root], Options, Result).
prove_property(Prop, Max, Options, Result) :-
    epistemic_game, !,
    must_be(oneof([legal_knowledge, terminal_knowledge, goal_knowledge,
                   perfect_information]), Prop),
    root_node(Root),
    prove_by_depth(devs_refuted(Prop), 0, Max, [Root], Options, Result).
prove_property(Prop, Max, Options, Result) :-
    must_be(oneof([legal_knowledge, terminal_knowledge, goal_knowledge,
                   perfect_information]), Prop),
    findall(R, agent(R), Rs),
    init_state(S0),
    state_id(S0, SId0),
    retractall(rep_(_, _, _)),
    flag(gdlsc_knowledge_rep, _, 1),
    findall(R-[m(0, SId0, 0, 1, none)], member(R, Rs), Levels),
    prove_levels(Prop, 0, Max, Levels, Options, Result).

%   Classes are m(Obs, StateId, RepId, Count, Rep2Id): integers only, so that
%   a level of millions of developments fits in memory.  States are interned
%   (state_/2, sid_/3) with their transitions (strans_/2); representative
%   developments are rep_(Id, ParentRep, JointMove) chains.
:- dynamic sid_/3, state_/2, strans_/2, rep_/3, sig_/4.

state_id(S, Id) :-
    term_hash(S, H),
    (   sid_(H, S0, Id0), S0 == S
    ->  Id = Id0
    ;   flag(gdlsc_knowledge_state, Id, Id + 1),
        assertz(sid_(H, S, Id)),
        assertz(state_(Id, S))
    ).

rep_moves(Id, Moves) :-
    rep_moves(Id, [], Moves).
rep_moves(0, Acc, Acc) :- !.
rep_moves(Id, Acc, Moves) :-
    rep_(Id, P, A),
    rep_moves(P, [A|Acc], Moves).

new_rep(r(P, A), Id) :-
    flag(gdlsc_knowledge_rep, Id, Id + 1),
    assertz(rep_(Id, P, A)).

prove_levels(Prop, D, Max, Levels, Options, Result) :-
    statistics(cputime, T0),
    (   member(R-Ms, Levels),
        check_level(Prop, R, Ms, Cex)
    ->  Cex = cex(Rep1, Rep2),
        rep_moves(Rep1, ActualMoves),
        rep_moves(Rep2, AltMoves),
        Result = refuted(R, D, ActualMoves, AltMoves)
    ;   D >= Max
    ->  Result = holds
    ;   D1 is D + 1,
        maplist(expand_level, Levels, Levels1),
        level_limit(Levels1, Options),
        statistics(cputime, T1),
        T is T1 - T0,
        progress(Options, D1, Levels1, T),
        garbage_collect,
        prove_levels(Prop, D1, Max, Levels1, Options, Result)
    ).

level_limit(Levels, Options) :-
    (   option(max_classes(Max), Options)
    ->  foldl([_-Ms, A0, A]>>(length(Ms, L), A is A0 + L), Levels, 0, N),
        (   N > Max
        ->  throw(error(gdlsc_error(limit(classes(N, Max))),
                        context(prove_property/4, 'too many development classes')))
        ;   true
        )
    ;   true
    ).

progress(Options, D, Levels, T) :-
    (   option(progress(true), Options)
    ->  forall(member(R-Ms, Levels),
               ( foldl([m(_, _, _, C, _), A0, A]>>(A is A0 + C), Ms, 0, Devs),
                 length(Ms, NC),
                 maplist([m(O, _, _, _, _), O]>>true, Ms, Os0),
                 sort(Os0, Os), length(Os, NCells),
                 format(user_error,
                        "prove: depth ~d, ~w: ~d developments, ~d classes, ~d information sets (~3f s)~n",
                        [D, R, Devs, NC, NCells, T]) ))
    ;   true
    ).

%   expand_level(+R-Classes, -R-Classes1): the classes of the next depth.
%   Classes of different observations never merge (a child's observation
%   determines its parent's), so the work is done one information set (one
%   run of classes with the same Obs) at a time: memory stays bounded by the
%   output and the largest cell.
expand_level(R-Ms, R-Ms1) :-
    role_position(R, I),
    cells_expand(Ms, R, I, Ms1, []).

cells_expand([], _, _, Out, Out).
cells_expand([m(O, S, Rep, C, Rep2)|Ms], R, I, Out0, Out) :-
    take_cell(Ms, O, Cell, Rest),
    findall((O1-T)-(r(Rep1, A)-C1),
            ( member(m(_, SId, Rep1, C1, _), [m(O, S, Rep, C, Rep2)|Cell]),
              state_transitions(SId, Ts),
              member(t(A, T, Perc), Ts),
              memberchk(R-Ps, Perc),
              arg(I, A, M),
              obs_intern(R, O, M, Ps, O1)
            ),
            Pairs),
    keysort(Pairs, Sorted),
    merge_classes(Sorted, Out0, Out1),
    cells_expand(Rest, R, I, Out1, Out).

take_cell([m(O1, S, Rep, C, Rep2)|Ms], O, [m(O1, S, Rep, C, Rep2)|Cell], Rest) :-
    O1 == O, !,
    take_cell(Ms, O, Cell, Rest).
take_cell(Ms, _, [], Ms).

merge_classes([], Out, Out).
merge_classes([K-(R1-C)|Ps], [m(O, T, Rep, CT, Rep2)|Ms], Out) :-
    K = O-T,
    merge_class(K, Ps, C, CT, none, Second, Rest),
    new_rep(R1, Rep),
    (   Second == none -> Rep2 = none ; new_rep(Second, Rep2) ),
    merge_classes(Rest, Ms, Out).

%   merge_class(+Key, +Pairs, +C0, -C, +Second0, -Second, -Rest): sums the
%   counts of the classes with Key; Second is another development of the
%   class (for counterexamples to perfect_information), or none.
merge_class(K, [K1-(R1-C1)|Ps], C0, C, S0, S, Rest) :-
    K1 == K, !,
    C2 is C0 + C1,
    ( S0 == none -> S1 = R1 ; S1 = S0 ),
    merge_class(K, Ps, C2, C, S1, S, Rest).
merge_class(_, Rest, C, C, S, S, Rest).

%   state_transitions(+SId, -Ts): every legal joint move in state SId with its
%   successor's id and every agent's percepts ([] for a terminal state),
%   computed once per state.
state_transitions(SId, Ts) :-
    (   strans_(SId, Ts0)
    ->  Ts = Ts0
    ;   state_(SId, S),
        (   terminal(S)
        ->  Ts = []
        ;   findall(R, agent(R), Rs),
            joint_moves(S, As),
            findall(t(A, T, Perc),
                    ( member(A, As),
                      next_state(A, S, TS),
                      state_id(TS, T),
                      findall(R-Ps, ( member(R, Rs), percepts(R, A, S, Ps) ), Perc)
                    ),
                    Ts)
        ),
        assertz(strans_(SId, Ts))
    ).

%   check_level(+Prop, +R, +Classes, -cex(Rep1, Rep2)) is semidet:
%   succeeds with a counterexample if some information set of R violates Prop.
check_level(perfect_information, _, Ms, cex(Rep1, Rep2)) :- !,
    (   member(m(_, _, Rep1, C, Rep2), Ms), C > 1, Rep2 \== none
    ->  true
    ;   append(_, [m(O1, _, Rep1, _, _), m(O2, _, Rep2, _, _)|_], Ms),
        O1 == O2
    ), !.
check_level(Prop, R, Ms, cex(Rep1, Rep2)) :-
    check_cells(Ms, Prop, R, Rep1, Rep2).

check_cells([m(O, S, Rep, C, Rep2)|Ms], Prop, R, Rep1, Rep2x) :-
    take_cell(Ms, O, Cell, Rest),
    (   Cell \== [],
        findall(sig(V, Rp), ( member(m(_, SId, Rp, _, _), [m(O, S, Rep, C, Rep2)|Cell]),
                              state_signature(Prop, R, SId, V), V \== skip ), Sigs),
        Sigs = [sig(X, Rep1)|Others],
        member(sig(Y, Rep2x), Others),
        X \== Y
    ->  true
    ;   check_cells(Rest, Prop, R, Rep1, Rep2x)
    ).

%   state_signature(+Prop, +R, +SId, -V): signature/4 of state SId, computed
%   once per (property, role, state): many classes share a state.
state_signature(Prop, R, SId, V) :-
    (   sig_(SId, Prop, R, V0)
    ->  V = V0
    ;   state_(SId, St),
        signature(Prop, R, St, V0),
        assertz(sig_(SId, Prop, R, V0)),
        V = V0
    ).

%   signature(+Prop, +R, +State, -V): what R must know in State; skip when
%   the state does not take part (legal moves in a terminal state, goals in
%   a running one).
signature(legal_knowledge, R, S, V) :-
    (   terminal(S)
    ->  V = skip
    ;   findall(M, legal_move(R, M, S), Ms0), sort(Ms0, V)
    ).
signature(terminal_knowledge, _, S, V) :-
    ( terminal(S) -> V = terminal ; V = running ).
signature(goal_knowledge, R, S, V) :-
    (   terminal(S)
    ->  findall(G, goal(R, G, S), Gs0), sort(Gs0, V)
    ;   V = skip
    ).

%   formula_refuted(+F, +D, +Ids, -Refuted): F fails at a development of Ids.
formula_refuted(F, D, Ids, refuted(Role, D, Moves, Alt)) :-
    member(Id, Ids),
    \+ holds_at(F, Id), !,
    node_moves(Id, Moves),
    formula_alternative(F, Id, Role, Alt).

%   formula_alternative(+F, +Id, -Role, -AltMoves): F fails at Id; when it
%   fails because of a (knows R G) -- at top level, in a disjunction or a
%   conjunction -- a development R cannot tell from Id in which G fails.
formula_alternative(F, Id, R, Alt) :-
    knows_witness(F, Id, R, Alt), !.
formula_alternative(_, _, none, []).

knows_witness(knows(R, G), Id, R, Alt) :-
    atom(R),
    node_cell(R, Id, Ids0),
    exclude(==(Id), Ids0, Others),
    append(Others, [Id], Ids),          % another development first, if any
    member(W, Ids),
    \+ holds_at(G, W), !,
    node_moves(W, Alt).
knows_witness(or(Fs), Id, R, Alt) :-
    member(F, Fs),
    knows_witness(F, Id, R, Alt).
knows_witness(and(Fs), Id, R, Alt) :-
    member(F, Fs),
    \+ holds_at(F, Id),
    knows_witness(F, Id, R, Alt).

%!  development_percepts(+Role, +JointMoves, -Percepts) is det.
%
%   Role's percept set after each joint move of the development JointMoves.
development_percepts(R, Moves, Percepts) :-
    epistemic_game, !,
    root_node(Id0),
    foldl(node_percepts(R), Moves, Id0-[], _-Rev),
    reverse(Rev, Percepts).
development_percepts(R, Moves, Percepts) :-
    init_state(S0),
    foldl([A, S-Ps0, S1-[Ps|Ps0]]>>( percepts(R, A, S, Ps), next_state(A, S, S1) ),
          Moves, S0-[], _-Rev),
    reverse(Rev, Percepts).

node_percepts(R, A, Id-Ps0, C-[Ps|Ps0]) :-
    node_(Id, _, _, S),
    percepts(R, A, S, Ps),
    node_child(Id, A, S, C).


%!  prove_report(+Property, +Depth, +Progress, -Holds, -Role, -At, -Actual, -Alt, -ActualPs, -AltPs) is det.
%
%   prove_property/4 for the C++ side: Holds is true/false; on false the
%   counterexample with Role's percepts along both developments.
prove_report(Prop, Depth0, Progress, Holds, Role, At, Actual, Alt, ActualPs, AltPs) :-
    knowledge_reset,
    (   integer(Depth0) -> Depth = Depth0 ; atom_number(Depth0, Depth) ),
    prove_property(Prop, Depth, [progress(Progress)], Result),
    (   Result == holds
    ->  Holds = true, Role = none, At = Depth,
        Actual = [], Alt = [], ActualPs = [], AltPs = []
    ;   Result = refuted(Role, At, Actual, Alt),
        Holds = false,
        (   Role == none
        ->  ActualPs = [], AltPs = []
        ;   development_percepts(Role, Actual, ActualPs),
            development_percepts(Role, Alt, AltPs)
        )
    ).

