/*  The simple card game of Thielscher 2010 (Fig. 1), written by hand in the
    format of the generated Prolog program (doc/architecture.md): module `game`,
    relations behind the `g:` prefix, states as sorted lists, joint moves
    a(Jane, Rick, Random).  Used by knowledge_tests.pl so that the knowledge modules
    can be tested without the translator.
*/
:- module(game, []).
:- encoding(utf8).
:- dynamic(epistemic/0).   % a GDL-II game: no knows in its rules

:- table 'g:beats'/2.

roles([jane, rick, random]).
role_index(jane, 1).
role_index(rick, 2).
role_index(random, 3).

relation(role, 1, static).
relation(card, 1, static).
relation(succ, 2, static).
relation(beats, 2, static).
relation(init, 1, static).
relation(legal, 2, fluent).
relation(terminal, 0, fluent).
relation(goal, 2, fluent).
relation(next, 1, action).
relation(sees, 2, action).

universe_term(T) :- 'g:role'(T).
universe_term(T) :- 'g:card'(T).
universe_term(T) :- member(T, [noop, allIn, fold, dealingRound, bettingRound]).

'g:role'(jane).
'g:role'(rick).
'g:role'(random).

'g:card'('7').
'g:card'('8').
'g:card'('9').
'g:card'('10').
'g:card'(jack).
'g:card'(queen).
'g:card'(king).
'g:card'(ace).

'g:succ'('7', '8').
'g:succ'('8', '9').
'g:succ'('9', '10').
'g:succ'('10', jack).
'g:succ'(jack, queen).
'g:succ'(queen, king).
'g:succ'(king, ace).

'g:init'(dealingRound).

'g:legal'(random, deal(C, D), S) :-
    memberchk(dealingRound, S), 'g:card'(C), 'g:card'(D), C \== D.
'g:legal'(random, noop, S) :-
    memberchk(bettingRound, S).
'g:legal'(R, noop, S) :-
    memberchk(dealingRound, S), 'g:role'(R), R \== random.
'g:legal'(R, allIn, S) :-
    memberchk(bettingRound, S), 'g:role'(R), R \== random.
'g:legal'(R, fold, S) :-
    memberchk(bettingRound, S), 'g:role'(R), R \== random.

'g:sees'(jane, yourCard(C), A, _S) :- arg(3, A, deal(C, _)).
'g:sees'(rick, yourCard(D), A, _S) :- arg(3, A, deal(_, D)).
'g:sees'(jane, ricksBid(B), A, S) :- arg(2, A, B), memberchk(bettingRound, S).
'g:sees'(rick, janesBid(B), A, S) :- arg(1, A, B), memberchk(bettingRound, S).
'g:sees'(jane, ricksCard(C), A, S) :-
    arg(1, A, allIn), arg(2, A, allIn), member(hasCard(rick, C), S).
'g:sees'(rick, janesCard(C), A, S) :-
    arg(1, A, allIn), arg(2, A, allIn), member(hasCard(jane, C), S).

'g:next'(hasCard(jane, C), A, _S) :- arg(3, A, deal(C, _)).
'g:next'(hasCard(rick, D), A, _S) :- arg(3, A, deal(_, D)).
'g:next'(bet(R, C, allIn), A, S) :-
    role_index(R, I), arg(I, A, allIn), member(hasCard(R, C), S).
'g:next'(bet(R, C, fold), A, S) :-
    role_index(R, I), arg(I, A, fold), member(hasCard(R, C), S).
'g:next'(bettingRound, _A, S) :- memberchk(dealingRound, S).

'g:terminal'(S) :-
    \+ memberchk(dealingRound, S), \+ memberchk(bettingRound, S).

'g:goal'(R, '100', S) :-
    member(bet(R, C, allIn), S), member(bet(_, D, allIn), S), 'g:beats'(C, D).
'g:goal'(R, '75', S) :-
    member(bet(R, _, allIn), S), member(bet(_, _, fold), S).
'g:goal'(R, '50', S) :-
    member(bet(R, _, fold), S), member(bet(R2, _, fold), S), R \== R2.
'g:goal'(R, '25', S) :-
    member(bet(R, _, fold), S), member(bet(_, _, allIn), S).
'g:goal'(R, '0', S) :-
    member(bet(R, C, allIn), S), member(bet(_, D, allIn), S), 'g:beats'(D, C).

'g:beats'(C, D) :- 'g:succ'(D, C).
'g:beats'(C, D) :- 'g:succ'(X, C), 'g:beats'(X, D).
