:- encoding(utf8).
/*  plunit tests of the knowledge modules (prolog/gdlsc_infoset, _knows, _belief, _properties) on the card game of Thielscher
    2010 (Fig. 1), hand-written in the generated format (card_game_module.pl),
    with the real runtime (gdlsc_game, gdlsc_situation, gdlsc_formula).
    Run: swipl -g run_tests -t halt tests/feature/knowledge/knowledge_tests.pl
    (knowledge_plunit_test.cpp runs it under CTest).
*/
:- include('../../support/gdlsc_runtime').
:- use_module(card_game_module).
:- use_module(library(plunit)).

dealt(do(a(noop, noop, deal(king, '7')), s0)).
all_in(do(a(allIn, allIn, noop), S)) :- dealt(S).
folded(do(a(fold, allIn, noop), S)) :- dealt(S).

:- begin_tests(infoset).

test(initial, [N-Ss == 1-[[dealingRound]]]) :-
    infoset_summary(jane, s0, N, Ss).
test(after_deal_jane, [N-M == 7-7]) :-
    dealt(S), infoset_summary(jane, S, N, Ss), length(Ss, M).
test(after_deal_developments, [L == 7]) :-
    dealt(S), infoset(jane, S, Sits), length(Sits, L).
test(jane_holds_king_everywhere) :-
    dealt(S), infoset_summary(jane, S, _, Ss),
    forall(member(St, Ss), memberchk(hasCard(jane, king), St)).
test(rick_considers_any_other_card, [Cs == ['10','8','9',ace,jack,king,queen]]) :-
    dealt(S), infoset_summary(rick, S, _, Ss),
    findall(C, ( member(St, Ss), member(hasCard(jane, C), St) ), Cs0), msort(Cs0, Cs).
test(tiers_agree) :-
    forall(( member(H, [s0]) ; dealt(H) ; all_in(H) ; folded(H) ),
           forall(agent(R),
                  ( infoset(R, H, Sits), length(Sits, N1),
                    maplist(sit_state, Sits, Sts0), sort(Sts0, Sts),
                    infoset_summary(R, H, N2, Sts2),
                    N1 == N2, Sts == Sts2 ))).
test(random_is_no_agent, [throws(error(gdlsc_error(not_an_agent(random)), _))]) :-
    dealt(S), infoset(random, S, _).
test(illegal_history, [throws(error(gdlsc_error(not_a_development(_)), _))]) :-
    infoset_summary(jane, do(a(allIn, noop, noop), s0), _, _).
test(dot, [nondet]) :-
    dealt(S), infoset_dot(jane, S, false, Dot),
    sub_string(Dot, _, _, _, "digraph"),
    sub_string(Dot, _, _, _, "7 developments"),
    sub_string(Dot, _, _, _, "(the actual state)").
test(dot_full, [nondet]) :-
    dealt(S), infoset_dot(jane, S, true, Dot),
    sub_string(Dot, _, _, _, "7 developments"),
    \+ sub_string(Dot, _, _, _, "(the actual state)").

:- end_tests(infoset).

:- begin_tests(knows).

test(own_card) :-
    dealt(S), eval_knows(jane, true(hasCard(jane, king)), S).
test(own_card_de_re, [Cs == [king]]) :-
    dealt(S), findall(C, eval_knows(jane, true(hasCard(jane, C)), S), Cs).
test(not_rick_card, [Cs == []]) :-
    dealt(S), findall(C, eval_knows(jane, true(hasCard(rick, C)), S), Cs).
test(rick_not_jane_card, [Cs == []]) :-
    dealt(S), findall(C, eval_knows(rick, true(hasCard(jane, C)), S), Cs).
test(all_in_jane_knows, [Cs == ['7']]) :-
    all_in(S), findall(C, eval_knows(jane, true(bet(rick, C, allIn)), S), Cs).
test(all_in_rick_knows, [Cs == [king]]) :-
    all_in(S), findall(C, eval_knows(rick, true(bet(jane, C, allIn)), S), Cs).
test(fold_no_card, [Cs == []]) :-
    folded(S), findall(C, eval_knows(rick, true(bet(jane, C, fold)), S), Cs).
test(nested_de_dicto) :-
    dealt(S),
    eval(knows(rick, exists([C], knows(jane, true(hasCard(jane, C))))), S).
test(nested_de_re, [fail]) :-
    dealt(S), eval(knows(rick, knows(jane, true(hasCard(jane, king)))), S).
test(common_round, [nondet]) :-
    dealt(S), eval(common(true(bettingRound)), S).
test(common_card, [fail]) :-
    dealt(S), eval(common(true(hasCard(jane, king))), S).
