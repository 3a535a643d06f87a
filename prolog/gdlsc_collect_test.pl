/*  gdlsc_collect_test: the tests of the slot copy, "does some proof exist" (gdlsc_slots asks
    terminal this way): deterministic code that commits to the first proof, loops over the
    state that stop at the first fluent for which the rest holds, and the test versions of
    the state predicates it calls, the loops of its alternatives over the state fused into
    one (doc/engines.md, "Collectors and tests").
*/
:- module(gdlsc_collect_test,
          [ make_test/3,          % +Copy, +Arity, +Test
            ground_test/3,        % +G, +S, -G1
            state_call/7,         % +G, +S, -N, -A, -Args0, -Mode, -Ins
            forget_tests/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_collect_binding).
:- use_module(gdlsc_collect_order, [ready_test_first/4, lookup_goal/2, flatten_goals/2]).
:- use_module(gdlsc_collect_static, [static_test/2]).

% test_loop(Name): Name is a loop of a test over a list (test_loop_code/5).
:- dynamic test_loop/1.

%!  forget_tests is det.
%   Forgets the test versions made so far (their predicates go with the copy).
forget_tests :-
    retractall(made_test_version(_, _, _)),
    retractall(test_loop(_)).

% made_test_version(Copy, Mode, Name): Name is the test version of the copied state
% predicate Copy for the call mode Mode (a list of b, an argument ground when called, or f,
% a fresh variable; the f arguments are not read by the caller).
:- dynamic made_test_version/3.

% test_version(+Copy, +Arity, +Mode, -Name): that version, made once (the memo is entered
% before the version is compiled, so a call of itself refers to it).
test_version(Copy, Arity, Mode, Name) :-
    (   made_test_version(Copy, Mode, Name0)
    ->  Name = Name0
    ;   new_aux_name(Name),
        assertz(made_test_version(Copy, Mode, Name)),
        define_test(Copy, Arity, Mode, Name)
    ).

%!  make_test(+Copy:atom, +Arity:integer, +Test:atom) is det.
%   Defines Test(L, T) in gdlsc_pcopy: true when Copy(L, T) (a copied state predicate of
%   no arguments but the state, like terminal) has a proof, found by deterministic loops
%   over the state and by the test versions of the state predicates it calls.
make_test(Copy, 2, Test) :-
    abolish_collector(Test/2),
    dynamic(gdlsc_pcopy:Test/2),
    test_version(Copy, 2, [], Name),
    TH =.. [Test, L, T],
    TB =.. [Name, L, T],
    assertz(gdlsc_pcopy:(TH :- TB)).
make_test(Copy, Arity, _) :-
    Arity =\= 2,
    throw(error(domain_error(state_test_arity, Copy/Arity), _)).

% define_test(+Copy, +Arity, +Mode, +Name): Name(In..., L, T), the test version of Copy.
define_test(Copy, Arity, Mode, Name) :-
    include(==(b), Mode, Bs),
    length(Bs, NIn),
    TA is NIn + 2,
    dynamic(gdlsc_pcopy:Name/TA),
    length(Ins, NIn),
    append(Ins, [L, T], TArgs),
    TH =.. [Name|TArgs],
    functor(CH0, Copy, Arity),
    findall(CH0-B, clause(gdlsc_pcopy:CH0, B), Clauses),
    maplist(test_clause_code(Mode, Ins, L, T), Clauses, Codes),
    flat_alternatives(Codes, 3, Alts0),
    fuse_loops(Alts0, L, Alts),
    alternatives(Alts, Body),
    assertz(gdlsc_pcopy:(TH :- Body)).

% flat_alternatives(+Codes, +Depth, -Alts): the alternatives of a test, with those of the
% test versions it is only a call of put in their place (to Depth levels), so that their
% loops can be fused.
flat_alternatives([], _, []).
flat_alternatives([C0|Cs], D, Alts) :-
    strip_commit(C0, C),
    (   D > 0,
        callable(C), C \= (_, _), C \= (_ ; _), C \= (_ -> _),
        functor(C, N, _), made_test_version(_, _, N),
        clause(gdlsc_pcopy:C, Body)
    ->  body_alternatives(Body, Inner0),
        D1 is D - 1,
        flat_alternatives(Inner0, D1, Inner),
        append(Inner, Rest, Alts)
    ;   Alts = [C|Rest]
    ),
    flat_alternatives(Cs, D, Rest).

strip_commit(C0, C) :-
    (   nonvar(C0), C0 = (X -> true)
    ->  strip_commit(X, C)
    ;   C = C0
    ).

body_alternatives(B, [B]) :- var(B), !.
body_alternatives((C -> true ; Rest), [C|Cs]) :- !, body_alternatives(Rest, Cs).
body_alternatives(B, [B]).

% fuse_loops(+Alts, +L, -Alts1): the loops over the state list L among the alternatives of
% a test become one loop that tries each one's condition on every fluent (one pass over
% the state instead of one per loop), in the place of the first.
fuse_loops(Alts, L, Alts1) :-
    partition(state_loop(L), Alts, Loops, _),
    Loops = [_, _|_], !,
    new_aux_name(F),
    term_variables(Loops, Outer),       % L too: a condition may read the whole state
    maplist(loop_conditions(E), Loops, Condss),
    append(Condss, Conds),
    FH =.. [F, [E|Es]|Outer],
    FR =.. [F, Es|Outer],
    append(Conds, [FR], Tries),
    alternatives(Tries, FB),
    length(Outer, NO), FA is NO + 1,
    dynamic(gdlsc_pcopy:F/FA),
    assertz(gdlsc_pcopy:(FH :- FB)),
    assertz(test_loop(F)),
    FC =.. [F, L|Outer],
    put_fused(Alts, L, FC, Alts1).
