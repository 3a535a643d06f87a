/*  A small game, hand-written in the generated format (doc/architecture.md), with
    what the card game lacks: a recursive derived fluent with positive loops
    (reach over edges that can form cycles), does with a variable role, a
    disjunction and a negation in bodies, a user action predicate under sees.
*/
:- module(game, []).
:- encoding(utf8).
:- dynamic(epistemic/0).   % a GDL-II game: no knows in its rules

:- table 'g:reach'/3.

roles([mover, env]).
role_index(mover, 1).
role_index(env, 2).

relation(role, 1, static).
relation(node, 1, static).
relation(init, 1, static).
relation(reach, 2, fluent).
relation(hasout, 1, fluent).
relation(legal, 2, fluent).
relation(terminal, 0, fluent).
relation(goal, 2, fluent).
relation(cutdone, 1, action).
relation(next, 1, action).
relation(sees, 2, action).

universe_term(T) :- 'g:role'(T).
universe_term(T) :- 'g:node'(T).

'g:role'(mover).
'g:role'(env).
'g:node'(a). 'g:node'(b). 'g:node'(c). 'g:node'(d).

'g:init'(edge(a, b)).
'g:init'(edge(b, a)).
'g:init'(edge(c, d)).
'g:init'(step('0')).

'g:succ'('0', '1'). 'g:succ'('1', '2'). 'g:succ'('2', '3'). 'g:succ'('3', '4').

'g:legal'(mover, add(X, Y), S) :-
    'g:node'(X), 'g:node'(Y), X \== Y, \+ memberchk(edge(X, Y), S).
'g:legal'(mover, noop, _S).
'g:legal'(env, cut(X, Y), S) :- member(edge(X, Y), S).
'g:legal'(env, noop, _S).

'g:next'(edge(X, Y), A, _S) :- arg(1, A, add(X, Y)).
'g:next'(edge(X, Y), A, S) :- member(edge(X, Y), S), \+ arg(2, A, cut(X, Y)).
'g:next'(moved(R), A, _S) :- role_index(R, I), arg(I, A, M), M \== noop.
'g:next'(step(N), _A, S) :- member(step(M), S), 'g:succ'(M, N).
'g:next'(quiet, A, S) :- ( arg(1, A, noop) ; arg(2, A, noop) ), \+ memberchk(moved(env), S).

'g:reach'(X, Y, S) :- member(edge(X, Y), S).
'g:reach'(X, Z, S) :- member(edge(X, Y), S), 'g:reach'(Y, Z, S).

'g:terminal'(S) :- memberchk(step('4'), S).
'g:terminal'(S) :- 'g:reach'(d, a, S).

'g:goal'(mover, '100', S) :- 'g:reach'(d, a, S).
'g:goal'(mover, '0', S) :- \+ 'g:reach'(d, a, S).
'g:goal'(env, '50', _S).

'g:cutdone'(cut(X, Y), A, _S) :- arg(2, A, cut(X, Y)).

'g:sees'(mover, P, A, S) :- 'g:cutdone'(P, A, S).
'g:sees'(env, M, A, _S) :- arg(1, A, M).
'g:sees'(env, lonely(X), _A, S) :- 'g:node'(X), \+ 'g:hasout'(X, S).

'g:hasout'(X, S) :- member(edge(X, _), S).
