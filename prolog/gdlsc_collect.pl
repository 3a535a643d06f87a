/*  gdlsc_collect: set-at-a-time collectors over the slot copy, for random playouts
    (doc/engines.md, "Collectors"; doc/benchmarks.md).

    A playout asks two questions of a state in "all answers" form: every next fluent, and
    every legal move of a role. Asked as findall/3 over the copy's rules, each answer costs a
    choice point, a backtrack into member/2 and a copy into the findall bag (about 0.2 us in
    SWI-Prolog 9.0.4: two thirds of a tic-tac-toe `next`). A collector answers the same
    question with deterministic code: it threads an accumulator through the clauses, turns
    every enumeration of the state (member/2 over L) into a loop predicate that visits each
    fluent once, and every goal that binds nothing the rest of the clause reads into a test
    (Goal -> Rest ; skip). The answers are the same set (order and duplicates differ; the
    callers sort).

    The compilation follows a two-valued binding analysis of each clause (a variable is
    ground or still free; GDL rules give ground answers), which decides the emitted mode
    switches of `game` ((nonvar(X), ground(X) -> Then ; Else)) statically. What it does not
    know (a goal whose bindings it cannot tell, an unknown construct) it leaves to findall/4
    over the rest of the clause, so a collector is never wrong, only slower there. Goals of
    static relations (module `game`) whose arguments are all still free are evaluated once,
    when the collector is made, into a constant list of answers.

    The tests of the copy (terminal: does some proof exist) are gdlsc_collect_test's, the
    binding analysis gdlsc_collect_binding's, the join order gdlsc_collect_order's and the
    static relations gdlsc_collect_static's.

    The test tests/feature/simulate/playout_slots_test.cpp plays every corpus game with and
    without the slot copy (and so with and without collectors) and requires the same
    matches; a clause dropped from the copy reaches the collectors (the test seam
    drop_copy_clause/2 of tests/support/gdlsc_slots_testing.pl makes them again) and is caught there.
*/
:- module(gdlsc_collect,
          [ make_collector/4,     % +Copy, +Arity, +OutPos, +Collector
            forget_collectors/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc_collect_binding).
:- use_module(gdlsc_collect_order, [ready_test_first/4, lookup_goal/2, flatten_goals/2]).
:- use_module(gdlsc_collect_static, [static_plan/3, forget_static_tables/0]).
:- use_module(gdlsc_collect_test, [ground_test/3, state_call/7, forget_tests/0]).

%!  forget_collectors is det.
%   Forgets the versions and tables made so far (their predicates go with the copy).
forget_collectors :-
    retractall(made_answers_version(_, _, _)),
    forget_tests,
    forget_static_tables.

%!  make_collector(+Copy:atom, +Arity:integer, +OutPos:integer, +Collector:atom) is det.
%   Copy/Arity is a predicate of gdlsc_pcopy whose last two arguments are the slot state
%   (L, T). Defines Collector(In..., L, T, Acc0, Acc) in gdlsc_pcopy: In... the arguments of
%   Copy other than OutPos and the state (ground when called); Acc is Acc0 with every Out
%   such that Copy(..., Out, ..., L, T) holds put in front (a set up to order and
%   repetition). Replaces an earlier definition of Collector.
make_collector(Copy, Arity, OutPos, Collector) :-
    CA is Arity + 1,
    abolish_collector(Collector/CA),
    NA is Arity - 2,
    numlist(1, NA, Ps),
    maplist(out_at(OutPos), Ps, Mode),
    define_collector(Copy, Arity, Mode, single, Collector).

out_at(P, P, f) :- !.
out_at(_, _, b).

% define_collector(+Copy, +Arity, +Mode, +Kind, +Name): Name(In..., L, T, Acc0, Acc), In
% the arguments of Copy at the b positions of Mode; each answer put in front of Acc0 is the
% argument at the one f position (Kind = single) or v(Args...) of those at every f position
% (Kind = tuple).
define_collector(Copy, Arity, Mode, Kind, Name) :-
    include(==(b), Mode, Bs),
    length(Bs, NIn),
    CA is NIn + 4,
    dynamic(gdlsc_pcopy:Name/CA),
    functor(CH0, Copy, Arity),
    findall(CH0-B, clause(gdlsc_pcopy:CH0, B), Clauses),
    length(Ins, NIn),
    append(Ins, [L, T, Acc0, Acc], CArgs),
    Head =.. [Name|CArgs],
    clauses_code(Clauses, Mode, Kind, Ins, ctx(L, T), Acc0, Acc, Body),
    assertz(gdlsc_pcopy:(Head :- Body)).


% made_answers_version(Copy, Mode, Name): Name is the collector of the copied state
% predicate Copy for the call mode Mode (a list of b, an argument ground when called, or f,
% a fresh variable), answering v(Args...) at the f positions.
:- dynamic made_answers_version/3.

% answers_version(+Copy, +Arity, +Mode, -Name): that collector, made once (the memo is
% entered before it is compiled, so a call of itself refers to it).
answers_version(Copy, Arity, Mode, Name) :-
    (   made_answers_version(Copy, Mode, Name0)
    ->  Name = Name0
    ;   new_aux_name(Name),
        assertz(made_answers_version(Copy, Mode, Name)),
        define_collector(Copy, Arity, Mode, tuple, Name)
    ).

clauses_code([], _, _, _, _, Acc, Acc, true).
clauses_code([H-B|Cs], Mode, Kind, Ins, Ctx, Acc0, Acc, (Code, Codes)) :-
    clause_code(H, B, Mode, Kind, Ins, Ctx, Acc0, Acc1, Code),
    clauses_code(Cs, Mode, Kind, Ins, Ctx, Acc1, Acc, Codes).

% One clause: the head's input arguments are the collector's (a variable is the same
% variable, a pattern becomes a unification goal), the output arguments the template.
clause_code(H, B, Mode, Kind, Ins, ctx(L, T), Acc0, Acc, Code) :-
    H =.. [_|HArgs],
    append(HArgs0, [HL, HT], HArgs),
    HL = L, HT = T,
    mode_split(Mode, HArgs0, HIn, HOut),
    (   Kind == single
    ->  HOut = [Tmpl]
    ;   Tmpl =.. [v|HOut]
    ),
    head_goals(HIn, Ins, Ins, Goals, [B]),
    term_variables(Ins-L-T, Gr),
    c(Goals, st(Gr, [], T, L), Tmpl, Acc0, Acc, Code).


% c(+Goals, +State, +Tmpl, ?Acc0, ?Acc, -Code): Code adds to Acc0 (giving Acc) every
% instance of Tmpl for which the conjunction Goals holds. State = st(Ground, Unknown, T, L):
% the variables known ground, those bound to something that may not be ground (an argument
% of the slot term T), the slot term and the state list. Every other variable is free.
c(Goals, S, Tmpl, Acc0, Acc, Code) :-
    flatten_goals(Goals, Flat),
    c1(Flat, S, Tmpl, Acc0, Acc, Code).

c1([], _, Tmpl, Acc0, Acc, Acc = [Tmpl|Acc0]).
c1([G0|Gs0], S, Tmpl, Acc0, Acc, Code) :-
    ready_test_first([G0|Gs0], S, Tmpl, [G|Gs]),
    (   goal_code(G, Gs, S, Tmpl, Acc0, Acc, Code0)
    ->  Code = Code0
    ;   fallback([G|Gs], Tmpl, Acc0, Acc, Code)
    ).

% The rest of a clause, as findall/4 over it: right whatever the goals are.
fallback(Gs, Tmpl, Acc0, Acc, findall(Tmpl, Conj, Acc, Acc0)) :-
    list_conj(Gs, Conj).


goal_code(G, Gs, _, Tmpl, Acc0, Acc, Code) :-
    var(G), !,
    fallback([call(G)|Gs], Tmpl, Acc0, Acc, Code).
goal_code(true, Gs, S, Tmpl, Acc0, Acc, Code) :- !,
    c(Gs, S, Tmpl, Acc0, Acc, Code).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, Code) :-
    lookup_goal(G, _), !,
    G = (C, (AG, NG)),                      % not flattened again: it would regroup
    goal_code(C, [AG, NG|Gs], S, Tmpl, Acc0, Acc, Code).
