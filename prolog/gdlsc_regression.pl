/*  gdlsc_regression: Reiter's regression, with Scherl & Levesque's knowledge axiom,
    over the generated game module `game` (doc/architecture.md, DESIGN §3).
    A query about do(An, ... do(A1, s0)) is rewritten, through the successor state
    axioms (the completion of the next clauses) and the completions of the derived
    fluents and action predicates, into a formula about s0 alone; that formula is the
    proof, printed for the user, and is then evaluated at s0. doc/engines.md
    ("Regression") describes the rewriting; this file implements it.
*/
:- module(gdlsc_regression,
          [ regress/3,                 % +Formula, +Sit, -Regressed
            eval_s0/1,                 % +Regressed
            regression_size/2,         % +Regressed, -Nodes
            regression_text/3,         % +Regressed, +VarNames, -Text
            regression_answers/4,      % +Formula, +Sit, +Vars, -Answers
            answers_of/4,              % +Regressed, +Sit, +Vars, -Answers
            regress_query/8,           % +F, +Sit, +Vars, +Names, +Limit, -Text, -Size, -Rows
            set_regression_limit/1     % +MaxNodes
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_situation, [sit_state/2]).
:- use_module(gdlsc_formula, [memberchk_eq/2]).

/** <module> Regression of query formulas to the initial situation

Formulas (input) are the query terms of doc/architecture.md: true(F), legal(R,M),
terminal, goal(R,V), sees(R,P), does(R,M), rel(Name,Args), not(F), and(Fs), or(Fs),
exists(Vs,F), forall(Vs,F), knows(R,F), kwhether(R,F) (common(F) is refused: common
knowledge is a fixpoint, not a finite rewriting). Situations are s0 and do(A,Sit)
with A = a(M1,...,Mk) (ground in user queries; the knowledge axiom introduces joint
moves whose moves are variables).

Regressed formulas (output) talk about s0 only:

  | term                 | meaning                                                |
  |----------------------|--------------------------------------------------------|
  | holds(F)             | Holds(F, s0)                                           |
  | fluent(P, Args)      | derived fluent P(Args, s0) (legal, terminal, goal, ...) |
  | static(P, Args)      | situation-free relation                                |
  | later(P, Args, Sit)  | a recursive derived fluent at Sit (see below)          |
  | eq(X,Y), neq(X,Y)    | equality of terms (Act(r,A)=m after evaluation)        |
  | true, false, not(F), and(Fs), or(Fs), exists(Vs,F)  |                        |
  | forall(Vs, Sit, F)   | ∀Vs in the term universe of Sit. F                     |
  | within(Vs, Sit, F)   | F, its free Vs first bound from the universe of Sit    |
  | kall(RVs, G, B)      | ∀ moves RVs (Role-Var pairs). G ⊃ B (knowledge axiom)    |
  | percepts(P, F, Pi)   | {P | F} = Pi (the percept set; binds Pi when unbound)  |

Recursive derived fluents (tabled in `game`) are not unfolded at a situation
do(A,S): their fixpoint cannot be written as a finite formula. They stay as
later(P, Args, Sit) and are evaluated by regressing their clauses one level at a
time (tabled on P, Args, Sit) when the s0 formula is evaluated; this is exact (the
least fixpoint of the same rules over the regressed state).
*/

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
%   (de re), which then range as under `not` (gdlsc_knowledge:eval_kwhether/3).
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

rf_static(Name, Args, R) :-
    (   ground(Args)
    ->  atom_concat('g:', Name, G), Goal =.. [G|Args],
        ( catch(game:Goal, error(existence_error(_, _), _), fail) -> R = true ; R = false )
    ;   count_node, R = static(Name, Args)
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
              mk_and(Cs, C0),
              free_vars(C0, CVs),
              exclude_vars(CVs, Outer, Locals),
              mk_exists(Locals, C0, D) ),
            Pairs),
    maplist(restore(Outer), Pairs, Ds),
    mk_or(Ds, R).

existence(G) :- throw(error(existence_error(game_relation, G), regress/3)).

restore(Outer, Outer-D, D).

exclude_vars([], _, []).
exclude_vars([V|Vs], Outer, Ls) :-
    (   memberchk_eq(V, Outer) -> Ls = Ls1 ; Ls = [V|Ls1] ),
    exclude_vars(Vs, Outer, Ls1).

