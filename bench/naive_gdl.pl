/*  naive_gdl.pl -- the benchmark peer: a plain SWI-Prolog GDL interpreter.

    The textbook way to run GDL in Prolog, used as a same-run yardstick for
    `gdlsc simulate --playouts` (bench/run_bench.sh): the KIF rules are stored
    as rule/2 facts, the current state is asserted as true/1 facts, the joint
    move as does/2 facts, and a vanilla meta-interpreter proves legal, next,
    terminal and goal by SLD resolution with negation as failure.  No
    compilation, no tabling, no indexing beyond SWI's first-argument default.

    Usage: swipl bench/naive_gdl.pl GAME.kif PLAYOUTS SEED [MAXSTEPS]
           swipl bench/naive_gdl.pl --replay GAME.kif HISTORY
    The second form replays a history (one joint move per line, KIF, role order) and
    prints one JSON line per state: {"step": K, "state": [...], "terminal": B,
    "legal": {"role": [...]}, "percepts": {"role": [...]}} (percepts: what each role
    but random saw on the move into this state) with fluents, moves and percepts as
    sorted KIF text, as an
    independent cross-check of the engine (tests/feature/simulate/naive_crosscheck_test.cpp).
    Prints {"playouts": N, "states": M, "seconds": S, "states_per_second": X,
    "cpu_seconds": C, "states_per_cpu_second": Y}.
    States are counted like gdlsc: every state visited, the initial one included.
*/
:- module(naive_gdl, []).
:- encoding(utf8).
:- initialization(main, main).

:- dynamic rule/2, true/1, does/2.

%   ---- KIF reader: tokens, s-expressions, rules --------------------------

kif_tokens([]) --> blanks_or_comments, eos, !.
kif_tokens([T|Ts]) --> blanks_or_comments, kif_token(T), !, kif_tokens(Ts).

blanks_or_comments --> [C], { code_type(C, space) }, !, blanks_or_comments.
blanks_or_comments --> ";", !, skip_line, blanks_or_comments.
blanks_or_comments --> [].