goal_code((A, B), Gs, S, Tmpl, Acc0, Acc, Code) :- !,
    c([A, B|Gs], S, Tmpl, Acc0, Acc, Code).
goal_code((C -> Th ; El), Gs, S, Tmpl, Acc0, Acc, Code) :-
    mode_test(C), !,
    mode_value(C, S, V),                    % fails when undecided: fallback
    (   V == true
    ->  c([Th|Gs], S, Tmpl, Acc0, Acc, Code)
    ;   c([El|Gs], S, Tmpl, Acc0, Acc, Code)
    ).
goal_code((C -> true), Gs, S, Tmpl, Acc0, Acc, ( C -> Code1 ; Acc = Acc0 )) :-
    grounding_call(C, S), !,
    bind_ground(C, S, S1),
    c(Gs, S1, Tmpl, Acc0, Acc, Code1).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, Code) :-
    mode_test(G), !,
    (   mode_value(G, S, V)
    ->  (   V == true
        ->  c(Gs, S, Tmpl, Acc0, Acc, Code)
        ;   Code = (Acc = Acc0)
        )
    ;   c(Gs, S, Tmpl, Acc0, Acc, Code1),
        Code = ( G -> Code1 ; Acc = Acc0 )
    ).
goal_code(\+ G, Gs, S, Tmpl, Acc0, Acc, ( \+ G1 -> Code1 ; Acc = Acc0 )) :- !,
    ground_test(G, S, G1),
    c(Gs, S, Tmpl, Acc0, Acc, Code1).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, ( G -> Code1 ; Acc = Acc0 )) :-
    non_binding(G), !,
    c(Gs, S, Tmpl, Acc0, Acc, Code1).
