/*  gdlsc_collect_order: the join order of the compiled collectors and tests
    (gdlsc_collect, gdlsc_collect_test): a test that can run now goes first; the goals are
    flattened with a slot lookup kept as one goal.
*/
:- module(gdlsc_collect_order,
          [ ready_test_first/4,   % +Goals, +S, +Tmpl, -Goals1
            lookup_goal/2,        % +G, -F
            flatten_goals/2,      % +Goals, -Flat
            keep_call_order/1,    % +Copy: calls of Copy are never moved
            forget_call_orders/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_collect_binding, [ground_var/2, ground_in/2, no_unknown/2, memberchk_eq/2]).

% ready_test_first(+Goals, +S, +Tmpl, -Goals1): Goals with a test that can run now moved to
% the front, when the first goal is not one: a test binds nothing another goal reads, so
% running it as soon as the variables it shares are ground keeps the answers and prunes
% early (a rule that enumerates two numbers and then looks up a fluent of the first does
% the lookup before enumerating the second). Only past goals whose order does not matter
% (no mode switch, if-then-else or unknown construct in between).
ready_test_first([G|Gs], S, Tmpl, Goals) :-
    \+ movable_test(G, Gs, S, Tmpl),
    movable_goal(G),
    take_ready_test(Gs, [G], S, Tmpl, T, Rest), !,
    Goals = [T, G|Rest].
ready_test_first(Goals, _, _, Goals).

take_ready_test([G|Gs], Before, S, Tmpl, T, Rest) :-
    movable_goal(G),
    append(Before, Gs, Others),
    (   movable_test(G, Others, S, Tmpl)
    ->  T = G, Rest = Gs
    ;   take_ready_test(Gs, [G|Before], S, Tmpl, T, Rest0),
        Rest = [G|Rest0]
    ).

% Goals whose place in a conjunction does not change its answers.
movable_goal(G) :- var(G), !, fail.
movable_goal(G) :- lookup_goal(G, _), !.
movable_goal(\+ _).
movable_goal(_ \== _).
movable_goal(game:_).
movable_goal(lists:member(_, _)).
movable_goal(G) :- callable(G), functor(G, N, _), sub_atom(N, 0, _, _, '$p:').

% kept_order(Copy): a call of the copied state predicate Copy is never moved ahead (its
% recursion is not tabled, and ends because a goal before each recursive call bounds it:
% gdlsc_slot_recursion:well_founded/1).
:- dynamic kept_order/1.

%!  keep_call_order(+Copy:atom) is det.
keep_call_order(Copy) :- ( kept_order(Copy) -> true ; assertz(kept_order(Copy)) ).

%!  forget_call_orders is det.
forget_call_orders :- retractall(kept_order(_)).

% movable_test(G, Others, S, Tmpl): G is a test whose variables shared with Others or Tmpl
% are ground now.
movable_test(G, Others, S, Tmpl) :-
    (   lookup_goal(G, F) -> true
    ;   G = (\+ _) -> F = G
    ;   G = (_ \== _) -> F = G
    ;   G = game:_ -> F = G
    ;   callable(G), functor(G, N, _), sub_atom(N, 0, _, _, '$p:'), \+ kept_order(N) -> F = G
    ),
    no_unknown(F, S),
    term_variables(F, FVs),
    term_variables(Others-Tmpl, OVs),
    forall(( member(V, FVs), memberchk_eq(V, OVs) ), ground_var(V, S)),
    (   lookup_goal(G, _) -> ground_in(F, S) ; true ).

% lookup_goal(G, F): G is a slot lookup ((Slot -> true), arg(I, T, X), nonvar(X)) of the
% fluent arguments F (the slot fact's arguments but the slot).
lookup_goal(G, F) :-
    nonvar(G),
    G = ((SG0 -> true), (arg(I, _, X), nonvar(X0))),
    X == X0,
    ( nonvar(SG0), SG0 = gdlsc_pcopy:SG -> true ; SG = SG0 ),
    callable(SG), functor(SG, N, _), sub_atom(N, 0, _, _, '$f:'),
    SG =.. [_|Args], append(F0, [I0], Args), I0 == I,
    F =.. [f|F0].

% flatten_goals(+Goals, -Flat): conjunctions spread into the list (true dropped), a slot
% lookup (its three goals) made one goal again.
flatten_goals(Goals, Flat) :-
    flatten_goals_(Goals, Flat0),
    group_lookups(Flat0, Flat).

group_lookups([], []).
group_lookups([A, B, C|Gs], [L|Ls]) :-
    L = (A, (B, C)),
    lookup_goal(L, _), !,
    group_lookups(Gs, Ls).
group_lookups([G|Gs], [G|Ls]) :-
    group_lookups(Gs, Ls).

flatten_goals_([], []).
flatten_goals_([G|Gs], Flat) :-
    (   var(G)
    ->  Flat = [G|Flat1]
    ;   G = (A, B)
    ->  flatten_goals_([A, B], F0),
        append(F0, Flat1, Flat)
    ;   G == true
    ->  Flat = Flat1
    ;   Flat = [G|Flat1]
    ),
    flatten_goals_(Gs, Flat1).

