/*  gdlsc_collect_binding: the binding analysis the collectors and tests of the slot copy
    are compiled by (gdlsc_collect, gdlsc_collect_test; doc/engines.md, "Collectors and
    tests"), and the pieces of code both compilers share. A clause's analysis state is
    st(Ground, Unknown, T, L): the variables known ground, those bound to something that may
    not be ground (an argument of the slot term T), the slot term and the state list. Every
    other variable is free.
*/
:- module(gdlsc_collect_binding,
          [ ground_var/2, bound_var/2, ground_in/2, free_vars/3, no_unknown/2,
            bind_ground/3, unknown_vars/3, memberchk_eq/2,
            mode_test/1, mode_value/3, non_binding/1, grounding_call/2, callable_call/1,
            generator_call/2, test_goal/4,
            mode_split/4,        % +Mode, +Args, -Ins, -Outs
            head_goals/5,        % +HeadIns, +Ins, +AllIns, -Goals, ?Tail
            list_conj/2,         % +Goals, -Conjunction
            new_aux_name/1,      % -Name: a fresh predicate name of gdlsc_pcopy
            abolish_collector/1  % +Name/Arity
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

ground_var(V, st(Gr, _, _, _)) :- memberchk_eq(V, Gr).
bound_var(S, V) :- ground_var(V, S), !.
bound_var(st(_, Un, _, _), V) :- memberchk_eq(V, Un).

ground_in(X, S) :- term_variables(X, Vs), forall(member(V, Vs), ground_var(V, S)).

free_vars(X, S, Fs) :- term_variables(X, Vs), exclude(bound_var(S), Vs, Fs).

no_unknown(X, st(_, Un, _, _)) :-
    term_variables(X, Vs),
    \+ ( member(V, Vs), memberchk_eq(V, Un) ).

bind_ground(X, st(Gr, Un, T, L), st(Gr1, Un, T, L)) :-
    term_variables(X, Vs),
    exclude(in_list(Gr), Vs, New),
    append(New, Gr, Gr1).

unknown_vars(X, st(Gr, Un, T, L), st(Gr, Un1, T, L)) :-
    term_variables(X, Vs),
    append(Vs, Un, Un1).

in_list(L, V) :- memberchk_eq(V, L).

memberchk_eq(X, [Y|Ys]) :- ( X == Y -> true ; memberchk_eq(X, Ys) ).

% mode_test(G): the emitted mode switch conditions (nonvar/ground conjunctions).
mode_test((A, B)) :- !, mode_test(A), mode_test(B).
mode_test(nonvar(_)).
mode_test(ground(_)).

% mode_value(+G, +S, -V): the value of a mode test known from the analysis; fails when it
% depends on a variable of unknown binding.
mode_value((A, B), S, V) :- !,
    mode_value(A, S, VA),
    (   VA == false
    ->  V = false
    ;   mode_value(B, S, V)
    ).
mode_value(nonvar(X), S, V) :- !,
    (   nonvar(X) -> V = true
    ;   ground_var(X, S) -> V = true
    ;   bound_var(S, X) -> fail
    ;   V = false
    ).
mode_value(ground(X), S, V) :-
    term_variables(X, Vs),
    (   forall(member(Y, Vs), ground_var(Y, S)) -> V = true
    ;   member(Y, Vs), \+ bound_var(S, Y) -> V = false
    ;   fail
    ).

% Goals that never bind a variable.
non_binding(\+ _).
non_binding(_ \== _).
non_binding(_ == _).

% grounding_call(C, S): a call whose answers are ground (a slot fact, a predicate of the
% copy or of the game) and that reads no variable of unknown binding.
grounding_call(C, S) :- callable_call(C), no_unknown(C, S).

callable_call(game:_) :- !.
callable_call(M:_) :- !, M == gdlsc_pcopy.
callable_call(G) :- callable(G), functor(G, N, _), ( sub_atom(N, 0, _, _, '$p:') ; sub_atom(N, 0, _, _, '$f:') ), !.

generator_call(G, S) :-
    grounding_call(G, S).

% test_goal(G, Gs, Tmpl, S): G binds nothing that the rest (Gs, Tmpl) reads, so committing
% to its first proof keeps the set of answers. Only goals the analysis understands.
test_goal(G, Gs, Tmpl, S) :-
    test_shape(G),
    term_variables(G, GVs),
    term_variables(Gs-Tmpl, RVs),
    forall(( member(V, GVs), memberchk_eq(V, RVs) ), ground_var(V, S)),
    no_unknown(G, S).

test_shape((_ ; _)).
test_shape(\+ _).
test_shape(lists:member(_, _)).
test_shape(ordsets:ord_memberchk(_, _)).
test_shape(lists:memberchk(_, _)).
test_shape(G) :- callable_call(G).


% --- code both compilers share ----------------------------------------------------------

mode_split([], [], [], []).
mode_split([b|Ms], [A|As], [A|Is], Os) :- !, mode_split(Ms, As, Is, Os).
mode_split([f|Ms], [A|As], Is, [A|Os]) :- mode_split(Ms, As, Is, Os).

head_goals([], [], _, G, G).
head_goals([A|As], [I|Is], Ins, G0, G) :-
    (   var(A), \+ memberchk_eq(A, Ins)
    ->  A = I, G0 = G1
    ;   G0 = [A = I|G1]
    ),
    head_goals(As, Is, Ins, G1, G).


list_conj([], true).
list_conj([G], G) :- !.
list_conj([G|Gs], (G, C)) :- list_conj(Gs, C).

new_aux_name(Name) :-
    flag(gdlsc_collect_aux, K, K + 1),
    format(atom(Name), '$c~w', [K]).


abolish_collector(Collector/A) :-
    (   current_predicate(gdlsc_pcopy:Collector/A)
    ->  abolish(gdlsc_pcopy:Collector/A)
    ;   true
    ).

