/*  A direct, progression-based evaluator of query formulas, used only to
    cross-check gdlsc_regression in the plunit tests: states by gdlsc_game,
    knowledge over information sets computed by brute force (every legal
    development of the same length, same own moves, same percepts).
*/
:- module(regression_reference, [ref_eval/2, ref_answers/4, sit_of/2]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc(gdlsc_game)).

%!  sit_of(+JointMoves, -Sit) is det.
sit_of(As, Sit) :- foldl([A, S0, do(A, S0)]>>true, As, s0, Sit).

state(s0, S) :- init_state(S).
state(do(A, Sit), S) :- state(Sit, S0), next_state(A, S0, S).

%!  ref_answers(+Formula, +Sit, +Vars, -Answers) is det.
ref_answers(F, Sit, Vars, Answers) :-
    findall(Vars, ref_eval(F, Sit), L), include(ground, L, L1), sort(L1, Answers).

%!  ref_eval(+Formula, +Sit) is nondet.
ref_eval(true(F), Sit) :- state(Sit, S), member(F, S).
ref_eval(legal(R, M), Sit) :- state(Sit, S), legal_move(R, M, S).
ref_eval(terminal, Sit) :- state(Sit, S), terminal(S).
ref_eval(goal(R, V), Sit) :- state(Sit, S), goal(R, V, S).
ref_eval(sees(R, P), do(A, Sit)) :- state(Sit, S), game:'g:sees'(R, P, A, S).
ref_eval(does(R, M), do(A, _)) :- game:role_index(R, I), arg(I, A, M).
ref_eval(rel(N, Args), Sit) :-
    length(Args, K), game:relation(N, K, C), atom_concat('g:', N, G),
    (   C == static -> Goal =.. [G|Args], call(game:Goal)
    ;   C == fluent -> state(Sit, S), append(Args, [S], All), Goal =.. [G|All], call(game:Goal)
    ;   Sit = do(A, Sit0), state(Sit0, S), append(Args, [A, S], All), Goal =.. [G|All], call(game:Goal)
    ).
ref_eval(not(F), Sit) :- \+ ref_eval(F, Sit).
ref_eval(and(Fs), Sit) :- maplist([F]>>ref_eval(F, Sit), Fs).
ref_eval(or(Fs), Sit) :- member(F, Fs), ref_eval(F, Sit).
ref_eval(exists(_, F), Sit) :- ref_eval(F, Sit).
ref_eval(knows(R, F), Sit) :-
    ref_eval(F, Sit),
    infoset(R, Sit, Sits),
    forall(member(S1, Sits), ref_eval(F, S1)).
ref_eval(kwhether(R, F), Sit) :-
    ( ref_eval(knows(R, F), Sit) ; ref_eval(knows(R, not(F)), Sit) ).

%   The information set by brute force: developments of the same length with
%   the same moves of R and the same percepts of R at every step.
infoset(R, Sit, Sits) :-
    history(Sit, As),
    findall(S1, alt(R, As, s0, s0, S1), Sits).

history(s0, []).
history(do(A, S), As) :- history(S, As0), append(As0, [A], As).

alt(_, [], _, Alt, Alt).
alt(R, [A|As], Act, Alt, Out) :-
    state(Alt, S1), \+ terminal(S1),
    joint_moves(S1, Js), member(A1, Js),
    game:role_index(R, I), arg(I, A, M), arg(I, A1, M),
    state(Act, S), percepts(R, A, S, P), percepts(R, A1, S1, P),
    alt(R, As, do(A, Act), do(A1, Alt), Out).