test(common_has_some_card, [nondet]) :-
    dealt(S), eval(common(exists([C], true(hasCard(jane, C)))), S).
test(kwhether_own) :-
    dealt(S), eval(kwhether(jane, true(hasCard(jane, ace))), S).
test(kwhether_other, [fail]) :-
    dealt(S), eval(kwhether(jane, true(hasCard(rick, ace))), S).
test(knows_random, [throws(error(gdlsc_error(not_an_agent(random)), _))]) :-
    dealt(S), eval(knows(random, true(hasCard(jane, king))), S).
test(knows_does_own) :-
    all_in(S), eval(knows(jane, does(jane, allIn)), S).
test(knows_does_other) :-
    all_in(S), eval(knows(jane, does(rick, allIn)), S).

:- end_tests(knows).

:- begin_tests(belief).

test(uniform_over_other_cards, [P == 1r7]) :-
    dealt(S), belief(jane, S, true(hasCard(rick, ace)), P, _).
test(certain, [P-N == 1-7]) :-
    dealt(S), belief(jane, S, true(hasCard(jane, king)), P, N).
test(before_deal, [P == 1r8]) :-
    belief(jane, do(a(noop, noop, deal(king, '7')), s0), true(hasCard(jane, king)), P0, _),
    P0 == 1,
    belief(jane, s0, not(terminal), P1, _), P1 == 1,
    P = 1r8.
test(no_knowledge_in_belief, [throws(error(gdlsc_error(belief_formula(_)), _))]) :-
    dealt(S), belief(jane, S, knows(rick, terminal), _, _).

:- end_tests(belief).

:- begin_tests(prove).

test(legal_knowledge, [R == holds]) :-
    prove_property(legal_knowledge, 3, [], R).
test(terminal_knowledge, [R == holds]) :-
    prove_property(terminal_knowledge, 3, [], R).
test(goal_knowledge, [R == holds]) :-
    prove_property(goal_knowledge, 3, [], R).
test(formula_holds, [R == holds]) :-
    prove_property(formula(not(knows(jane, true(hasCard(rick, ace))))), 1, [], R).
% after the deal jane does not know rick's card: refuted at depth 1 with an
% alternative development that differs only in rick's card
test(formula_refuted_with_alternative,
     [R = refuted(jane, 1, [a(noop, noop, deal(C, D))], [a(noop, noop, deal(C, D2))])]) :-
    prove_property(formula(or([true(dealingRound), knows(jane, true(hasCard(rick, '8')))])),
                   2, [], R0),
    R0 = R, R = refuted(_, _, _, _), D \== D2.
test(formula_knows_holds, [R == holds]) :-
    prove_property(formula(or([not(exists([C], true(hasCard(jane, C)))),
                               knows(jane, exists([C2], true(hasCard(jane, C2))))])),
                   2, [], R).
test(percepts, [Ps == [[yourCard(king)], [ricksBid(allIn), ricksCard('7')]]]) :-
    development_percepts(jane, [a(noop, noop, deal(king, '7')), a(allIn, allIn, noop)], Ps).

:- end_tests(prove).

:- begin_tests(fresh).

% Loading a game (its on_game_loaded hook) drops every memo about its developments:
% the nodes, observations and cells, the weighted sets per observation (gdlsc_infoset),
% the state classes of bounded proofs (gdlsc_properties). Each is filled first.
memo_counts(Ns) :-
    maplist([G, N]>>aggregate_all(count, G, N),
            [ gdlsc_dev_nodes:node_(_, _, _, _), gdlsc_dev_cells:obs_(_, _, _),
              gdlsc_dev_cells:cell_(_, _, _), gdlsc_infoset:obs_entries_(_, _, _),
              gdlsc_properties:state_(_, _) ],
            Ns).

test(reset_after_game_loaded, [After == [0, 0, 0, 0, 0]]) :-
    dealt(S), eval_knows(jane, true(hasCard(jane, king)), S),
    infoset(rick, S, _),
    prove_property(legal_knowledge, 2, [], _),
    memo_counts(Before),
    assertion(\+ memberchk(0, Before)),
    forall(gdlsc_game:on_game_loaded, true),
    memo_counts(After).

% Dropping Prolog's tables (what the runtime does when they grow large) keeps
% the developments: a knowledge query may be in the middle of using them.
test(tables_abolished_keep_developments, [true(N > 0)]) :-
    dealt(S), eval_knows(jane, true(hasCard(jane, king)), S),
    abolish_private_tables,
    aggregate_all(count, gdlsc_developments:node_(_, _, _, _), N).

:- end_tests(fresh).
