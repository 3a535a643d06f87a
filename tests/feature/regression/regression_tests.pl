:- encoding(utf8).
/*  plunit tests of prolog/gdlsc_regression.pl, on games hand-written in the
    generated format: the card game of Thielscher 2010 (tests/feature/knowledge/
    card_game_module.pl) or path_game_module.pl, chosen by the environment
    variable REGRESSION_FIXTURE (card, the default, or path). Known answers, the printed proof, and a
    cross-check against progression (gdlsc_formula:answers/4, with gdlsc_knows)
    over random histories.
    Run: REGRESSION_FIXTURE=path swipl -g run_tests -t halt regression_tests.pl
*/
:- prolog_load_context(directory, Dir),
   atom_concat(Dir, '/../../../prolog', P),
   asserta(user:file_search_path(gdlsc, P)),
   asserta(user:file_search_path(rtest, Dir)).
:- use_module(gdlsc(gdlsc_game)).
:- use_module(gdlsc(gdlsc_playout), [random_joint_move/2]).
:- use_module(gdlsc(gdlsc_regression)).
:- use_module(library(plunit)).
:- use_module(library(random)).

:- (   getenv('REGRESSION_FIXTURE', path)
   ->  use_module(rtest(path_game_module))
   ;   use_module(rtest('../knowledge/card_game_module'))
   ).
:- use_module(gdlsc(gdlsc_situation)).
:- use_module(gdlsc(gdlsc_formula)).
:- use_module(gdlsc(gdlsc_knows)).

fixture(F) :- ( getenv('REGRESSION_FIXTURE', path) -> F = path ; F = card ).

dealt(do(a(noop, noop, deal(king, '7')), s0)).
all_in(do(a(allIn, allIn, noop), S)) :- dealt(S).

holds_after(F, Sit) :- regress(F, Sit, R), eval_s0(R), !.
text(F, Sit, T) :- regress(F, Sit, R), regression_text(R, [], T).

%   Random legal histories (seeded), at most Len steps, stopping at terminal states.
random_history(Seed, Len, Sit) :-
    set_random(seed(Seed)),
    init_state(S0),
    walk(Len, S0, s0, Sit).
walk(0, _, Sit, Sit) :- !.
walk(N, S, Sit0, Sit) :-
    (   terminal(S) -> Sit = Sit0
    ;   random_joint_move(S, A)
    ->  next_state(A, S, S1), N1 is N - 1, walk(N1, S1, do(A, Sit0), Sit)
    ;   Sit = Sit0
    ).

%   Query formulas with answer variables X, Y, per game.
queries(card, [ true(hasCard(X, Y)), legal(X, Y), terminal, goal(X, Y), sees(X, Y), does(X, Y),
                not(true(bettingRound)), and([legal(jane, X), not(legal(rick, X))]),
                exists([Y], true(hasCard(X, Y))), or([true(bet(X, Y, allIn)), true(bet(X, Y, fold))]),
                rel(beats, [king, X]),
                knows(jane, true(hasCard(jane, X))), knows(jane, true(hasCard(rick, X))),
                knows(rick, true(hasCard(jane, X))), kwhether(jane, terminal),
                distinct(X, jane), not(true(hasCard(jane, X))),
                knows(jane, knows(rick, true(hasCard(rick, X)))),
                knows(rick, not(knows(jane, true(hasCard(rick, '8'))))) ]).
queries(path, [ true(X), legal(X, Y), terminal, goal(X, Y), sees(X, Y), does(X, Y),
                rel(reach, [X, Y]), not(rel(reach, [a, X])), rel(hasout, [X]), rel(cutdone, [X]),
                and([rel(node, [X]), not(rel(reach, [X, X]))]),
                knows(mover, true(edge(X, Y))), knows(env, rel(reach, [X, d])),
                kwhether(mover, true(quiet)), knows(env, knows(mover, true(step(X)))) ]).

:- begin_tests(card, [condition(fixture(card))]).

test(dealt_fluent) :- dealt(S), holds_after(true(hasCard(jane, king)), S).
test(dealt_not_other) :- dealt(S), \+ holds_after(true(hasCard(jane, '7')), S).
test(legal_after_deal, [Ms == [allIn, fold]]) :-
    dealt(S), regression_answers(legal(jane, M), S, [M], Ms0), append(Ms0, [], Ms1),
    findall(M1, member([M1], Ms1), Ms).