fuse_loops(Alts, _, Alts).

state_loop(L, C) :-
    callable(C), C \= (_, _), C \= (_ ; _), C \= (_ -> _),
    functor(C, N, _), test_loop(N),
    arg(1, C, L0), L0 == L.

% The conditions the loop C (a call Loop(L, Outer...)) tries on the fluent E: all its
% alternatives but the last (the call for the rest of the list).
loop_conditions(E, C, Conds) :-
    C =.. [Loop, _|Outer],
    H =.. [Loop, [E|_]|Outer],
    clause(gdlsc_pcopy:H, Body),
    body_alternatives(Body, Alts),
    append(Conds, [_], Alts).

put_fused([], _, _, []).
put_fused([A|As], L, FC, Out) :-
    (   state_loop(L, A)
    ->  (   var(FC)                % placed already
        ->  Out = Out1
        ;   Out = [FC|Out1]
        ),
        put_fused(As, L, _, Out1)
    ;   Out = [A|Out1],
        put_fused(As, L, FC, Out1)
    ).

alternatives([], fail).
alternatives([C], C) :- !.
alternatives([C|Cs], ( C -> true ; Rest )) :- alternatives(Cs, Rest).

test_clause_code(Mode, Ins, L, T, H-B, Code) :-
    H =.. [_|HArgs],
    append(HArgs0, [HL, HT], HArgs),
    HL = L, HT = T,
    mode_inputs(Mode, HArgs0, HIn),
    head_goals(HIn, Ins, Ins, Goals, [B]),
    term_variables(Ins-L-T, Gr),
    e(Goals, st(Gr, [], T, L), Code).

mode_inputs([], [], []).
mode_inputs([b|Ms], [A|As], [A|Is]) :- !, mode_inputs(Ms, As, Is).
mode_inputs([f|Ms], [_|As], Is) :- mode_inputs(Ms, As, Is).

% e(+Goals, +State, -Code): Code succeeds when the conjunction Goals has a proof (it binds
% nothing the caller reads). State as for c/6.
e(Goals, S, Code) :-
    flatten_goals(Goals, Flat),
    e1(Flat, S, Code).

e1([], _, true).
e1([G0|Gs0], S, Code) :-
    ready_test_first([G0|Gs0], S, [], [G|Gs]),
    (   test_goal_code(G, Gs, S, Code0)
    ->  Code = Code0
    ;   list_conj([G|Gs], Code)             % as the rules have it: right, by backtracking
    ).

test_goal_code(G, _, _, _) :-
    var(G), !, fail.
test_goal_code(true, Gs, S, Code) :- !,
    e(Gs, S, Code).
test_goal_code(G, Gs, S, Code) :-
    lookup_goal(G, _), !,
    G = (C, (AG, NG)),
    test_goal_code(C, [AG, NG|Gs], S, Code).
test_goal_code((A, B), Gs, S, Code) :- !,
    e([A, B|Gs], S, Code).
test_goal_code((C -> Th ; El), Gs, S, Code) :-
    mode_test(C), !,
    mode_value(C, S, V),
    (   V == true
    ->  e([Th|Gs], S, Code)
    ;   e([El|Gs], S, Code)
    ).
test_goal_code((C -> true), Gs, S, ( C -> Code1 )) :-
    grounding_call(C, S), !,
    bind_ground(C, S, S1),
    e(Gs, S1, Code1).