skip_line --> [C], { C \== 0'\n }, !, skip_line.
skip_line --> [0'\n], !.
skip_line --> [].

eos([], []).

kif_token('(') --> "(", !.
kif_token(')') --> ")", !.
kif_token(sym(A)) --> symbol_codes(Cs), { Cs \== [], atom_codes(A0, Cs), downcase_atom(A0, A) }.

symbol_codes([C|Cs]) --> [C], { \+ code_type(C, space), C \== 0'(, C \== 0'), C \== 0'; }, !,
    symbol_codes(Cs).
symbol_codes([]) --> [].

sexprs([E|Es]) --> sexpr(E), !, sexprs(Es).
sexprs([]) --> [].

sexpr(list(Es)) --> ['('], !, sexprs(Es), [')'].
sexpr(A) --> [sym(A)].

%   sexpr_term(+SExpr, -Term, +VarsIn, -VarsOut): ?x becomes a Prolog variable.
sexpr_term(A, T, V0, V) :-
    atom(A), !,
    (   sub_atom(A, 0, 1, _, '?')
    ->  ( memberchk(A-T, V0) -> V = V0 ; V = [A-T|V0] )
    ;   T = A, V = V0
    ).
sexpr_term(list([F|Args]), T, V0, V) :-
    atom(F),
    foldl_terms(Args, Ts, V0, V),
    (   Ts == [] -> T = F ; T =.. [F|Ts] ).

foldl_terms([], [], V, V).
foldl_terms([S|Ss], [T|Ts], V0, V) :- sexpr_term(S, T, V0, V1), foldl_terms(Ss, Ts, V1, V).

load_kif(File) :-
    read_file_to_codes(File, Codes, []),
    phrase(kif_tokens(Toks), Codes),
    phrase(sexprs(Es), Toks),
    forall(member(E, Es), add_form(E)).

add_form(list(['<=', H|B])) :- !,
    sexpr_term(H, HT, [], V1), foldl_terms(B, BT, V1, _),
    assertz(rule(HT, BT)).
add_form(E) :- sexpr_term(E, T, [], _), assertz(rule(T, [])).

%   ---- the meta-interpreter ---------------------------------------------

prove(true(F)) :- !, true(F).
prove(does(R, M)) :- !, does(R, M).
prove(distinct(X, Y)) :- !, X \== Y.
prove(not(G)) :- !, \+ prove(G).
prove(G) :- compound(G), compound_name_arguments(G, or, Gs), !, member(G1, Gs), prove(G1).
prove(G) :- compound(G), compound_name_arguments(G, and, Gs), !, prove_all(Gs).
prove(G) :- rule(G, Body), prove_all(Body).

prove_all([]).
prove_all([G|Gs]) :- prove(G), prove_all(Gs).

%   ---- random playouts ---------------------------------------------------

set_state(S) :- retractall(true(_)), forall(member(F, S), assertz(true(F))).

playout(MaxSteps, States0, States) :-
    findall(F, prove(init(F)), S0l), sort(S0l, S0),
    findall(R, prove(role(R)), Roles),
    run(S0, Roles, 0, MaxSteps, States0, States).

run(S, Roles, Step, Max, N0, N) :-
    N1 is N0 + 1,
    set_state(S),
    (   ( prove(terminal) ; Step >= Max )
    ->  N = N1
    ;   retractall(does(_, _)),
        forall(member(R, Roles),
               ( setof(M, prove(legal(R, M)), Ms), random_member(M1, Ms),
                 assertz(does(R, M1)) )),
        findall(F, prove(next(F)), S1l), sort(S1l, S1),
        retractall(does(_, _)),
        Step1 is Step + 1,
        run(S1, Roles, Step1, Max, N1, N)
    ).

%   ---- replay: states and legal moves along a history, as JSON lines -----

kif_text(T, S) :- atom(T), !, atom_string(T, S).
kif_text(T, S) :-
    compound_name_arguments(T, F, As),
    maplist(kif_text, As, Ss),
    atomic_list_concat([F|Ss], ' ', Inner),
    format(string(S), "(~w)", [Inner]).

sorted_texts(Ts, Ss) :- maplist(kif_text, Ts, Ss0), sort(Ss0, Ss).

json_strings(Ss, J) :-
    maplist([S, Q]>>format(string(Q), "\"~w\"", [S]), Ss, Qs),
    atomic_list_concat(Qs, ', ', Inner),
    format(string(J), "[~w]", [Inner]).

print_state(K, S, Roles, PJ) :-
    set_state(S),
    sorted_texts(S, Fs), json_strings(Fs, FJ),
    ( prove(terminal) -> T = true ; T = false ),
    findall(P, ( member(R, Roles),
                 findall(M, prove(legal(R, M)), Ms0), sorted_texts(Ms0, Ms),
                 json_strings(Ms, MJ), format(string(P), "\"~w\": ~w", [R, MJ]) ), Ps),
    atomic_list_concat(Ps, ', ', LJ),
    format('{"step": ~d, "state": ~w, "terminal": ~w, "legal": {~w}, "percepts": {~w}}~n', [K, FJ, T, LJ, PJ]).

%   What every role but random sees with the current true/1 and does/2 facts.
percepts_json(Roles, PJ) :-
    findall(P, ( member(R, Roles), R \== random,
                 findall(X, prove(sees(R, X)), Xs0), sorted_texts(Xs0, Xs),
                 json_strings(Xs, XJ), format(string(P), "\"~w\": ~w", [R, XJ]) ), Ps),
    atomic_list_concat(Ps, ', ', PJ).

replay(File, HistoryFile) :-
    load_kif(File),
    findall(R, prove(role(R)), Roles),
    read_file_to_codes(HistoryFile, Codes, []),
    phrase(kif_tokens(Toks), Codes),
    phrase(sexprs(Steps), Toks),
    findall(F, prove(init(F)), S0l), sort(S0l, S0),
    replay_steps(Steps, 0, S0, Roles, "").

replay_steps(Steps, K, S, Roles, PJ) :-
    print_state(K, S, Roles, PJ),
    (   Steps = [list(Ms)|Rest]
    ->  foldl_terms(Ms, Moves, [], _),
        retractall(does(_, _)),
        forall(nth1(I, Roles, R), ( nth1(I, Moves, M), assertz(does(R, M)) )),
        findall(F, prove(next(F)), S1l), sort(S1l, S1),
        percepts_json(Roles, PJ1),
        retractall(does(_, _)),
        K1 is K + 1,
        replay_steps(Rest, K1, S1, Roles, PJ1)
    ;   true
    ).

main :-
    current_prolog_flag(argv, ['--replay', File, History]), !,
    replay(File, History).
main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [File, NA, SeedA | Rest]
    ->  true
    ;   format(user_error, "usage: swipl naive_gdl.pl GAME PLAYOUTS SEED [MAXSTEPS]~n", []), halt(64)
    ),
    atom_number(NA, N), atom_number(SeedA, Seed),
    ( Rest = [MA|_] -> atom_number(MA, Max) ; Max = 1000 ),
    load_kif(File),
    set_random(seed(Seed)),
    get_time(T0), statistics(cputime, C0),
    numlist(1, N, Is),
    foldl([_, A0, A]>>playout(Max, A0, A), Is, 0, States),
    get_time(T1), statistics(cputime, C1),
    Secs is max(0.001, T1 - T0),
    Cpu is max(0.001, C1 - C0),
    Rate is States / Secs,
    CpuRate is States / Cpu,
    format('{"playouts": ~d, "states": ~d, "seconds": ~4f, "states_per_second": ~1f, "cpu_seconds": ~4f, "states_per_cpu_second": ~1f}~n',
           [N, States, Secs, Rate, Cpu, CpuRate]).
