/*  gdlsc_playout: random matches played inside Prolog, to measure the engine's speed
    (`gdlsc simulate --engine progression --playouts N`, src/prolog/engine.cpp). Above the
    states it plays over: gdlsc_game's sorted fluent lists, gdlsc_slots' slot states (where
    the game has a slot copy and the flag gdlsc_slots is on: the draws, and so the matches,
    are the same either way) and, in a GDL-III game, the states of gdlsc_developments'
    developments.
*/
:- module(gdlsc_playout,
          [ random_joint_move/2,% +State, -JointMove
            playouts/3,         % +N, +Seed, -States
            playouts/4,         % +N, +Seed, +MaxDepth, -Stats
            playouts/5,         % +N, +Seed, +MaxDepth, -Stats, ?Ends
            dev_playouts/4      % +N, +Seed, +MaxDepth, -Stats
          ]).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(gdlsc_game, [init_state/1, terminal/1, next_state/3, sort_set/2,
                           reset_game_tables/0, limit_game_tables/0]).
:- use_module(gdlsc_slots, [slot_copy/1, slot_state/2, slot_terminal/1, slot_legal_moves/3,
                            slot_next_state/3, slot_fluents/2, slot_enter/1]).
:- use_module(gdlsc_developments, [knowledge_reset/0, dev_init_state/1, dev_next_state/3]).

%!  random_joint_move(+State, -JointMove) is semidet.
%   A uniformly random legal joint move (each role's move drawn uniformly and
%   independently); fails when some role has no legal move.
random_joint_move(S, A) :-
    game:roles(Rs),
    random_moves(Rs, S, Ms),
    A =.. [a|Ms].

random_moves([], _, []).
random_moves([R|Rs], S, [M|Ms]) :-
    findall(M0, game:'g:legal'(R, M0, S), L0),
    sort_set(L0, L),
    pick(L, M),
    random_moves(Rs, S, Ms).

% A uniformly random element of a non-empty list (no random draw for one element).
pick([M], M) :- !.
pick(L, M) :-
    L = [_|_],
    length(L, N),
    I is random(N),
    nth0(I, L, M).

%!  playouts(+N, +Seed, -States:integer) is det.
%   Plays N random matches from the initial state (seeded with set_random(seed(Seed)))
%   and counts the states visited, initial states included. A match ends in a
%   terminal state, a state where some role has no legal move, or after 10000 moves.
playouts(N, Seed, States) :-
    playouts(N, Seed, 10000, stats(States, _, _)).

%!  playouts(+N, +Seed, +MaxDepth, -Stats) is det.
%   Stats = stats(States, Moves, Terminals): states visited, joint moves done,
%   and matches that ended in a terminal state.
%   The matches are played over slot states (gdlsc_slots) when the game has a slot copy
%   and the flag gdlsc_slots (GDLSC_SLOTS) is on; the draws, and so the matches, are the
%   same either way.
playouts(N, Seed, MaxDepth, Stats) :-
    playouts(N, Seed, MaxDepth, Stats, none).

%!  playouts(+N, +Seed, +MaxDepth, -Stats, ?Ends) is det.
%   The same; Ends = none, or unbound and then the last state of every match (sorted
%   fluent lists, in order), which tells two ways of playing apart even where every match
%   runs to MaxDepth (tests/feature/simulate/playout_slots_test.cpp).
playouts(N, Seed, MaxDepth, stats(States, Moves, Terminals), Ends) :-
    set_random(seed(Seed)),
    init_state(S0),
    ( Ends == none -> E0 = none ; E0 = [] ),
    (   current_prolog_flag(gdlsc_slots, on),
        slot_copy(ready)
    ->  slot_state(S0, St0),
        slot_playouts_(N, St0, MaxDepth, 0, States, 0, Moves, 0, Terminals, E0, E)
    ;   playouts_(N, S0, MaxDepth, 0, States, 0, Moves, 0, Terminals, E0, E)
    ),
    ( E == none -> Ends = none ; reverse(E, Ends) ).

% add_end(+Ends0, +State, -Ends): State added unless the ends are not collected.
add_end(none, _, none) :- !.
add_end(Es, S, [S|Es]).

playouts_(0, _, _, St, St, Mv, Mv, T, T, E, E) :- !.
playouts_(N, S0, D, St0, St, Mv0, Mv, T0, T, E0, E) :-
    playout(S0, D, 0, K, End, Last),
    add_end(E0, Last, E1),
    reset_game_tables,
    St1 is St0 + K + 1,
    Mv1 is Mv0 + K,
    ( End == terminal -> T1 is T0 + 1 ; T1 = T0 ),
    N1 is N - 1,
    playouts_(N1, S0, D, St1, St, Mv1, Mv, T1, T, E1, E).