local(V, Outer) :- var(V), \+ memberchk_eq(V, Outer).

%   Set operations on variable lists (by identity, ==).
vars_minus([], _, []).
vars_minus([V|Vs], Ws, Out) :-
    (   memberchk_eq(V, Ws) -> Out = Out1 ; Out = [V|Out1] ),
    vars_minus(Vs, Ws, Out1).

vars_meet([], _, []).
vars_meet([V|Vs], Ws, Out) :-
    (   memberchk_eq(V, Ws) -> Out = [V|Out1] ; Out = Out1 ),
    vars_meet(Vs, Ws, Out1).

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
%   GDL-III: (knows R P) in a rule (gdlsc_developments:rule_knows/4) is the Knows
%   macro of the rule's situation: P as a query formula, regressed with the
%   knowledge axiom like a query's knows.  A variable R gives one alternative per
%   agent.  (knows P) is common knowledge, a fixpoint: refused, as in queries.
body(gdlsc_developments:rule_knows(Ro, SK, G, S), ctx(_, SV, _, Sit, _), O, Cs) :- S == SV, !,
    goal_formula(G, SK, F),
    game:roles(Roles),
    member(Ag, Roles),
    Ag \== random,
    unify_t(Ro, Ag, O, Eqs, []),
    rf_knows(Ag, F, Sit, R),
    R \== false,
    (   R == true -> append(Eqs, [], Cs) ; append(Eqs, [R], Cs) ).
body(gdlsc_developments:rule_common(_, _, _), _, _, _) :- !,
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
              mk_and(Cs, C0),
              free_vars(C0, CVs),
              exclude_vars(CVs, Outer, Ls),
              mk_exists(Ls, C0, D) ),
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
    throw(error(instantiation_error(knows_role), regress/3)).
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
    findall(P, eval_s0(RS), Ps0),
    sort(Ps0, Pi).

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
ready(percepts(P, F, _)) :- !, free_vars(F, Fv), exclude(==(P), Fv, []).
ready(F) :- free_vars(F, []).

positive(holds(_)). positive(fluent(_, _)). positive(static(_, _)). positive(eq(_, _)).
positive(later(_, _, _)). positive(true). positive(false). positive(or(_)).
positive(exists(_, _)). positive(and(_)).
positive(within(_, _, F)) :- positive(F).

free_vars(F, Free) :-
    term_variables(F, All),
    binders(F, [], Bound),
    maplist(mark_bound, Bound),
    exclude(marked_bound, All, Free),
    maplist(unmark_bound, Bound).

%   Bound variables are marked with an attribute for a moment: the set difference
%   is then linear (a list difference by == was most of the evaluation time).
mark_bound(V) :- ( var(V) -> put_attr(V, gdlsc_regression, bound) ; true ).
marked_bound(V) :- get_attr(V, gdlsc_regression, bound).
unmark_bound(V) :- ( var(V) -> del_attr(V, gdlsc_regression) ; true ).
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

% ---------------------------------------------------------------------------
% Answers

%!  regression_answers(+Formula, +Sit, +Vars:list, -Answers:list) is det.
%   Answers is the sorted set of ground instances of Vars for which the
%   regressed Formula holds at s0 ([[]] / [] for a closed formula that holds / fails).
regression_answers(F, Sit, Vars, Answers) :-
    regress(F, Sit, R),
    answers_of(R, Sit, Vars, Answers).

%!  answers_of(+Regressed, +Sit, +Vars, -Answers) is det.
%   Evaluates a regressed formula at s0; answer variables it leaves unbound range
%   over the universe of Sit (as in gdlsc_formula:answers/4).
answers_of(R, Sit, Vars, Answers) :-
    findall(Vars, ( eval_s0(R), bind_universe(Vars, Sit) ), L),
    sort(L, Answers).