goal_code(arg(I, Term, P), Gs, S, Tmpl, Acc0, Acc, ( arg(I, Term, P) -> Code1 ; Acc = Acc0 )) :-
    S = st(_, _, T, _),
    ground_in(I, S), !,
    (   Term == T
    ->  unknown_vars(P, S, S1)             % an argument of the slot term: bound or not
    ;   ground_in(Term, S)
    ->  bind_ground(P, S, S1)
    ),
    c(Gs, S1, Tmpl, Acc0, Acc, Code1).
goal_code(lists:member(P, L0), Gs, S, Tmpl, Acc0, Acc, Code) :-
    S = st(_, _, _, L), L0 == L,
    \+ test_goal(lists:member(P, L0), Gs, Tmpl, S), !,
    no_unknown(P, S),
    loop_code(L, P, Gs, S, Tmpl, Acc0, Acc, Code).
goal_code(X = Y, Gs, S, Tmpl, Acc0, Acc, ( X = Y -> Code1 ; Acc = Acc0 )) :-
    ( ground_in(X, S) ; ground_in(Y, S) ), !,
    no_unknown(X-Y, S),
    bind_ground(X-Y, S, S1),
    c(Gs, S1, Tmpl, Acc0, Acc, Code1).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, ( G1 -> Code1 ; Acc = Acc0 )) :-
    test_goal(G, Gs, Tmpl, S), !,
    ground_test(G, S, G1),
    c(Gs, S, Tmpl, Acc0, Acc, Code1).