test(jane_knows_her_card) :- dealt(S), holds_after(knows(jane, true(hasCard(jane, king))), S).
test(jane_knows_her_card_de_re, [As == [[king]]]) :-
    dealt(S), regression_answers(knows(jane, true(hasCard(jane, C))), S, [C], As).
test(jane_does_not_know_ricks_card, [As == []]) :-
    dealt(S), regression_answers(knows(jane, true(hasCard(rick, C))), S, [C], As).
test(rick_does_not_know_janes_card) :-
    dealt(S), \+ holds_after(knows(rick, true(hasCard(jane, king))), S).
test(kwhether_terminal) :- dealt(S), holds_after(kwhether(jane, terminal), S).
test(forall_closed) :-
    dealt(S), \+ holds_after(forall([Y], not(true(hasCard(jane, Y)))), S),
    holds_after(forall([Y], not(true(hasCard(random, Y)))), S).
test(forall_open, [As == [[random]]]) :-
    dealt(S),
    regression_answers(and([rel(role, [X]), forall([Y], not(true(hasCard(X, Y))))]), S, [X], As).
test(random_is_no_agent, [throws(error(gdlsc_error(not_an_agent(random)), _))]) :-
    dealt(S), regress(knows(random, terminal), S, _).
test(common_refused, [throws(error(gdlsc_unsupported(_), _))]) :-
    dealt(S), regress(common(terminal), S, _).
%   The proof is printed: ground Act terms are evaluated (no deal/noop of the
%   history remains as an equation), and the knowledge axiom shows the moves.
test(proof_text, [nondet]) :-
    dealt(S), text(knows(jane, true(hasCard(jane, king))), S, T),
    sub_string(T, _, _, _, "∀M1_Rick,M2_Random."),
    sub_string(T, _, _, _, "{yourCard(king)}"),
    sub_string(T, _, _, _, "Legal(random, M2_Random, s0)").
test(ground_fluent_regresses_to_true, [T == "⊤"]) :-
    dealt(S), text(true(hasCard(jane, king)), S, T).
test(frame_to_s0, [T == "Holds(dealingRound, s0)"]) :-
    text(true(bettingRound), do(a(noop, noop, deal(king, '7')), s0), T).
test(size_limit, [throws(error(resource_error(gdlsc_regression_size(5)), _))]) :-
    all_in(S),
    setup_call_cleanup(set_regression_limit(5),
                       regress(knows(jane, true(hasCard(rick, '7'))), S, _),
                       set_regression_limit(1000000)).

:- end_tests(card).

:- begin_tests(path, [condition(fixture(path))]).

test(recursive_fluent_kept_as_later) :-
    S = do(a(add(b, c), cut(a, b)), s0),
    regress(rel(reach, [a, d]), S, R),
    R = later(reach, [a, d], S),
    \+ eval_s0(R).
test(recursive_fluent_value) :-
    S = do(a(add(d, a), noop), s0),
    holds_after(rel(reach, [c, b]), S),
    holds_after(terminal, S),
    holds_after(goal(mover, '100'), S).
test(variable_role_does) :-
    S = do(a(noop, cut(c, d)), s0),
    holds_after(true(moved(env)), S),
    \+ holds_after(true(moved(mover)), S).
test(disjunctive_body) :-
    holds_after(true(quiet), do(a(noop, cut(c, d)), s0)),
    \+ holds_after(true(quiet), do(a(noop, noop), do(a(noop, cut(c, d)), s0))).

:- end_tests(path).

%   Regression and progression agree on every query after random histories.
:- begin_tests(cross_check).

test(agree) :-
    fixture(G),
    queries(G, Qs),
    forall(( between(1, 12, Seed), Len is Seed mod 5, random_history(Seed, Len, Sit),
             member(Q0, Qs) ),
           (   copy_term(Q0, Q),
               term_variables(Q, Vs),
               regression_answers(Q, Sit, Vs, A1),
               answers(Q, Sit, Vs, A2),
               (   A1 == A2 -> true
               ;   format(user_error, "~nDISAGREE ~q at ~q:~n  regression ~q~n  progression ~q~n",
                          [Q, Sit, A1, A2]),
                   fail
               )
           )).

:- end_tests(cross_check).
