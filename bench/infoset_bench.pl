:- encoding(utf8).
/*  infoset_bench.pl -- cost of information-set updates along random histories.

    Usage: swipl bench/infoset_bench.pl -- GAME.pl ROLE DEPTH HISTORIES SEED
    (the `--` keeps swipl from loading GAME.pl as a script).  The runtime is
    ../prolog next to this file, or $GDLSC_PROLOG_DIR (as for the gdlsc
    binary: to time another version of it); the number of threads of the
    update is $GDLSC_INFOSET_THREADS (default: the number of CPUs).
    GAME.pl is the game as generated Prolog (`gdlsc translate --format prolog`).
    Plays HISTORIES random histories (every role, random included, uniform
    among its legal moves; a history that ends in a terminal state before
    DEPTH stops there) and, along each, updates ROLE's information set step by
    step exactly as `gdlsc infoset` does (gdlsc_infoset:state_step/5: the
    set at step i from the set at step i-1, distinct states with development
    counts and weights).  Prints one JSON line per (history, step):
    {"history":h,"depth":d,"ms":t,"wall_ms":w,"rules_ms":g,"threads":k,"states":m,"developments":n}
    ms is the CPU time of the whole process (every thread) during the
    update, wall_ms its elapsed time, k the threads the update may use;
    rules_ms is the CPU time of the game-rule calls alone that any update
    through the gdlsc_game API must make on that step (terminal and legal
    moves of every parent state, percepts of every joint move with the
    role's move, successor of those whose percepts match), made once more
    in one thread after the update: a lower bound for the update.
*/
:- use_module(library(main)).
:- initialization(main, main).

:- (   getenv('GDLSC_PROLOG_DIR', P), P \== ''
   ->  true
   ;   prolog_load_context(directory, Dir),
       atom_concat(Dir, '/../prolog', P)
   ),
   asserta(user:file_search_path(gdlsc, P)).
:- use_module(gdlsc(gdlsc_game)).
:- use_module(gdlsc(gdlsc_situation)).
:- use_module(gdlsc(gdlsc_formula)).
:- use_module(gdlsc(gdlsc_infoset)).

main([Game, RoleA, DepthA, NA, SeedA]) :-
    atom_number(DepthA, Depth), atom_number(NA, N), atom_number(SeedA, Seed),
    read_file_to_string(Game, Text, []),
    load_game_text(Text),
    set_random(seed(Seed)),
    atom_string(Role, RoleA),
    roles(Rs), nth1(I, Rs, Role), !,
    forall(between(1, N, H), run_history(H, Role, I, Depth)).
main(_) :-
    format(user_error, "usage: swipl bench/infoset_bench.pl -- GAME.pl ROLE DEPTH HISTORIES SEED~n", []),
    halt(64).

%   threads(-K): the threads state_step/5 may use (1 for a runtime without
%   the gdlsc_infoset_threads flag, i.e. before threads were introduced).
threads(K) :-
    (   current_prolog_flag(gdlsc_infoset_threads, N), N > 0
    ->  K = N
    ;   current_prolog_flag(gdlsc_infoset_threads, _)
    ->  current_prolog_flag(cpu_count, K)
    ;   K = 1
    ).

run_history(H, Role, I, Depth) :-
    init_state(S0),
    loop(H, Role, I, 1, Depth, S0, [e(S0, 1, 1, s0)]).

loop(H, Role, I, D, Depth, S, Es) :-
    (   D > Depth -> true
    ;   terminal(S) -> true
    ;   random_joint_move(S, A),
        garbage_collect,
        statistics(process_cputime, T0),
        get_time(W0),
        gdlsc_infoset:state_step(Role, I, A, S-Es, S1-Es1),
        statistics(process_cputime, T1),
        get_time(W1),
        Ms is (T1 - T0) * 1000,
        Wall is (W1 - W0) * 1000,
        threads(K),
        garbage_collect,
        statistics(cputime, G0),
        rules_floor(Role, I, A, S, Es),
        statistics(cputime, G1),
        Rules is (G1 - G0) * 1000,
        length(Es1, M),
        foldl([e(_, C, _, _), X0, X]>>(X is X0 + C), Es1, 0, Devs),
        format("{\"history\":~d,\"depth\":~d,\"ms\":~3f,\"wall_ms\":~3f,\"rules_ms\":~3f,\"threads\":~d,\"states\":~d,\"developments\":~d}~n",
               [H, D, Ms, Wall, Rules, K, M, Devs]),
        flush_output,
        D1 is D + 1,
        loop(H, Role, I, D1, Depth, S1, Es1)
    ).

%   rules_floor(+Role, +I, +A, +S, +Entries): the game-rule calls of one
%   update (see the header), nothing else; failure-driven, so that their
%   garbage goes by backtracking.
rules_floor(Role, I, A, S, Es) :-
    arg(I, A, M),
    percepts(Role, A, S, Ps),
    next_state(A, S, _),
    roles(Rs),
    forall(member(e(Q, _, _, _), Es),
           (   terminal(Q) -> true
           ;   \+ legal_move(Role, M, Q) -> true
           ;   forall(joint_move_with(Rs, 1, I, M, Q, Ms),
                      ( A2 =.. [a|Ms],
                        percepts(Role, A2, Q, Ps2),
                        (   Ps2 == Ps -> next_state(A2, Q, _) ; true ) ))
           )).

joint_move_with([], _, _, _, _, []).
joint_move_with([R|Rs], J, I, M, Q, [Mj|Ms]) :-
    (   J =:= I -> Mj = M
    ;   legal_moves(R, Q, L), member(Mj, L)
    ),
    J1 is J + 1,
    joint_move_with(Rs, J1, I, M, Q, Ms).