playout(S, D, K0, K, End, Last) :-
    (   terminal(S) -> K = K0, End = terminal, Last = S
    ;   K0 >= D -> K = K0, End = depth, Last = S
    ;   random_joint_move(S, A)
    ->  next_state(A, S, S1),
        K1 is K0 + 1,
        % Tables keyed by states pile up along a long playout (chess ran out of
        % table space): bound them every 8 moves, as a long history does.
        (   K1 /\ 7 =:= 0 -> limit_game_tables ; true ),
        playout(S1, D, K1, K, End, Last)
    ;   K = K0, End = stuck, Last = S
    ).

% The same loop over slot states (gdlsc_slots: slot_enter/1 drops the tables of the state
% before, where the copy has any).
slot_playouts_(0, _, _, St, St, Mv, Mv, T, T, E, E) :- !.
slot_playouts_(N, S0, D, St0, St, Mv0, Mv, T0, T, E0, E) :-
    slot_playout(S0, D, 0, K, End, LastSt),
    (   E0 == none -> E1 = none ; slot_fluents(LastSt, Last), add_end(E0, Last, E1) ),
    St1 is St0 + K + 1,
    Mv1 is Mv0 + K,
    ( End == terminal -> T1 is T0 + 1 ; T1 = T0 ),
    N1 is N - 1,
    slot_playouts_(N1, S0, D, St1, St, Mv1, Mv, T1, T, E1, E).

%   Each state's step runs with signals blocked (sig_atomic/1), so a time limit ends the
%   loop between states: SWI-Prolog 9.0.4 could deliver it inside arg/3, which then
%   succeeded, printed "foreign predicate system:arg/3 did not clear exception" and lost
%   the limit (seen once in tests/feature/limits/stress_test.cpp). A state's step is short
%   (chess: about 8 ms); the watchdog bounds a step that is not.
slot_playout(S, D, K0, K, End, Last) :-
    sig_atomic(slot_step(S, D, K0, Step)),
    (   Step = next(S1)
    ->  K1 is K0 + 1,
        (   K1 /\ 7 =:= 0 -> limit_game_tables ; true ),
        slot_playout(S1, D, K1, K, End, Last)
    ;   Step = end(End), K = K0, Last = S
    ).

% slot_step(+S, +D, +K0, -Step): Step = next(S1), the successor by a random joint move,
% or end(Why) (terminal, depth, stuck).
slot_step(S, D, K0, Step) :-
    slot_enter(S),
    (   slot_terminal(S) -> Step = end(terminal)
    ;   K0 >= D -> Step = end(depth)
    ;   game:roles(Rs),
        slot_random_moves(Rs, S, Ms)
    ->  A =.. [a|Ms],
        slot_next_state(A, S, S1),
        Step = next(S1)
    ;   Step = end(stuck)
    ).

slot_random_moves([], _, []).
slot_random_moves([R|Rs], S, [M|Ms]) :-
    slot_legal_moves(R, S, L0),
    sort_set(L0, L),
    pick(L, M),
    slot_random_moves(Rs, S, Ms).

%!  dev_playouts(+N, +Seed, +MaxDepth, -Stats) is det.
%
%   playouts/4 for a GDL-III game (what the host calls, src/prolog/engine.cpp): the same loop over the states
%   of developments.  The developments a playout made (with the information
%   sets its knowledge conditions needed) are forgotten after it.
dev_playouts(N, Seed, MaxDepth, Stats) :-
    (   game:epistemic
    ->  set_random(seed(Seed)),
        dev_playouts_(N, MaxDepth, 0, States, 0, Moves, 0, Terminals),
        Stats = stats(States, Moves, Terminals)
    ;   playouts(N, Seed, MaxDepth, Stats)
    ).

dev_playouts_(0, _, St, St, Mv, Mv, T, T) :- !.
dev_playouts_(N, D, St0, St, Mv0, Mv, T0, T) :-
    knowledge_reset,
    reset_game_tables,
    dev_init_state(S0),
    dev_playout(S0, D, 0, K, End),
    St1 is St0 + K + 1,
    Mv1 is Mv0 + K,
    ( End == terminal -> T1 is T0 + 1 ; T1 = T0 ),
    N1 is N - 1,
    dev_playouts_(N1, D, St1, St, Mv1, Mv, T1, T).

dev_playout(S, D, K0, K, End) :-
    (   terminal(S) -> K = K0, End = terminal
    ;   K0 >= D -> K = K0, End = depth
    ;   random_joint_move(S, A)
    ->  dev_next_state(A, S, S1),
        K1 is K0 + 1,
        dev_playout(S1, D, K1, K, End)
    ;   K = K0, End = stuck
    ).
