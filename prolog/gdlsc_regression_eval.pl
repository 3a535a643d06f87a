/*  gdlsc_regression_eval -- a regressed formula evaluated at s0: conjunctions
    left to right with negations delayed until their variables are bound,
    quantifiers over the term universe of the situation they are about
    (regressed too), recursive derived fluents regressed one level at a time
    and tabled (their least fixpoint).
*/
:- module(gdlsc_regression_eval,
          [ eval_s0/1,              % +Regressed
            bind_universe/2         % +Vars, +Sit
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc_situation, [sit_state/2]).
:- use_module(gdlsc_regression_simplify).
:- use_module(gdlsc_regression_rewrite, [rf/3, body/4]).

%   The evaluation at s0 the rewriting's knowledge axiom asks for (the actual percepts).
:- multifile gdlsc_regression_rewrite:s0_holds/1.
gdlsc_regression_rewrite:s0_holds(R) :- eval_s0(R).

% ---------------------------------------------------------------------------
% Evaluation at s0

%!  eval_s0(+Regressed) is nondet.
%   Regressed holds at s0; binds its free variables (each answer at least once).
%   Conjunctions are evaluated left to right, except that a negative conjunct
%   whose free variables are not yet bound waits for the positive ones.
%   @error gdlsc_unsupported(floundering(F)) when only unbound negations remain
eval_s0(F) :-
    init_state(S0),
    ev(F, S0).

%   The state of s0 as the rules see it (in a GDL-III game, the root development's).
init_state(S0) :- sit_state(s0, S0).

ev(true, _) :- !.
ev(false, _) :- !, fail.
ev(holds(F), S0) :- !, ( ground(F) -> memberchk(F, S0) ; member(F, S0) ).
ev(fluent(P, Args), S0) :- !,
    atom_concat('g:', P, G), append(Args, [S0], All), Goal =.. [G|All],
    call(game:Goal).
ev(static(P, Args), _) :- !,
    atom_concat('g:', P, G), Goal =.. [G|Args],
    catch(game:Goal, error(existence_error(_, _), _), fail).
ev(later(P, Args, Sit), S0) :- !,
    (   ground(Sit) -> true
    ;   throw(error(instantiation_error(later(P, Args, Sit)), eval_s0/1))
    ),
    later_holds(P, Args, Sit, S0).
ev(eq(X, Y), _) :- !, unify_with_occurs_check(X, Y).
ev(neq(X, Y), _) :- !, \+ X = Y.
ev(not(F), S0) :- !, \+ ev(F, S0).
ev(and(Fs), S0) :- !, ev_and(Fs, S0).
ev(or(Fs), S0) :- !, member(F, Fs), ev(F, S0).
ev(exists(_, F), S0) :- !, ev(F, S0).
ev(forall(Vs, Sit, F), S0) :- !,
    \+ ( bind_universe(Vs, Sit), \+ ev(F, S0) ).
ev(within(Vs, Sit, F), S0) :- !,
    bind_universe(Vs, Sit),
    ev(F, S0).
ev(kall(_, G, B), S0) :- !, \+ ( ev(G, S0), \+ ev(B, S0) ).
ev(percepts(P, F, Pi), S0) :- !,
    findall(P, ev(F, S0), Ps), sort(Ps, Pi1), Pi = Pi1.
ev(F, _) :- throw(error(domain_error(gdlsc_regressed_formula, F), eval_s0/1)).

ev_and([], _) :- !.
ev_and(Fs, S0) :-
    (   select(F, Fs, Rest), ready(F)
    ->  true
    ;   Fs = [F|Rest]
    ),
    ev(F, S0),
    ev_and(Rest, S0).

%   A conjunct can run now: positive ones always; negative ones (not, neq,
%   universal quantifiers) once their free variables are bound.
ready(F) :- positive(F), !.
ready(percepts(P, F, _)) :- !, regressed_free_vars(F, Fv), exclude(==(P), Fv, []).
ready(F) :- regressed_free_vars(F, []).

positive(holds(_)). positive(fluent(_, _)). positive(static(_, _)). positive(eq(_, _)).
positive(later(_, _, _)). positive(true). positive(false). positive(or(_)).
positive(exists(_, _)). positive(and(_)).
positive(within(_, _, F)) :- positive(F).


%   The quantifier domain of the query language (gdlsc_formula:universe/2): the
%   ground subterms of the program's terms, of the state, of the legal moves, of
%   the last joint move and of its percepts -- here all computed by regression.
bind_universe(Vs, _) :-
    \+ ( member(V, Vs), var(V) ),
    !.          % nothing left to bind: the universe (costly to regress) is not needed
bind_universe(Vs, Sit) :-
    (   ground(Sit) -> true
    ;   throw(error(instantiation_error(universe(Sit)), eval_s0/1))
    ),
    reg_universe(Sit, U),
    maplist(bind_in(U), Vs).

bind_in(U, V) :- ( var(V) -> member(V, U) ; true ).

:- table reg_universe/2.
reg_universe(Sit, U) :-
    findall(T, universe_source(Sit, T), Ts),
    findall(X, ( member(T, Ts), sub_term(X, T), ground(X) ), Xs),
    sort(Xs, U).

universe_source(_, T) :- game:universe_term(T).
universe_source(Sit, T) :- regressed_holds(true(T), Sit).
universe_source(Sit, T) :- regressed_holds(legal(_, T), Sit).
universe_source(do(A, _), T) :- arg(_, A, T).
universe_source(do(A, Sit), T) :- regressed_holds(sees(_, T), do(A, Sit)).

regressed_holds(F, Sit) :-
    nb_setval(gdlsc_reg_nodes, 0),
    rf(F, Sit, R),
    eval_s0(R).

%   A recursive derived fluent at a (ground) situation: its clauses regressed one
%   level, evaluated at s0; recursive calls come back here. Tabled, so positive
%   loops terminate with the least fixpoint.
:- table later_holds/4.
later_holds(P, Args, Sit, S0) :-
    atom_concat('g:', P, G),
    length(Args, N),
    length(HArgs, N), append(HArgs, [SV], All), Head =.. [G|All],
    clause(game:Head, Body),
    Args = HArgs,
    term_variables(Args, Outer),
    body(Body, ctx(_, SV, noact, Sit, Outer), Outer, Cs),
    mk_and(Cs, F),
    ev(F, S0).