%!  regress_query(+Formula, +Sit, +Vars, +Names, +Limit, -Text, -Size, -Rows) is det.
%   What `gdlsc regress` and the regression engine of `gdlsc query` need in one
%   call: the regressed formula as text (Names: the answer variables' names,
%   in the order of Vars), its size in nodes, and the sorted answer rows.
%   Limit (an integer or an atom of digits) bounds the formula's size.
regress_query(F, Sit, Vars, Names, Limit, Text, Size, Rows) :-
    (   atom(Limit) -> atom_number(Limit, L) ; L = Limit ),
    set_regression_limit(L),
    regress(F, Sit, R),
    regression_size(R, Size),
    maplist([N, V, N=V]>>true, Names, Vars, Pairs),
    regression_text(R, Pairs, Text),
    answers_of(R, Sit, Vars, Rows).

:- multifile prolog:message//1.
prolog:message(error(resource_error(gdlsc_regression_size(N)), _)) -->
    [ 'the regressed formula grows beyond ~D nodes (see --max-size)'-[N] ].
prolog:message(error(gdlsc_unsupported(common_knowledge_regression), _)) -->
    [ 'common knowledge cannot be regressed into a finite formula (use --engine progression)'-[] ].
prolog:message(error(gdlsc_unsupported(recursive_action_predicate(P)), _)) -->
    [ 'regression does not support the recursive action predicate ~w'-[P] ].
prolog:message(error(gdlsc_unsupported(compiled_goal(G)), _)) -->
    [ 'regression met an unexpected goal in the generated program: ~q'-[G] ].

% ---------------------------------------------------------------------------
% Printing (the notation of `translate --format text`: Holds(F, s0), Legal(r, m, s0))

%!  regression_text(+Regressed, +VarNames:list, -Text:string) is det.
%   Renders a regressed formula, one connective per line when it is long.
%   VarNames is a list Name=Var for the query's free variables; other variables
%   are named X1, X2, ... and the moves of the knowledge axiom after their role.
regression_text(F, Names, Text) :-
    nb_setval(gdlsc_move_counter, 0),
    copy_term(F-Names, F1-Names1),
    maplist(name_var, Names1),
    name_moves(F1),
    term_variables(F1, Vs),
    foldl(number_var, Vs, 0, _),
    with_output_to(string(Text), pp(F1, 0)).

name_var(N=V) :- ( var(V) -> V = '$VAR'(N) ; true ).

number_var(V, I0, I) :- I is I0 + 1, format(atom(N), 'X~w', [I]), V = '$VAR'(N).

name_moves(F) :- var(F), !.
name_moves(kall(RVs, G, B)) :- !,
    maplist(name_move, RVs),
    name_moves(G), name_moves(B).
name_moves(F) :- compound(F), !, F =.. [_|As], maplist(name_moves, As).
name_moves(_).

name_move(R-V) :- ( var(V) -> nb_move_name(R, N), V = '$VAR'(N) ; true ).

nb_move_name(R, N) :-
    (   nb_current(gdlsc_move_counter, C0) -> true ; C0 = 0 ),
    C is C0 + 1, nb_setval(gdlsc_move_counter, C),
    upcase_first(R, RU),
    format(atom(N), 'M~w_~w', [C, RU]).

upcase_first(R, RU) :-
    format(atom(A), '~w', [R]),
    (   sub_atom(A, 0, 1, _, F) -> sub_atom(A, 1, _, 0, Rest), upcase_atom(F, FU), atom_concat(FU, Rest, RU)
    ;   RU = A
    ).

pp(F, Ind) :-
    inline(F, S),
    string_length(S, L),
    (   L + Ind =< 100 -> write(S)
    ;   pp_long(F, Ind, S)
    ).

pp_long(and(Fs), Ind, _) :- !, pp_list(Fs, Ind, "∧").
pp_long(or(Fs), Ind, _) :- !, pp_list(Fs, Ind, "∨").
pp_long(not(F), Ind, _) :- !, write("¬("), I1 is Ind + 2, pp(F, I1), write(")").
pp_long(exists(Vs, F), Ind, _) :- !,
    vars_text(Vs, VT), format("∃~w.~n", [VT]), I1 is Ind + 2, tab(I1), pp(F, I1).
pp_long(within(_, _, F), Ind, S) :- !, pp_long(F, Ind, S).
pp_long(forall(Vs, _, F), Ind, _) :- !,
    vars_text(Vs, VT), format("∀~w.~n", [VT]), I1 is Ind + 2, tab(I1), pp(F, I1).
