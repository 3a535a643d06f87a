/*  gdlsc_formula: the query language over situations (doc/usage.md, "query").
    Formula terms are built by the C++ side from KIF (src/query/formula.cpp); game
    names never become goals: a game relation is called only as 'g:Name' after
    checking that game:relation(Name, Arity, Class) exists.

    Quantifiers and negation range over the finite term universe of a situation:
    the ground terms of the program (game:universe_term/1), of the state, of the
    legal moves, and of the last joint move and its percepts, with every subterm.
    Free variables under not/forall are bound from that universe before the test,
    so negation never flounders; conjunctions evaluate binding conjuncts first.
*/
:- module(gdlsc_formula,
          [ eval/2,             % +Formula, +Sit
            eval_state/2,       % +Formula, +State
            answers/4,          % +Formula, +Sit, +Vars, -Rows
            free_vars/2,        % +Formula, -Vars
            universe/2,         % +Sit, -Terms
            in_universe/2,      % ?Term, +Sit
            memberchk_eq/2,     % +X, +List: X is identical (==) to a member
            state_formula/2     % +Kind, +Formula: about the current state only
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(occurs)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_situation).

%!  eval(+Formula, +Sit) is nondet.
%   Formula holds in the ground situation Sit; binds its free variables.
%   @error type_error(gdlsc_formula, F) for a term that is not a formula.
%   @error existence_error(knowledge_runtime, Name/Arity) for knows/common/kwhether
%          when prolog/gdlsc_knows.pl is not loaded.
eval(F, _) :- var(F), !, instantiation_error(F).
eval(true(F), Sit) :- !, holds(F, Sit).
eval(legal(R, M), Sit) :- !, sit_state(Sit, S), legal_move(R, M, S).
eval(terminal, Sit) :- !, sit_state(Sit, S), terminal(S).
eval(goal(R, V), Sit) :- !, sit_state(Sit, S), goal(R, V, S).
eval(sees(R, P), Sit) :- !, Sit = do(A, Sit0), sit_state(Sit0, S), game:'g:sees'(R, P, A, S).
eval(does(R, M), Sit) :- !, Sit = do(A, _), game:role_index(R, I), arg(I, A, M).
eval(rel(Name, Args), Sit) :- !, eval_relation(Name, Args, Sit).
eval(distinct(X, Y), Sit) :- !, bind_free(X-Y, Sit), X \== Y.
eval(not(F), Sit) :- !, bind_free(F, Sit), \+ eval(F, Sit).
eval(and(Fs), Sit) :- !, order_conjuncts(Fs, Ordered), eval_all(Ordered, Sit).
eval(or(Fs), Sit) :- !, member(F, Fs), eval(F, Sit).
eval(exists(Vs, F), Sit) :- !,
    free_vars(exists(Vs, F), Free),
    (   Free == [] -> once(eval(F, Sit)) ; eval(F, Sit) ).
eval(forall(Vs, F), Sit) :- !,
    free_vars(forall(Vs, F), Free),
    bind_all(Free, Sit),
    \+ ( bind_all(Vs, Sit), \+ eval(F, Sit) ).
eval(knows(R, F), Sit) :- !, knowledge(eval_knows(R, F, Sit)).
eval(common(F), Sit) :- !, knowledge(eval_common(F, Sit)).
eval(kwhether(R, F), Sit) :- !, knowledge(eval_kwhether(R, F, Sit)).
eval(F, _) :- type_error(gdlsc_formula, F).

%!  eval_state(+Formula, +State) is nondet.
%   Formula at a state alone (sorted fluent list), the situation '$state'(State): for
%   formulas about the current state (whole-game proofs, src/query/proof.cpp).
eval_state(F, S) :- eval(F, '$state'(S)).

eval_all([], _).
eval_all([F|Fs], Sit) :- eval(F, Sit), eval_all(Fs, Sit).

% Binding conjuncts first (in their order), then tests (negation, forall).
order_conjuncts(Fs, Ordered) :-
    partition(is_test, Fs, Tests, Gens),
    append(Gens, Tests, Ordered).

is_test(not(_)).
is_test(forall(_, _)).
is_test(distinct(_, _)).

% rel(Name, Args): a relation of the game, with the extra arguments of its class.
% Action predicates (and sees/does) refer to the last joint move; they are false in s0.
eval_relation(Name, Args, Sit) :-
    length(Args, N),
    (   game:relation(Name, N, Class)
    ->  true
    ;   existence_error(game_relation, Name/N)
    ),
    atom_concat('g:', Name, P),
    (   Class == static -> Extra = []
    ;   Class == fluent -> sit_state(Sit, S), Extra = [S]
    ;   Sit = do(A, Sit0), sit_state(Sit0, S), Extra = [A, S]
    ),
    append(Args, Extra, All),
    G =.. [P|All],
    game:G.

%   knowledge(+Goal): Goal is eval_knows(R, F, Sit), eval_common(F, Sit) or
%   eval_kwhether(R, F, Sit), answered by the knowledge runtime through the hook
%   knowledge_hook/1 (gdlsc_knows defines it: this module does not depend on it).
:- multifile knowledge_hook/1.
:- dynamic knowledge_hook/1.

knowledge(Goal) :-
    (   predicate_property(knowledge_hook(_), number_of_clauses(N)), N > 0
    ->  knowledge_hook(Goal)
    ;   functor(Goal, Name, Arity),
        throw(error(existence_error(knowledge_runtime, Name/Arity),
                    context(gdlsc_formula:eval/2,
                            'knowledge formulas need prolog/gdlsc_knows.pl')))
    ).

%!  free_vars(+Formula, -Vars:list) is det.
%   The variables of Formula not bound by exists/forall, in order of occurrence.
free_vars(F, Vs) :-
    free_vars_(F, [], Vs0),
    reverse(Vs0, Vs1),
    list_to_set_eq(Vs1, Vs).

free_vars_(V, Acc, Acc) :- var(V), !.   % a formula variable cannot happen; be lenient
free_vars_(exists(Qs, F), Acc0, Acc) :- !, quantified(Qs, F, Acc0, Acc).
free_vars_(forall(Qs, F), Acc0, Acc) :- !, quantified(Qs, F, Acc0, Acc).
free_vars_(not(F), Acc0, Acc) :- !, free_vars_(F, Acc0, Acc).
free_vars_(and(Fs), Acc0, Acc) :- !, foldl(free_vars_, Fs, Acc0, Acc).
free_vars_(or(Fs), Acc0, Acc) :- !, foldl(free_vars_, Fs, Acc0, Acc).
free_vars_(knows(R, F), Acc0, Acc) :- !, term_vars_acc(R, Acc0, Acc1), free_vars_(F, Acc1, Acc).
free_vars_(kwhether(R, F), Acc0, Acc) :- !, term_vars_acc(R, Acc0, Acc1), free_vars_(F, Acc1, Acc).
free_vars_(common(F), Acc0, Acc) :- !, free_vars_(F, Acc0, Acc).
free_vars_(T, Acc0, Acc) :- term_vars_acc(T, Acc0, Acc).

quantified(Qs, F, Acc0, Acc) :-
    free_vars_(F, [], Inner),
    exclude(in_eq(Qs), Inner, Free),
    reverse(Free, Free1),
    foldl([V, A0, [V|A0]]>>true, Free1, Acc0, Acc).

term_vars_acc(T, Acc0, Acc) :-
    term_variables(T, Vs),
    foldl([V, A0, [V|A0]]>>true, Vs, Acc0, Acc).

%!  state_formula(+Kind, +Formula) is semidet.
%   Formula is about the final state of a development: not about its last joint move
%   (does), its percepts (sees) nor knowledge (knows, common, kwhether), at any depth.
%   Kind says what else may occur:
%   - closed: only fluents, legal, terminal, goal, distinct, relations of the game that
%     are not action predicates, and connectives; no quantifier (they range over a
%     universe that includes the last joint move): decided by a state alone (knows on the
%     distinct states of an information set, gdlsc_knows);
%   - open: quantifiers too, and any other construct (eval/2 judges it): decided at a
%     representative development of each state (belief/5, gdlsc_belief).
state_formula(_, F) :- var(F), !, fail.
state_formula(_, does(_, _)) :- !, fail.
state_formula(_, sees(_, _)) :- !, fail.
state_formula(_, knows(_, _)) :- !, fail.
state_formula(_, common(_)) :- !, fail.
state_formula(_, kwhether(_, _)) :- !, fail.
state_formula(K, not(F)) :- !, state_formula(K, F).
state_formula(K, and(Fs)) :- !, state_formulas(K, Fs).
state_formula(K, or(Fs)) :- !, state_formulas(K, Fs).
state_formula(K, exists(_, F)) :- !, K == open, state_formula(K, F).
state_formula(K, forall(_, F)) :- !, K == open, state_formula(K, F).
state_formula(K, rel(Name, Args)) :- !,
    (   K == open
    ->  length(Args, N),
        \+ game:relation(Name, N, action)
    ;   is_list(Args),
        length(Args, N),
        game:relation(Name, N, Class),
        Class \== action
    ).
state_formula(_, true(_)) :- !.
state_formula(_, legal(_, _)) :- !.
state_formula(_, terminal) :- !.
state_formula(_, goal(_, _)) :- !.
state_formula(_, distinct(_, _)) :- !.
state_formula(open, _).

state_formulas(open, Fs) :- maplist(state_formula(open), Fs).
state_formulas(closed, Fs) :- is_list(Fs), maplist(state_formula(closed), Fs).

%!  memberchk_eq(+X, +List) is semidet.
%   X is identical (==, not unified) to a member of List: the one such helper of the
%   runtime (variables of formulas are compared by identity everywhere).
memberchk_eq(X, [Y|Ys]) :- ( X == Y -> true ; memberchk_eq(X, Ys) ).

% in_eq(+Vars, +V): V is one of Vars (a named predicate, not a yall lambda: a lambda
% called without compile-time expansion copies Vars, and V == copy never holds).
in_eq(Qs, V) :- memberchk_eq(V, Qs).

list_to_set_eq([], []).
list_to_set_eq([X|Xs], [X|Ys]) :-
    exclude(==(X), Xs, Xs1),
    list_to_set_eq(Xs1, Ys).

bind_free(F, Sit) :- free_vars(F, Vs), bind_all(Vs, Sit).

bind_all(Vs, Sit) :- maplist(bind_one(Sit), Vs).

bind_one(Sit, V) :- ( var(V) -> in_universe(V, Sit) ; true ).

%!  in_universe(?Term, +Sit) is nondet.
%   Term is in the quantifier domain of Sit (bound terms are checked, not enumerated).
in_universe(T, Sit) :-
    universe(Sit, U),
    (   ground(T) -> memberchk(T, U) ; member(T, U) ).

:- table universe/2.

%!  universe(+Sit, -Terms:list) is det.
%   The finite term universe of Sit, sorted (see the module header).
universe(Sit, U) :-
    sit_state(Sit, S),
    findall(T, universe_source(Sit, S, T), Ts),
    findall(X, (member(T, Ts), sub_term(X, T), ground(X)), Xs),
    sort(Xs, U).

universe_source(_, _, T) :- game:universe_term(T).
universe_source(_, S, T) :- member(T, S), T \= 'gdlsc world'(_).
universe_source(_, S, T) :- legal_move(_, T, S).
universe_source(do(A, _), _, T) :- arg(_, A, T).
universe_source(do(A, Sit0), _, T) :- sit_state(Sit0, S0), game:'g:sees'(_, T, A, S0).

%!  answers(+Formula, +Sit, +Vars:list, -Rows:list) is det.
%   Every binding of the answer variables Vars that makes Formula hold in Sit, as a
%   sorted list of lists. A variable the formula leaves unbound ranges over the universe.
answers(F, Sit, Vars, Rows) :-
    findall(Vars, ( eval(F, Sit), bind_all(Vars, Sit) ), Rows0),
    sort(Rows0, Rows).
