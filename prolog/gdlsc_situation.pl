/*  gdlsc_situation: situations (s0, do(A,S)) over the game's states, by progression.
    The state of a situation is memoised per situation (a table of our own keyed by the
    hash of the situation term), so a long history is progressed once, step by step, and
    a query after it never re-derives earlier states. The answer tables of the game's
    recursive predicates (keyed by state) are dropped when they grow large; the memo of
    situations is not a table, so it survives that.
*/
:- module(gdlsc_situation,
          [ sit_state/2,        % +Sit, -State
            holds/2,            % ?Fluent, +Sit
            poss/2,             % ?JointMove, +Sit
            history_sit/2,      % +JointMoves, -Sit
            sit_history/2,      % +Sit, -JointMoves
            step_error/3,       % +Sit, +JointMove, -Error
            known_state/2,      % +Sit, +Fluents
            memo_size/1         % -Count
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).

:- dynamic memo/3.                      % memo(Hash, Sit, State)

%!  sit_state(+Sit, -State:list) is det.
%   The state of the ground situation Sit: the initial state for s0, and the
%   successor by next_state/3 for do(A, Sit0). Memoised per situation.
%   '$state'(S) stands for a situation known only by its state S (what
%   gdlsc_knows evaluates formulas about the final state at).  In a
%   GDL-III game the state is the development's (gdlsc_developments): what
%   holds there may depend on what the players know.
sit_state('$state'(S0), S) :- !,
    S = S0.
sit_state(Sit, S) :-
    game:epistemic, !,
    sit_node(Sit, Id),
    node_(Id, _, _, S0),
    S = S0.
sit_state(Sit, S) :-
    term_hash(Sit, H),
    (   nonvar(H), memo(H, Sit, S0)
    ->  S = S0
    ;   progress(Sit, S0),
        (   nonvar(H) -> assertz(memo(H, Sit, S0)) ; true ),
        S = S0
    ).

progress(s0, S) :- init_state(S).
progress(do(A, Sit), S) :-
    sit_state(Sit, S0),
    next_state(A, S0, S),
    limit_game_tables.

%!  known_state(+Sit, +Fluents:list) is det.
%   Records that the ground situation Sit has the state made of Fluents, computed
%   outside Prolog (the step network, for a long history: src/query/forward.cpp), so
%   that a query at Sit does not progress its history here.  Not for GDL-III games,
%   whose states carry their development (sit_state/2 ignores the memo there).
known_state(Sit, Fluents) :-
    sort(Fluents, S),
    term_hash(Sit, H),
    (   nonvar(H)
    ->  retractall(memo(H, Sit, _)),
        assertz(memo(H, Sit, S))
    ;   true
    ).

%!  memo_size(-Count:integer) is det.
%   The number of memoised situations (each progressed exactly once).
memo_size(N) :- aggregate_all(count, memo(_, _, _), N).

:- multifile gdlsc_game:on_game_loaded/0.
gdlsc_game:on_game_loaded :- retractall(memo(_, _, _)).

%!  holds(?Fluent, +Sit) is nondet.
%   Fluent is true in the state of Sit.
holds(F, Sit) :- sit_state(Sit, S), member(F, S), F \= 'gdlsc world'(_).

%!  poss(?JointMove, +Sit) is nondet.
%   Poss(A,S) = not Terminal(S) and every role's move in A is legal (DESIGN §2:
%   only the last state of a development may be terminal). With A unbound,
%   enumerates the legal joint moves.
poss(A, Sit) :-
    sit_state(Sit, S),
    \+ terminal(S),
    (   nonvar(A)
    ->  roles(Rs),
        A =.. [a|Ms],
        same_length(Rs, Ms),
        maplist(legal_in(S), Rs, Ms)
    ;   joint_moves(S, As),
        member(A, As)
    ).

legal_in(S, R, M) :- legal_move(R, M, S), !.

%!  history_sit(+JointMoves:list, -Sit) is det.
%   The situation reached by doing the joint moves in order from s0.
history_sit(As, Sit) :- foldl(do_step, As, s0, Sit).

do_step(A, S0, do(A, S0)).

%!  sit_history(+Sit, -JointMoves:list) is det.
%   The joint moves of Sit, first move first.
sit_history(Sit, As) :- sit_history_(Sit, [], As).
sit_history_(s0, As, As).
sit_history_(do(A, S), Acc, As) :- sit_history_(S, [A|Acc], As).

%!  step_error(+Sit, +JointMove, -Error) is semidet.
%   Succeeds when JointMove cannot be done in Sit, with Error one of
%   `terminal` (Sit is terminal), `arity(K)` (the game has K roles) or
%   `illegal(I, Role, Move)` (the first role, 1-based I, whose move is not legal).
step_error(Sit, A, Error) :-
    sit_state(Sit, S),
    roles(Rs),
    length(Rs, K),
    (   terminal(S) -> Error = terminal
    ;   \+ functor(A, a, K) -> Error = arity(K)
    ;   nth1(I, Rs, R),
        arg(I, A, M),
        \+ legal_in(S, R, M)
    ->  Error = illegal(I, R, M)
    ).