pp_long(kall(RVs, G, B), Ind, _) :- !,
    pairs_values(RVs, Vs), vars_text(Vs, VT),
    I1 is Ind + 2,
    format("∀~w. (~n", [VT]), tab(I1), pp(G, I1), nl,
    tab(Ind), write("⊃ "), pp(B, I1), write(")").
pp_long(percepts(P, F, Pi), Ind, _) :- !,
    format("{~w |~n", [P]), I1 is Ind + 2, tab(I1), pp(F, I1),
    set_text(Pi, PT), format("} = ~w", [PT]).
pp_long(_, _, S) :- write(S).

pp_list([F|Fs], Ind, Op) :-
    write("("), I1 is Ind + 2, pp(F, I1),
    forall(member(G, Fs), ( nl, tab(Ind), format("~w ", [Op]), pp(G, I1) )),
    write(")").

vars_text(Vs, T) :- with_output_to(string(T), print_list(Vs, ",")).

inline(F, S) :- with_output_to(string(S), il(F)).

il(F) :- var(F), !, t(F).
il(true) :- !, write("⊤").
il(false) :- !, write("⊥").
il(holds(F)) :- !, write("Holds("), t(F), write(", s0)").
il(fluent(P, Args)) :- !, cap(P, CP), app(CP, Args, s0).
il(static(P, Args)) :- !, app(P, Args, none).
il(later(P, Args, Sit)) :- !, cap(P, CP), app(CP, Args, sit(Sit)).
il(eq(X, Y)) :- !, t(X), write(" = "), t(Y).
il(neq(X, Y)) :- !, t(X), write(" ≠ "), t(Y).
il(not(F)) :- !, write("¬"), il_paren(F).
il(and(Fs)) :- !, il_join(Fs, " ∧ ").
il(or(Fs)) :- !, il_join(Fs, " ∨ ").
il(exists(Vs, F)) :- !, write("∃"), print_list(Vs, ","), write(". "), il_paren(F).
il(within(_, _, F)) :- !, il(F).
il(forall(Vs, _, F)) :- !, write("∀"), print_list(Vs, ","), write(". "), il_paren(F).
il(kall(RVs, G, B)) :- !,
    pairs_values(RVs, Vs), write("∀"), print_list(Vs, ","), write(". ("),
    il(G), write(" ⊃ "), il(B), write(")").
il(percepts(P, F, Pi)) :- !,
    write("{"), t(P), write(" | "), il(F), write("} = "), set_text(Pi, T), write(T).
il(F) :- t(F).

il_paren(F) :-
    (   F = kall(_, _, _) -> write("("), il(F), write(")") ; il(F) ).

il_join([F|Fs], Op) :-
    write("("), il_paren(F), forall(member(G, Fs), ( write(Op), il_paren(G) )), write(")").

cap(terminal, 'Terminal') :- !.
cap(legal, 'Legal') :- !.
cap(goal, 'Goal') :- !.
cap(P, P).

app(P, Args, Sit) :-
    write(P),
    (   Args == [], Sit == none -> true
    ;   write("("), print_list(Args, ", "),
        (   Sit == none -> true
        ;   ( Args == [] -> true ; write(", ") ),
            (   Sit = sit(S) -> t(S) ; write(Sit) )
        ),
        write(")")
    ).

set_text(Pi, T) :-
    (   is_list(Pi) -> with_output_to(string(B), print_list(Pi, ", ")), format(string(T), "{~w}", [B])
    ;   with_output_to(string(T), t(Pi))
    ).

print_list([], _).
print_list([X|Xs], Sep) :- t(X), forall(member(Y, Xs), ( write(Sep), t(Y) )).

%   Terms as in `translate --format text`: f(a, b), joint moves ⟨m1, m2⟩,
%   situations Do(A, S); variables were bound to '$VAR'(Name) before.
t('$VAR'(N)) :- !, write(N).
t(X) :- var(X), !, write('_').
t(X) :- atomic(X), !, write(X).
t(do(A, S)) :- !, write("Do("), t(A), write(", "), t(S), write(")").
t(X) :- compound_name_arguments(X, a, Args), Args \== [], !,
    write("⟨"), print_list(Args, ", "), write("⟩").
t(X) :- compound_name_arguments(X, F, Args), write(F), write("("), print_list(Args, ", "), write(")").
