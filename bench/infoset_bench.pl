:- encoding(utf8).
/*  infoset_bench.pl -- cost of information-set updates along random histories.

    Usage: swipl bench/infoset_bench.pl -- GAME.pl ROLE DEPTH HISTORIES SEED
    (the `--` keeps swipl from loading GAME.pl as a script)
    GAME.pl is the game as generated Prolog (`gdlsc translate --format prolog`).
    Plays HISTORIES random histories (every role, random included, uniform
    among its legal moves; a history that ends in a terminal state before
    DEPTH stops there) and, along each, updates ROLE's information set step by
    step exactly as `gdlsc infoset` does (gdlsc_knowledge:state_step/5: the
    set at step i from the set at step i-1, distinct states with development
    counts and weights).  Prints one JSON line per (history, step):
    {"history":h,"depth":d,"ms":t,"states":m,"developments":n}.
*/
:- use_module(library(main)).
:- initialization(main, main).

:- prolog_load_context(directory, Dir),
   atom_concat(Dir, '/../prolog', P),
   asserta(user:file_search_path(gdlsc, P)).
:- use_module(gdlsc(gdlsc_game)).
:- use_module(gdlsc(gdlsc_situation)).
:- use_module(gdlsc(gdlsc_formula)).
:- use_module(gdlsc(gdlsc_knowledge)).

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

run_history(H, Role, I, Depth) :-
    init_state(S0),
    loop(H, Role, I, 1, Depth, S0, [e(S0, 1, 1, s0)]).

loop(H, Role, I, D, Depth, S, Es) :-
    (   D > Depth -> true
    ;   terminal(S) -> true
    ;   random_joint_move(S, A),
        statistics(cputime, T0),
        gdlsc_knowledge:state_step(Role, I, A, S-Es, S1-Es1),
        statistics(cputime, T1),
        Ms is (T1 - T0) * 1000,
        length(Es1, M),
        foldl([e(_, C, _, _), X0, X]>>(X is X0 + C), Es1, 0, Devs),
        format("{\"history\":~d,\"depth\":~d,\"ms\":~3f,\"states\":~d,\"developments\":~d}~n",
               [H, D, Ms, M, Devs]),
        flush_output,
        D1 is D + 1,
        loop(H, Role, I, D1, Depth, S1, Es1)
    ).
