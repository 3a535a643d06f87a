:- encoding(utf8).
/*  infoset_step_check.pl -- the optimised progressive update of information
    sets (gdlsc_infoset:state_step/5) against the straightforward
    implementations of infoset_reference.pl, along random histories.

    Usage: swipl infoset_step_check.pl -- GAME.pl ROLE DEPTH HISTORIES SEED BRUTE
    GAME.pl is the game as generated Prolog (`gdlsc translate -f prolog`).
    Plays HISTORIES random histories of at most DEPTH joint moves (seeded
    with SEED) and after every step checks that
    * the entries of state_step/5 with 1, 2 and 3 threads (threads used on
      every step, however small) are identical (==, order, weights and
      representatives included);
    * their states, development counts and exact weights equal those of
      ref_step/5 (the obvious progressive update);
    * up to step BRUTE, they equal brute_entries/4 (every development
      enumerated from s0, no progression), and the developments of
      infoset/3 (interned nodes, what knows uses) agree with them;
    * the entries are in the standard order of their states, the states are
      distinct, and every representative development is valid.
    Prints one line per history and exits 0 when all hold, 1 otherwise.
*/
:- use_module(library(main)).
:- initialization(main, main).

:- include('../../support/gdlsc_runtime').
:- use_module(infoset_reference).

main([Game, RoleA, DepthA, NA, SeedA, BruteA]) :- !,
    maplist(atom_number, [DepthA, NA, SeedA, BruteA], [Depth, N, Seed, Brute]),
    read_file_to_string(Game, Text, []),
    load_game_text(Text),
    set_random(seed(Seed)),
    atom_string(Role, RoleA),
    roles(Rs), nth1(I, Rs, Role), !,
    flag(infoset_check_failures, _, 0),
    set_prolog_flag(gdlsc_infoset_thread_min, 1),      % threads on every step
    forall(between(1, N, H), check_history(H, Role, I, Depth, Brute)),
    flag(infoset_check_failures, F, F),
    (   F =:= 0
    ->  format("all checks passed~n")
    ;   format("~d check(s) failed~n", [F]), halt(1)
    ).
main(_) :-
    format(user_error, "usage: swipl infoset_step_check.pl -- GAME.pl ROLE DEPTH HISTORIES SEED BRUTE~n", []),
    halt(64).

check_history(H, Role, I, Depth, Brute) :-
    init_state(S0),
    loop(H, Role, I, 1, Depth, Brute, S0, [], [e(S0, 1, 1, s0)], [r(S0, 1, 1)], 0, MaxStates),
    format("history ~d: ~d steps checked, at most ~d states~n", [H, Depth, MaxStates]).

loop(H, Role, I, D, Depth, Brute, S, Moves0, Es, Rs, M0, M) :-
    (   ( D > Depth ; terminal(S) )
    ->  M = M0
    ;   random_joint_move(S, A),
        append(Moves0, [A], Moves),
        maplist(step_with_threads(Role, I, A, S-Es), [1, 2, 3], [S1-Es1, S2-Es2, _-Es3]),
        expect(H, D, same_with_2_threads, Es2 == Es1),
        expect(H, D, same_with_3_threads, Es3 == Es1),
        expect(H, D, same_actual_state, S2 == S1),
        infoset_reference:ref_step(Role, I, A, S-Rs, _-Rs1),
        ref_summary(Es1, Sum1),
        ref_summary(Rs1, SumRef),
        expect(H, D, equals_reference, Sum1 == SumRef),
        (   D =< Brute
        ->  brute_entries(Role, I, Moves, SumBrute),
            expect(H, D, equals_brute_force, Sum1 == SumBrute),
            expect(H, D, developments_agree, developments_agree(Role, Moves, Es1))
        ;   true
        ),
        expect(H, D, state_order, state_ordered(Es1)),
        expect(H, D, valid_representatives, forall(member(E, Es1), rep_is_valid(Role, I, Moves, E))),
        length(Es1, L),
        M1 is max(M0, L),
        D1 is D + 1,
        loop(H, Role, I, D1, Depth, Brute, S1, Moves, Es1, Rs1, M1, M)
    ).

% The developments of infoset/3 (interned nodes, what knows uses) are as many
% as the entries count, and end in the entries' states.
developments_agree(Role, Moves, Es) :-
    foldl([A, S0, do(A, S0)]>>true, Moves, s0, Sit),
    gdlsc_infoset:infoset(Role, Sit, Sits),
    length(Sits, N),
    foldl([e(_, C, _, _), X0, X]>>(X is X0 + C), Es, 0, N),
    maplist(sit_state, Sits, Sts0), sort(Sts0, Sts),
    findall(T, member(e(T, _, _, _), Es), Ts0), sort(Ts0, Ts),
    Sts == Ts.

step_with_threads(Role, I, A, In, N, Out) :-
    setup_call_cleanup(
        ( current_prolog_flag(gdlsc_infoset_threads, Old),
          set_prolog_flag(gdlsc_infoset_threads, N) ),
        gdlsc_infoset:state_step(Role, I, A, In, Out),
        set_prolog_flag(gdlsc_infoset_threads, Old)).

state_ordered(Es) :-
    maplist([e(T, _, _, _), T]>>true, Es, States),
    sort(States, Sorted),           % strictly increasing: distinct states too
    Sorted == States.

expect(H, D, Name, Goal) :-
    (   catch(Goal, E, (print_message(error, E), fail))
    ->  true
    ;   format("FAILED: history ~d, step ~d: ~w~n", [H, D, Name]),
        flag(infoset_check_failures, F, F + 1)
    ).