goal_code(game:G, Gs, S, Tmpl, Acc0, Acc, Code) :-
    static_plan(G, S, Plan), !,
    (   Plan = list(Answers, P)
    ->  loop_code(Answers, P, Gs, S, Tmpl, Acc0, Acc, Code)
    ;   Plan = lookup1(Lookup, P)
    ->  bind_ground(P, S, S1),
        c(Gs, S1, Tmpl, Acc0, Acc, Code1),
        Code = ( Lookup -> Code1 ; Acc = Acc0 )
    ;   Plan = lookup(Lookup, Sols, P),
        loop_code(Sols, P, Gs, S, Tmpl, Acc0, Acc, Code1),
        Code = ( Lookup -> Code1 ; Acc = Acc0 )
    ).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, (Call, Code)) :-
    state_call_answers(G, S, Call, Sols, P), !,
    loop_code(Sols, P, Gs, S, Tmpl, Acc0, Acc, Code).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, (findall(P, G, Sols), Code)) :-
    generator_call(G, S), !,
    % A goal with answers to visit: its answers (ground, as GDL rules give them) are found
    % first, then visited by a loop.
    free_vars(G, S, Vs),
    P =.. [v|Vs],
    loop_code(Sols, P, Gs, S, Tmpl, Acc0, Acc, Code).


% loop_code(+List, +P, +Gs, +S, +Tmpl, ?Acc0, ?Acc, -Code): a loop predicate over List
% (a variable bound at run time, or a constant list) that, for each element matching P,
% adds the answers of Gs. Its clauses get fresh copies of the variables the loop binds;
% the bound ones are passed.
loop_code(List, P, Gs, S, Tmpl, Acc0, Acc, Code) :-
    S = st(Gr, Un, T, L),
    term_variables(P-Gs-Tmpl, Vs),
    include(bound_var(S), Vs, Outer),
    new_aux_name(Loop),
    length(Outer, NO),
    LA is NO + 3,
    dynamic(gdlsc_pcopy:Loop/LA),
    % the empty list
    append([[]|Outer], [A, A], EArgs), EH =.. [Loop|EArgs],
    assertz(gdlsc_pcopy:EH),
    % one element
    copy_term(t(Outer, P, Gs, Tmpl, Gr, Un, T, L), t(Outer2, P2, Gs2, Tmpl2, Gr2, Un2, T2, L2)),
    bind_ground(P2, st(Gr2, Un2, T2, L2), S2),
    c(Gs2, S2, Tmpl2, B0, B1, Code10),
    reuse_element(Code10, P2, E, Code1),
    append([[E|Es]|Outer2], [B0, B], NArgs), NH =.. [Loop|NArgs],
    append([Es|Outer2], [B1, B], RArgs), RG =.. [Loop|RArgs],
    assertz(gdlsc_pcopy:(NH :- ( E = P2 -> Code1 ; B1 = B0 ), RG)),
    append([List|Outer], [Acc0, Acc], CArgs),
    Code =.. [Loop|CArgs].

% reuse_element(+Code0, +P, +E, -Code): Code0, run after E = P, with each term identical to
% P (a compound) replaced by E: a frame rule puts the state's own pair into the next state
% instead of building a copy of it.
reuse_element(Code, P, _, Code) :- \+ compound(P), !.
reuse_element(X, _, _, X) :- var(X), !.
reuse_element(X, P, E, E) :- X == P, !.
reuse_element(X, P, E, Y) :-
    compound(X), !,
    compound_name_arguments(X, N, As),
    maplist(reuse_in(P, E), As, Bs),
    compound_name_arguments(Y, N, Bs).
reuse_element(X, _, _, X).

reuse_in(P, E, X, Y) :- reuse_element(X, P, E, Y).


% state_call_answers(+G, +S, -Call, -Sols, -P): G is a state call with some argument free;
% Call binds Sols to its answers as instances of P = v(FreeArgs...) (through the
% predicate's collector for this mode).
state_call_answers(G, S, Call, Sols, P) :-
    state_call(G, S, N, A, Args0, Mode, Ins),
    memberchk(f, Mode), !,
    mode_split(Mode, Args0, _, Outs),
    P =.. [v|Outs],
    answers_version(N, A, Mode, Name),
    S = st(_, _, T, L),
    append(Ins, [L, T, [], Sols], CArgs),
    Call =.. [Name|CArgs].
