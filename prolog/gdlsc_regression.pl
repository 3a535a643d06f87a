/*  gdlsc_regression: Reiter's regression, with Scherl & Levesque's knowledge axiom,
    over the generated game module `game` (doc/architecture.md, DESIGN §3).
    A query about do(An, ... do(A1, s0)) is rewritten, through the successor state
    axioms (the completion of the next clauses) and the completions of the derived
    fluents and action predicates, into a formula about s0 alone; that formula is the
    proof, printed for the user, and is then evaluated at s0. doc/engines.md
    ("Regression") describes the rewriting.  This module is the entry (the
    host calls regress_query/8); the work is in
      gdlsc_regression_simplify  the regressed formulas: constructors, simplifier, size
      gdlsc_regression_rewrite   the rewriting (successor state axioms, completions, K)
      gdlsc_regression_eval      evaluation at s0
      gdlsc_regression_print     the regressed formula as text
*/
:- module(gdlsc_regression,
          [ regression_answers/4,      % +Formula, +Sit, +Vars, -Answers
            answers_of/4,              % +Regressed, +Sit, +Vars, -Answers
            regress_query/8            % +F, +Sit, +Vars, +Names, +Limit, -Text, -Size, -Rows
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- reexport(gdlsc_regression_rewrite, [regress/3]).
:- reexport(gdlsc_regression_eval, [eval_s0/1]).
:- use_module(gdlsc_regression_eval, [bind_universe/2]).
:- reexport(gdlsc_regression_simplify, [regression_size/2, set_regression_limit/1]).
:- reexport(gdlsc_regression_print, [regression_text/3]).

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
prolog:message(error(gdlsc_unsupported(variable_knows_role), _)) -->
    [ 'regression needs a role name in knows and kwhether, not a variable (use --engine progression)'-[] ].
prolog:message(error(gdlsc_unsupported(common_knowledge_regression), _)) -->
    [ 'common knowledge cannot be regressed into a finite formula (use --engine progression)'-[] ].
prolog:message(error(gdlsc_unsupported(recursive_action_predicate(P)), _)) -->
    [ 'regression does not support the recursive action predicate ~w'-[P] ].
prolog:message(error(gdlsc_unsupported(compiled_goal(G)), _)) -->
    [ 'regression met an unexpected goal in the generated program: ~q'-[G] ].

