/*  gdlsc_regression_simplify -- the formulas regression builds (about s0 only;
    the table in gdlsc_regression): smart constructors that simplify while
    building (ground equalities decided, true/false dropped, duplicates
    removed, common conjuncts factored, ∃V. V = t ∧ φ -> φ[t]), the final
    top-down pass with the equations of the enclosing conjunctions, the size
    bound (--max-size) and the free variables of a regressed formula.
*/
:- module(gdlsc_regression_simplify,
          [ set_regression_limit/1, % +MaxNodes
            count_node/0,
            rf_static/3,            % +Name, +Args, -Formula
            vars_minus/3, vars_meet/3,
            mk_eq/3, mk_neq/3, mk_not/2, mk_and/2, mk_or/2,
            mk_exists/3, mk_forall/4, mk_kall/4,
            conjuncts/2,            % +Formula, -Conjuncts
            simplify/2,             % +Formula, -Simplified
            regression_size/2,      % +Regressed, -Nodes
            regressed_free_vars/2             % +Regressed, -Vars
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc_formula, [memberchk_eq/2]).

:- dynamic limit_nodes/1.
limit_nodes(1000000).

%!  set_regression_limit(+MaxNodes:integer) is det.
%   Formulas built during one regression may not exceed MaxNodes nodes; beyond it
%   regress/3 throws error(resource_error(gdlsc_regression_size(MaxNodes)), _).
set_regression_limit(N) :- retractall(limit_nodes(_)), assertz(limit_nodes(N)).

count_node :-
    nb_getval(gdlsc_reg_nodes, N0),
    N is N0 + 1,
    nb_setval(gdlsc_reg_nodes, N),
    (   limit_nodes(L), N > L
    ->  throw(error(resource_error(gdlsc_regression_size(L)), regress/3))
    ;   true
    ).


rf_static(Name, Args, R) :-
    (   ground(Args)
    ->  atom_concat('g:', Name, G), Goal =.. [G|Args],
        ( catch(game:Goal, error(existence_error(_, _), _), fail) -> R = true ; R = false )
    ;   count_node, R = static(Name, Args)
    ).


%   Set operations on variable lists (by identity, ==).
vars_minus([], _, []).
vars_minus([V|Vs], Ws, Out) :-
    (   memberchk_eq(V, Ws) -> Out = Out1 ; Out = [V|Out1] ),
    vars_minus(Vs, Ws, Out1).

vars_meet([], _, []).
vars_meet([V|Vs], Ws, Out) :-
    (   memberchk_eq(V, Ws) -> Out = [V|Out1] ; Out = Out1 ),
    vars_meet(Vs, Ws, Out1).


% ---------------------------------------------------------------------------
% Smart constructors: simplify while building (ground equalities decided,
% true/false dropped, duplicates removed, ∃V. V = t /\ phi  ->  phi[t]).

mk_eq(X, Y, R) :-
    (   X == Y -> R = true
    ;   \+ unify_with_occurs_check(X, Y) -> R = false
    ;   count_node, R = eq(X, Y)
    ).

mk_neq(X, Y, R) :-
    (   X == Y -> R = false
    ;   \+ X = Y -> R = true
    ;   count_node, R = neq(X, Y)
    ).

mk_not(true, false) :- !.
mk_not(false, true) :- !.
mk_not(not(F), F) :- !.
mk_not(eq(X, Y), R) :- !, mk_neq(X, Y, R).
mk_not(neq(X, Y), R) :- !, mk_eq(X, Y, R).
mk_not(F, not(F)) :- count_node.

mk_and(Fs, R) :-
    flatten_op(Fs, and, Fs1),
    (   memberchk(false, Fs1) -> R = false
    ;   complementary(Fs1) -> R = false
    ;   exclude(==(true), Fs1, Fs2),
        dedup(Fs2, Fs3),
        (   Fs3 == [] -> R = true
        ;   Fs3 = [F] -> R = F
        ;   count_node, R = and(Fs3)
        )
    ).

mk_or(Fs, R) :-
    flatten_op(Fs, or, Fs1),
    (   memberchk(true, Fs1) -> R = true
    ;   complementary(Fs1) -> R = true
    ;   exclude(==(false), Fs1, Fs2),
        dedup(Fs2, Fs3),
        (   Fs3 == [] -> R = false
        ;   Fs3 = [F] -> R = F
        ;   factor(Fs3, Common, Rests)
        ->  mk_or(Rests, Rest),
            append(Common, [Rest], Cs),
            mk_and(Cs, R)
        ;   count_node, R = or(Fs3)
        )
    ).

%   (C /\ A) \/ (C /\ B)  ->  C /\ (A \/ B): the conjuncts common to every disjunct.
factor([D|Ds], Common, Rests) :-
    conjuncts(D, Cs0),
    include(in_all(Ds), Cs0, Common),
    Common \== [],
    maplist(drop_common(Common), [D|Ds], Rests).

in_all(Ds, C) :- forall(member(D, Ds), ( conjuncts(D, Cs), memberchk_eq(C, Cs) )).


in_list(L, X) :- memberchk_eq(X, L).

drop_common(Common, D, R) :-
    conjuncts(D, Cs),
    exclude(in_list(Common), Cs, Rest),
    mk_and(Rest, R).

%   phi and not(phi) both in the list (ground ones only: with variables the two
%   may be under different quantifiers).
complementary(Fs) :-
    member(not(F), Fs), ground(F), memberchk_eq(F, Fs), !.

flatten_op([], _, []).
flatten_op([F|Fs], Op, Out) :-
    (   nonvar(F), F =.. [Op, Sub], is_list(Sub)
    ->  append(Sub, Rest, Out)
    ;   Out = [F|Rest]
    ),
    flatten_op(Fs, Op, Rest).

dedup([], []).
dedup([F|Fs], [F|Rs]) :-
    exclude(==(F), Fs, Fs1),
    dedup(Fs1, Rs).

%   ∃Vs. phi: drops variables that do not occur, and eliminates V = t conjuncts
%   (V one of Vs, not occurring in t) by substitution.
mk_exists(Vs0, exists(Ws, F0), R) :- !,
    append(Vs0, Ws, Vs1),
    mk_exists(Vs1, F0, R).
mk_exists(Vs0, F0, R) :-
    term_variables(F0, Fv),
    vars_meet(Vs0, Fv, Vs1),
    eliminate(Vs1, F0, Vs, F),
    (   Vs == [] -> R = F
    ;   F == true -> R = true
    ;   F == false -> R = false
    ;   count_node, R = exists(Vs, F)
    ).

eliminate(Vs, F, VsOut, FOut) :-
    conjuncts(F, Cs),
    (   select(E, Cs, Rest), E = eq(X, Y),
        (   var(X), memberchk_eq(X, Vs), \+ occurs_var(X, Y) -> V = X, T = Y
        ;   var(Y), memberchk_eq(Y, Vs), \+ occurs_var(Y, X) -> V = Y, T = X
        )
    ->  exclude(==(V), Vs, Vs1),
        V = T,
        maplist(resimplify, Rest, Rest1),
        mk_and(Rest1, F1),
        (   F1 == false -> VsOut = [], FOut = false
        ;   term_variables(F1, Fv), vars_meet(Vs1, Fv, Vs2),
            eliminate(Vs2, F1, VsOut, FOut)
        )
    ;   VsOut = Vs, FOut = F
    ).

occurs_var(V, T) :- term_variables(T, Ts), memberchk_eq(V, Ts).

conjuncts(and(Cs), Cs) :- !.
conjuncts(F, [F]).

%   After a substitution, cheap conjuncts may have become decidable.
resimplify(eq(X, Y), R) :- !, mk_eq(X, Y, R).
resimplify(neq(X, Y), R) :- !, mk_neq(X, Y, R).
resimplify(static(P, Args), R) :- !, rf_static(P, Args, R).
resimplify(F, F).

mk_forall(Vs0, Sit, F0, R) :-
    term_variables(F0, Fv),
    vars_meet(Vs0, Fv, Vs),
    (   Vs == [] -> R = F0
    ;   F0 == true -> R = true
    ;   count_node, R = forall(Vs, Sit, F0)
    ).

mk_kall(RVs, G, B, R) :-
    (   G == false -> R = true
    ;   B == true -> R = true
    ;   count_node, R = kall(RVs, G, B)
    ).

%   A final pass, top-down with the equations of the enclosing conjunctions:
%   in V = t /\ phi, t may replace V anywhere in phi (the equation is kept), which
%   decides equations and ground static atoms made ground by it.
simplify(F, R) :- simp(F, [], R).

simp(F, _, F) :- var(F), !.
simp(and(Fs), Env, R) :- !,
    foldl(collect_eq, Fs, Env, Env1),
    maplist(simp_conj(Env, Env1), Fs, Rs),
    mk_and(Rs, R).
simp(or(Fs), Env, R) :- !, simp_list(Fs, Env, Rs), mk_or(Rs, R).
simp(not(F), Env, R) :- !, simp(F, Env, F1), mk_not(F1, R).
simp(exists(Vs, F), Env, R) :- !, simp(F, Env, F1), mk_exists(Vs, F1, R).
simp(forall(Vs, Sit, F), Env, R) :- !, simp(F, Env, F1), mk_forall(Vs, Sit, F1, R).
simp(within(Vs, Sit, F), Env, R) :- !,
    simp(F, Env, F1), subst(Env, Vs, Vs1), term_variables(Vs1, Vs2),
    (   Vs2 == [] -> R = F1 ; F1 == true -> R = true ; F1 == false -> R = false
    ;   R = within(Vs2, Sit, F1) ).
simp(kall(RVs, G, B), Env, R) :- !,
    simp(G, Env, G1),
    (   G1 = and(Gs) -> foldl(collect_eq, Gs, Env, EnvB) ; collect_eq(G1, Env, EnvB) ),
    simp(B, EnvB, B1),
    mk_kall(RVs, G1, B1, R).
simp(percepts(P, F, Pi), Env, percepts(P, F1, Pi1)) :- !,
    simp(F, Env, F1), subst(Env, Pi, Pi1).
simp(F, Env, R) :- subst(Env, F, F1), resimplify(F1, R).

simp_list([], _, []).
simp_list([F|Fs], Env, [G|Gs]) :- simp(F, Env, G), simp_list(Fs, Env, Gs).

%   An equation conjunct is simplified with the outer environment only (so it
%   does not rewrite itself); the other conjuncts use its substitution.
simp_conj(Env, Env1, F, R) :-
    (   F = eq(_, _) -> simp(F, Env, R) ; simp(F, Env1, R) ).

collect_eq(F, Env, Env1) :-
    (   F = eq(X, Y), var(X), \+ env_has(Env, X)
    ->  subst(Env, Y, Y1),
        (   occurs_var(X, Y1) -> Env1 = Env ; Env1 = [X-Y1|Env] )
    ;   F = eq(Y, X), var(X), nonvar(Y), \+ env_has(Env, X)
    ->  subst(Env, Y, Y1),
        (   occurs_var(X, Y1) -> Env1 = Env ; Env1 = [X-Y1|Env] )
    ;   Env1 = Env
    ).

env_has([V-_|Env], X) :- ( V == X -> true ; env_has(Env, X) ).

env_get([V-T|Env], X, R) :- ( V == X -> R = T ; env_get(Env, X, R) ).

%   subst(+Env, +Term, -Term1): replaces variables by their values in Env
%   (without binding anything).
subst([], T, T) :- !.
subst(Env, T, R) :-
    (   var(T) -> ( env_get(Env, T, R0) -> subst(Env, R0, R) ; R = T )
    ;   atomic(T) -> R = T
    ;   T =.. [F|As], maplist(subst(Env), As, Bs), R =.. [F|Bs]
    ).

add_size(G, A0, A) :- regression_size(G, K), A is A0 + K.

%!  regression_size(+Regressed, -Nodes:integer) is det.
%   The number of connectives and atoms in a regressed formula.
regression_size(F, 1) :- var(F), !.
regression_size(F, N) :-
    (   F = and(Fs) ; F = or(Fs) ), !,
    foldl(add_size, Fs, 1, N).
regression_size(not(F), N) :- !, regression_size(F, K), N is K + 1.
regression_size(exists(_, F), N) :- !, regression_size(F, K), N is K + 1.
regression_size(forall(_, _, F), N) :- !, regression_size(F, K), N is K + 1.
regression_size(within(_, _, F), N) :- !, regression_size(F, K), N is K.
regression_size(kall(_, G, B), N) :- !,
    regression_size(G, K1), regression_size(B, K2), N is K1 + K2 + 1.
regression_size(percepts(_, F, _), N) :- !, regression_size(F, K), N is K + 1.
regression_size(_, 1).


regressed_free_vars(F, Free) :-
    term_variables(F, All),
    binders(F, [], Bound),
    maplist(mark_bound, Bound),
    exclude(marked_bound, All, Free),
    maplist(unmark_bound, Bound).

%   Bound variables are marked with an attribute for a moment: the set difference
%   is then linear (a list difference by == was most of the evaluation time).
mark_bound(V) :- ( var(V) -> put_attr(V, gdlsc_regression_simplify, bound) ; true ).
marked_bound(V) :- get_attr(V, gdlsc_regression_simplify, bound).
unmark_bound(V) :- ( var(V) -> del_attr(V, gdlsc_regression_simplify) ; true ).
attr_unify_hook(_, _).

binders(F, B, B) :- var(F), !.
binders(exists(Vs, F), B0, B) :- !, append(Vs, B0, B1), binders(F, B1, B).
binders(forall(Vs, _, F), B0, B) :- !, append(Vs, B0, B1), binders(F, B1, B).
binders(kall(RVs, G, H), B0, B) :- !,
    pairs_values(RVs, Vs), append(Vs, B0, B1), binders(G, B1, B2), binders(H, B2, B).
binders(percepts(P, F, _), B0, B) :- !, binders(F, [P|B0], B).
binders(not(F), B0, B) :- !, binders(F, B0, B).
binders(and(Fs), B0, B) :- !, foldl(binders, Fs, B0, B).
binders(or(Fs), B0, B) :- !, foldl(binders, Fs, B0, B).
binders(_, B, B).

