/*  gdlsc_regression_rewrite -- Reiter's regression with Scherl & Levesque's
    knowledge axiom: a query formula at do(An, ... do(A1, s0)) rewritten,
    through the successor state axioms (the completion of the next clauses)
    and the completions of the derived fluents and action predicates, into a
    formula about s0 (doc/engines.md, "Regression").  The knowledge axiom
    needs the actual history's percepts, which it evaluates at s0 through
    the declared hook s0_holds/1, defined by gdlsc_regression_eval (above
    this module: it regresses recursive fluents one level at a time with
    rf/3 and body/4).
*/
:- module(gdlsc_regression_rewrite,
          [ regress/3,              % +Formula, +Sit, -Regressed
            rf/3,                   % +Formula, +Sit, -Regressed (unsimplified)
            body/4                  % +Goal, +Ctx, +Outer, -Conjuncts
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc_formula, [memberchk_eq/2]).
:- use_module(gdlsc_developments, []).     % body/4 reads its rule_knows/rule_common calls
:- use_module(gdlsc_regression_simplify).

%!  s0_holds(+Regressed) is nondet.
%   Hook: Regressed (a formula about s0) holds at s0 (its free variables bound);
%   gdlsc_regression_eval defines it as eval_s0/1. gdlsc_regression loads both.
:- multifile s0_holds/1.

%!  regress(+Formula, +Sit, -Regressed) is det.
%   Regressed is a formula about s0 equivalent to Formula at Sit.  Free
%   variables of Formula stay free in Regressed (they are never bound).
%   @error resource_error(gdlsc_regression_size(N)) when the formula grows past the limit
%   @error gdlsc_error(not_an_agent(R)) for knows(R, F) with R random or no role
%   @error gdlsc_unsupported(What) for common knowledge and recursive action predicates
regress(F, Sit, R) :-
    nb_setval(gdlsc_reg_nodes, 0),
    retractall(memo_(_, _, _)),
    rf(F, Sit, R0),
    simplify(R0, R).

% ---------------------------------------------------------------------------
% Regression of query formulas at a situation

rf(true(F), Sit, R) :- !, rf_true(F, Sit, R).
rf(legal(Ro, M), Sit, R) :- !, rf_fluent(legal, [Ro, M], Sit, R).
rf(terminal, Sit, R) :- !, rf_fluent(terminal, [], Sit, R).
rf(goal(Ro, V), Sit, R) :- !, rf_fluent(goal, [Ro, V], Sit, R).
rf(sees(Ro, P), Sit, R) :- !, rf_action(sees, [Ro, P], Sit, R).
rf(does(Ro, M), Sit, R) :- !, rf_does(Ro, M, Sit, R).
rf(rel(Name, Args), Sit, R) :- !, rf_rel(Name, Args, Sit, R).
rf(not(F), Sit, R) :- !, rf(F, Sit, R0), mk_not(R0, R1), within(not(F), Sit, R1, R).
rf(distinct(X, Y), Sit, R) :- !, mk_neq(X, Y, R1), within(X-Y, Sit, R1, R).
rf(and(Fs), Sit, R) :- !, maplist(rf_at(Sit), Fs, Rs), mk_and(Rs, R).
rf(or(Fs), Sit, R) :- !, maplist(rf_at(Sit), Fs, Rs), mk_or(Rs, R).
rf(exists(Vs, F), Sit, R) :- !, rf(F, Sit, R0), mk_exists(Vs, R0, R).
rf(forall(Vs, F), Sit, R) :- !,
    rf(F, Sit, R0), mk_forall(Vs, Sit, R0, R1), within(forall(Vs, F), Sit, R1, R).
rf(knows(Ro, F), Sit, R) :- !, rf_knows(Ro, F, Sit, R).
%   knows whether: (or (knows R F) (knows R (not F))), also with free variables
%   (de re), which then range as under `not` (gdlsc_knows:eval_kwhether/3).
rf(kwhether(Ro, F), Sit, R) :- !,
    rf(or([knows(Ro, F), knows(Ro, not(F))]), Sit, R).
rf(common(_), _, _) :- !,
    throw(error(gdlsc_unsupported(common_knowledge_regression), regress/3)).
% internal forms introduced by the knowledge axiom
rf(poss(A), Sit, R) :- !,
    game:roles(Roles),
    A =.. [a|Ms],
    maplist(legal_atom, Roles, Ms, Ls),
    rf(and([not(terminal)|Ls]), Sit, R).
rf(after(A, F), Sit, R) :- !, rf(F, do(A, Sit), R).
rf(kall(RVs, G, B), Sit, R) :- !,
    rf(G, Sit, RG), rf(B, Sit, RB), mk_kall(RVs, RG, RB, R).
rf(percepts(Ro, A, Pi), Sit, R) :- !,
    rf(sees(Ro, P), do(A, Sit), RS),
    count_node,
    R = percepts(P, RS, Pi).
rf(F, _, _) :-
    throw(error(domain_error(gdlsc_formula, F), regress/3)).

rf_at(Sit, F, R) :- rf(F, Sit, R).

%   The query language reads negation, distinct and forall over the term universe
%   of the situation they are about (gdlsc_formula): free variables still unbound
%   when such a test is reached are first bound from that universe. within/3
%   records the variables and the situation for the evaluation at s0.
within(F, Sit, R0, R) :-
    qfree_vars(F, Vs0),
    term_variables(Sit, SVs),
    vars_minus(Vs0, SVs, Vs),
    (   Vs == [] -> R = R0
    ;   R0 == true -> R = true
    ;   R0 == false -> R = false
    ;   count_node, R = within(Vs, Sit, R0)
    ).

%   true(F): Holds(F,s0) at s0; at do(A,S) the successor state axiom, i.e. the
%   completion of next: OR over clauses next(Phi) :- Body of F = Phi /\ Body[A,S].
rf_true(F, s0, R) :- !, count_node, R = holds(F).
rf_true(F, do(A, S), R) :- unfold('g:next', [F], act(A), S, R).

rf_fluent(P, Args, s0, R) :- !, count_node, R = fluent(P, Args).
rf_fluent(P, Args, Sit, R) :-
    atom_concat('g:', P, G),
    length(Args, N), N1 is N + 1,
    (   recursive(G, N1)
    ->  count_node, R = later(P, Args, Sit)
    ;   unfold(G, Args, noact, Sit, R)
    ).

%   Action predicates (sees and those depending on does) talk about the last move:
%   false at s0 (no move was made), unfolded with A at S for do(A, S).
rf_action(_, _, s0, false) :- !.
rf_action(P, Args, do(A, S), R) :-
    atom_concat('g:', P, G),
    length(Args, N), N2 is N + 2,
    (   recursive(G, N2)
    ->  throw(error(gdlsc_unsupported(recursive_action_predicate(P)), regress/3))
    ;   unfold(G, Args, act(A), S, R)
    ).

rf_does(_, _, s0, false) :- !.
rf_does(Ro, M, do(A, _), R) :-
    term_variables(Ro-M-A, Outer),
    findall(Outer-D, ( game:role_index(Ro0, I),
                       arg(I, A, MI),
                       mk_eq(Ro, Ro0, E1), E1 \== false,
                       mk_eq(MI, M, E2),
                       mk_and([E1, E2], D) ), Pairs),
    maplist(restore(Outer), Pairs, Ds),
    mk_or(Ds, R).

rf_rel(Name, Args, Sit, R) :-
    length(Args, N),
    (   game:relation(Name, N, Class) -> true ; Class = static ),
    (   Class == static -> rf_static(Name, Args, R)
    ;   Class == fluent -> rf_fluent(Name, Args, Sit, R)
    ;   rf_action(Name, Args, Sit, R)
    ).


recursive(G, N) :-
    functor(H, G, N),
    predicate_property(game:H, tabled).

% ---------------------------------------------------------------------------
% Unfolding: the completion of a predicate, clause by clause

%!  unfold(+Pred, +Args, +Act, +Sit, -Formula) is det.
%   Formula is the disjunction, over the clauses of Pred (its Clark completion),
%   of Args = HeadArgs /\ Body, with the body regressed at Sit (true(F) at Sit;
%   does(R,M) against the joint move Act = act(A) or noact). The caller's
%   variables (in Args, A, Sit) are never bound: equations are kept for them;
%   the clause's own variables are bound by unification (that is the
%   substitution of the completion's existential variables).
unfold(G, Args, Act, Sit, R) :-
    Key = G-Args-Act-Sit,
    variant_sha1(Key, Hash),
    (   memo_(Hash, K0, R0), K0 =@= Key
    ->  copy_term(K0-R0, K1-R),
        K1 = Key
    ;   unfold_(G, Args, Act, Sit, R),
        assertz(memo_(Hash, Key, R))
    ).

%   Memo of unfold/5 per variant of (predicate, arguments, move, situation),
%   cleared by regress/3: the same atom at the same situation is met again and
%   again (every frame axiom refers to the previous situation), and regressing
%   it once keeps the work linear where the formula, after simplification, is.
:- dynamic memo_/3.

unfold_(G, Args, Act, Sit, R) :-
    term_variables(Args-Act-Sit, Outer),
    length(Args, N),
    length(HArgs, N),
    (   Act = act(_) -> append(HArgs, [AV, SV], All) ; append(HArgs, [SV], All) ),
    Head =.. [G|All],
    (   predicate_property(game:Head, defined) -> true ; existence(G) ),
    findall(Outer-D,
            ( clause(game:Head, Body),
              unify_args(Args, HArgs, Outer, Eqs),
              Ctx = ctx(AV, SV, Act, Sit, Outer),
              body(Body, Ctx, Outer, Bs),
              append(Eqs, Bs, Cs),
              closed_conjunction(Cs, Outer, D) ),
            Pairs),
    maplist(restore(Outer), Pairs, Ds),
    mk_or(Ds, R).

existence(G) :- throw(error(existence_error(game_relation, G), regress/3)).

%   closed_conjunction(+Conjuncts, +Outer, -F): the conjunction with its variables
%   other than the caller's (Outer) quantified existentially: one disjunct of a
%   completion or of a negated part of a body.
closed_conjunction(Cs, Outer, F) :-
    mk_and(Cs, C0),
    regressed_free_vars(C0, CVs),
    exclude_vars(CVs, Outer, Locals),
    mk_exists(Locals, C0, F).

restore(Outer, Outer-D, D).

exclude_vars([], _, []).
exclude_vars([V|Vs], Outer, Ls) :-
    (   memberchk_eq(V, Outer) -> Ls = Ls1 ; Ls = [V|Ls1] ),
    exclude_vars(Vs, Outer, Ls1).

local(V, Outer) :- var(V), \+ memberchk_eq(V, Outer).


legal_atom(Ro, M, legal(Ro, M)).

%   unify_args(+Xs, +Ys, +Outer, -Eqs): unify, binding only local variables;
%   an equation remains for each pair involving a caller variable. Fails when
%   the terms cannot be equal.
unify_args([], [], _, []).
unify_args([X|Xs], [Y|Ys], Outer, Eqs) :-
    unify_t(X, Y, Outer, Eqs, Eqs1),
    unify_args(Xs, Ys, Outer, Eqs1).

unify_t(X, Y, Outer, E, E0) :-
    (   local(X, Outer) -> unify_with_occurs_check(X, Y), E = E0
    ;   local(Y, Outer) -> unify_with_occurs_check(Y, X), E = E0
    ;   var(X) -> ( X == Y -> E = E0 ; E = [eq(X, Y)|E0] )
    ;   var(Y) -> E = [eq(Y, X)|E0]
    ;   compound(X), compound(Y)
    ->  compound_name_arity(X, F, N), compound_name_arity(Y, F, N),
        X =.. [_|XA], Y =.. [_|YA],
        unify_list(XA, YA, Outer, E, E0)
    ;   X == Y, E = E0
    ).

unify_list([], [], _, E, E).
unify_list([X|Xs], [Y|Ys], Outer, E, E0) :-
    unify_t(X, Y, Outer, E, E1),
    unify_list(Xs, Ys, Outer, E1, E0).

%!  body(+Goal, +Ctx, +Outer, -Conjuncts) is nondet.
%   Regresses a compiled clause body (doc/architecture.md, "The generated Prolog
%   program"). Nondeterministic: a disjunction in the body, or a variable role
%   in does/2, gives one alternative per branch; each becomes a disjunct.
body(true, _, _, []) :- !.
body(fail, _, _, _) :- !, fail.
body(game:G, Ctx, O, Cs) :- !, body(G, Ctx, O, Cs).
body((A, B), Ctx, O, Cs) :- !,
    body(A, Ctx, O, C1),
    body(B, Ctx, O, C2),
    append(C1, C2, Cs).
%   ( ground(Vs) -> Body1 ; Body2 ): the generator's two orders of the same
%   literals, for different binding modes; logically one conjunction. Regression
%   binds nothing of the caller's, so it takes the general order, Body2.
body((C -> _ ; B), Ctx, O, Cs) :- ground_tests(C), !, body(B, Ctx, O, Cs).
%   A disjunction is regressed as a subformula (like a negation): enumerating
%   its branches as alternatives of the whole clause would copy the rest of the
%   body into each branch, exponentially in the length of the history.
body((A ; B), Ctx, O, [F]) :- !,
    sub_formula((A ; B), Ctx, O, F),
    F \== false.
body(\+ G, Ctx, O, [N]) :- !,
    sub_formula(G, Ctx, O, F),
    mk_not(F, N),
    N \== false.
body(memberchk(F, S), Ctx, _, [R]) :- arg(2, Ctx, SV), S == SV, !,
    arg(4, Ctx, Sit), rf_true(F, Sit, R), R \== false.
body(member(F, S), Ctx, _, [R]) :- arg(2, Ctx, SV), S == SV, !,
    arg(4, Ctx, Sit), rf_true(F, Sit, R), R \== false.
body(ord_memberchk(F, S), Ctx, _, [R]) :- arg(2, Ctx, SV), S == SV, !,
    arg(4, Ctx, Sit), rf_true(F, Sit, R), R \== false.
body(role_index(Ro, I), _, O, Cs) :- !,
    game:role_index(Ro0, I),
    unify_t(Ro, Ro0, O, Cs, []).
body(arg(I, AV0, M), ctx(AV, _, act(A), _, _), O, Cs) :- AV0 == AV, !,
    (   integer(I) -> true ; game:role_index(_, I) ),
    arg(I, A, MI),
    unify_t(MI, M, O, Cs, []).
body(X \== Y, _, _, Cs) :- !,
    mk_neq(X, Y, N),
    (   N == true -> Cs = [] ; N \== false, Cs = [N] ).
body(X = Y, _, O, Cs) :- !, unify_t(X, Y, O, Cs, []).
body(throw(E), _, _, _) :- !, throw(E).
%   GDL-III: (knows R P) in a rule (gdlsc_developments:rule_knows/5) is the Knows
%   macro of the rule's situation: P as a query formula, regressed with the
%   knowledge axiom like a query's knows.  A variable R gives one alternative per
%   agent.  (knows P) is common knowledge, a fixpoint: refused, as in queries.
body(gdlsc_developments:rule_knows(Ro, _, SK, G, S), ctx(_, SV, _, Sit, _), O, Cs) :- S == SV, !,
    goal_formula(G, SK, F),
    game:roles(Roles),
    member(Ag, Roles),
    Ag \== random,
    unify_t(Ro, Ag, O, Eqs, []),
    rf_knows(Ag, F, Sit, R),
    R \== false,
    (   R == true -> append(Eqs, [], Cs) ; append(Eqs, [R], Cs) ).
body(gdlsc_developments:rule_common(_, _, _, _), _, _, _) :- !,
    throw(error(gdlsc_unsupported(common_knowledge_regression), regress/3)).
body(G, ctx(AV, SV, Act, Sit, _), _, Cs) :-
    compound(G), compound_name_arguments(G, P, All), atom_concat('g:', Name, P), !,
    (   append(Args, [A0, S0], All), A0 == AV, S0 == SV, Act = act(A)
    ->  rf_action(Name, Args, do(A, Sit), R)
    ;   append(Args, [S0], All), S0 == SV
    ->  rf_fluent(Name, Args, Sit, R)
    ;   rf_static(Name, All, R)
    ),
    (   R == true -> Cs = [] ; R \== false, Cs = [R] ).
body(G, _, _, _) :- atom(G), atom_concat('g:', Name, G), !,
    rf_static(Name, [], R),
    R == true.
body(G, _, _, _) :-
    throw(error(gdlsc_unsupported(compiled_goal(G)), regress/3)).

%   goal_formula(+Goal, +SK, -Formula): the relation under a compiled knows
%   (sc/emit_prolog.cpp writes it over the state variable SK) as a query formula.
goal_formula((C -> _ ; B), SK, F) :- ground_tests(C), !, goal_formula(B, SK, F).
goal_formula((G, _ \= _), SK, F) :- !, goal_formula(G, SK, F).
goal_formula(member(X, S), SK, true(X)) :- S == SK, !.
goal_formula(memberchk(X, S), SK, true(X)) :- S == SK, !.
goal_formula(ord_memberchk(X, S), SK, true(X)) :- S == SK, !.
goal_formula(G, SK, F) :-
    compound(G), compound_name_arguments(G, P, All), atom_concat('g:', Name, P), !,
    (   append(Args, [S], All), S == SK
    ->  (   Name == legal, Args = [Ro, M] -> F = legal(Ro, M)
        ;   Name == terminal, Args == [] -> F = terminal
        ;   Name == goal, Args = [Ro, V] -> F = goal(Ro, V)
        ;   F = rel(Name, Args)
        )
    ;   F = rel(Name, All)
    ).
goal_formula(G, _, rel(Name, [])) :- atom(G), atom_concat('g:', Name, G), !.
goal_formula(G, _, _) :-
    throw(error(gdlsc_unsupported(compiled_goal(G)), regress/3)).

%   The condition of a generator's binding-mode test: nonvar(V), ..., ground(T), ...
ground_tests((A, B)) :- !, ground_tests(A), ground_tests(B).
ground_tests(ground(_)).
ground_tests(nonvar(_)).

%   A binding-mode switch inside a disjunction (an `or` branch that is one lookup of
%   head variables) is an if-then-else, not two branches: read it as its general B.
branch((C -> _ ; B), Ctx, O, Cs) :- ground_tests(C), !, branch(B, Ctx, O, Cs).
branch((A ; B), Ctx, O, Cs) :- !, ( branch(A, Ctx, O, Cs) ; branch(B, Ctx, O, Cs) ).
branch(G, Ctx, O, Cs) :- body(G, Ctx, O, Cs).

%   A negated part of a body: its own disjunction of alternatives; the variables
%   it shares with the rest of the clause are outer to it.
sub_formula(G, Ctx0, O, F) :-
    term_variables(G-O, Outer),
    Ctx0 = ctx(AV, SV, Act, Sit, _),
    Ctx = ctx(AV, SV, Act, Sit, Outer),
    findall(Outer-D,
            ( branch(G, Ctx, Outer, Cs),
              closed_conjunction(Cs, Outer, D) ),
            Pairs),
    maplist(restore(Outer), Pairs, Ds),
    mk_or(Ds, F).

% ---------------------------------------------------------------------------
% Knowledge (Scherl & Levesque; DESIGN §3)
%
%   R[Knows(r, phi, s0)]       = R[phi, s0]                   (K(r,S,s0) == S = s0)
%   R[Knows(r, phi, do(A,s))]  = R[Knows(r, forall A'. Poss(A') /\ Act(r,A') = Act(r,A)
%                                    /\ {P | Sees(r,P,A')} = Pi  ->  phi[do(A',now)], s)]
%   where Pi, the percepts r got for A at s, is computed first when A and s are
%   ground (it is fixed by the history), and is otherwise a variable defined by
%   {P | Sees(r,P,A,s)} = Pi at s (nested knowledge, where A is itself a variable move).
%   With free variables (de re), phi at the actual situation is added as a first
%   conjunct: K is reflexive, so this only generates candidate bindings.

rf_knows(Ro, _, _, _) :- Ro == random, !,
    throw(error(gdlsc_error(not_an_agent(random)), regress/3)).
rf_knows(Ro, _, _, _) :- nonvar(Ro), \+ game:role_index(Ro, _), !,
    throw(error(gdlsc_error(not_an_agent(Ro)), regress/3)).
rf_knows(Ro, _, _, _) :- var(Ro), !,
    throw(error(gdlsc_unsupported(variable_knows_role), regress/3)).
rf_knows(_, F, s0, R) :- !, rf(F, s0, R).
rf_knows(Ro, F, do(A, S), R) :-
    qfree_vars(F, Free0),
    term_variables(A-S, Known),
    vars_minus(Free0, Known, Free),
    game:roles(Roles),
    game:role_index(Ro, I),
    A =.. [a|Ms],
    same_length(Ms, Ms1),
    nth1(I, Ms, Mine), nth1(I, Ms1, Mine),
    A1 =.. [a|Ms1],
    move_vars(Roles, Ms1, Ro, RVs),
    Inner = kall(RVs, and([poss(A1), percepts(Ro, A1, Pi)]), after(A1, F)),
    (   ground(A), ground(S)
    ->  actual_percepts(Ro, A, S, Pi),
        K = knows(Ro, Inner)
    ;   K = and([percepts(Ro, A, Pi), knows(Ro, Inner)])
    ),
    rf(K, S, RK),
    (   Free == []
    ->  R = RK
    ;   rf(F, do(A, S), RF), mk_and([RF, RK], R)
    ).

move_vars([], [], _, []).
move_vars([R|Rs], [M|Ms], Ro, RVs) :-
    (   R == Ro -> RVs = RVs1 ; RVs = [R-M|RVs1] ),
    move_vars(Rs, Ms, Ro, RVs1).

%   Free variables of a query formula (binders: exists, forall, kall).
qfree_vars(F, Free) :-
    term_variables(F, All),
    qbinders(F, [], Bound),
    vars_minus(All, Bound, Free).

qbinders(F, B, B) :- var(F), !.
qbinders(exists(Vs, F), B0, B) :- !, append(Vs, B0, B1), qbinders(F, B1, B).
qbinders(forall(Vs, F), B0, B) :- !, append(Vs, B0, B1), qbinders(F, B1, B).
qbinders(kall(RVs, G, H), B0, B) :- !,
    pairs_values(RVs, Vs), append(Vs, B0, B1), qbinders(G, B1, B2), qbinders(H, B2, B).
qbinders(F, B0, B) :- compound(F), !, F =.. [_|As], foldl(qbinders, As, B0, B).
qbinders(_, B, B).

%   The percepts of the actual history, by regression and evaluation at s0.
actual_percepts(Ro, A, S, Pi) :-
    rf(sees(Ro, P), do(A, S), RS),
    findall(P, s0_holds(RS), Ps0),
    sort(Ps0, Pi).