test_goal_code(G, Gs, S, Code) :-
    mode_test(G), !,
    (   mode_value(G, S, V)
    ->  (   V == true
        ->  e(Gs, S, Code)
        ;   Code = fail
        )
    ;   e(Gs, S, Code1),
        Code = ( G, Code1 )
    ).
test_goal_code(\+ G, Gs, S, ( \+ G1, Code1 )) :- !,
    ground_test(G, S, G1),
    e(Gs, S, Code1).
test_goal_code(G, Gs, S, ( G, Code1 )) :-
    non_binding(G), !,
    e(Gs, S, Code1).
test_goal_code(arg(I, Term, P), Gs, S, ( arg(I, Term, P), Code1 )) :-
    S = st(_, _, T, _),
    ground_in(I, S), !,
    (   Term == T
    ->  unknown_vars(P, S, S1)
    ;   ground_in(Term, S)
    ->  bind_ground(P, S, S1)
    ),
    e(Gs, S1, Code1).
test_goal_code(lists:member(P, L0), Gs, S, Code) :-
    S = st(_, _, _, L), L0 == L,
    \+ ground_in(P, S), !,
    no_unknown(P, S),
    test_loop_code(L, P, Gs, S, Code).
test_goal_code(X = Y, Gs, S, ( X = Y, Code1 )) :-
    ( ground_in(X, S) ; ground_in(Y, S) ), !,
    no_unknown(X-Y, S),
    bind_ground(X-Y, S, S1),
    e(Gs, S1, Code1).
test_goal_code(G, Gs, S, ( G1 -> Code1 )) :-
    test_goal(G, Gs, [], S), !,
    ground_test(G, S, G1),
    e(Gs, S, Code1).
test_goal_code(G, Gs, S, ( G, Code1 )) :-
    generator_call(G, S), !,
    % visited by backtracking, as the rules have it; the rest is compiled
    bind_ground(G, S, S1),
    e(Gs, S1, Code1).


% ground_test(+G, +S, -G1): G1 is G, or a faster goal that holds exactly when G does for
% a goal G whose bindings nobody reads: a test version of a copied state predicate, or the
% table of a static relation.
ground_test(game:G, S, Test) :-
    ground_in(G, S),
    static_test(G, Test0), !,
    Test = Test0.
ground_test(G, S, G1) :-
    state_call_test(G, S, G1).


% state_call(+G, +S, -N, -A, -Args0, -Mode, -Ins): G calls the copied state predicate N/A
% over the state of S with the arguments Args0, each ground (b, one of Ins) or a variable
% read nowhere else in G (f).
state_call(G, S, N, A, Args0, Mode, Ins) :-
    compound(G),
    compound_name_arity(G, N, A),
    sub_atom(N, 0, _, _, '$p:'),
    G =.. [_|Args],
    append(Args0, [L, T], Args),
    S = st(_, _, T0, L0), L == L0, T == T0,
    call_mode(Args0, Args0, S, Mode, Ins).

% state_call_test(+G, +S, -G1): G1 is G, or the test version of G when G is a state call.
state_call_test(G, S, G1) :-
    state_call(G, S, N, A, _, Mode, Ins), !,
    test_version(N, A, Mode, Name),
    S = st(_, _, T, L),
    append(Ins, [L, T], TArgs),
    G1 =.. [Name|TArgs].
state_call_test(G, _, G).

call_mode([], _, _, [], []).
call_mode([X|Xs], All, S, [M|Ms], Ins) :-
    (   ground_in(X, S)
    ->  M = b, Ins = [X|Ins1]
    ;   var(X), \+ bound_var(S, X), occurrences_of_var(X, All, 1)
    ->  M = f, Ins = Ins1
    ),
    call_mode(Xs, All, S, Ms, Ins1).

% A loop over the state list that stops at the first fluent for which the rest holds.
test_loop_code(List, P, Gs, S, Code) :-
    S = st(Gr, Un, T, L),
    term_variables(P-Gs, Vs),
    include(bound_var(S), Vs, Outer),
    new_aux_name(Loop),
    length(Outer, NO),
    LA is NO + 1,
    dynamic(gdlsc_pcopy:Loop/LA),
    copy_term(t(Outer, P, Gs, Gr, Un, T, L), t(Outer2, P2, Gs2, Gr2, Un2, T2, L2)),
    bind_ground(P2, st(Gr2, Un2, T2, L2), S2),
    e(Gs2, S2, Code1),
    NH =.. [Loop, [E|Es]|Outer2],
    RG =.. [Loop, Es|Outer2],
    assertz(gdlsc_pcopy:(NH :- ( E = P2, Code1 -> true ; RG ))),
    assertz(test_loop(Loop)),
    Code =.. [Loop, List|Outer].
