/*  gdlsc_game: the game's rules over states, on top of the generated module `game`
    (doc/architecture.md). A state is a sorted, duplicate-free list of ground fluents;
    a joint move is a(M1,...,Mk), one move per role in the order of the role facts.
    Also the Prolog-side random playout loop used to measure the engine's speed.
*/
:- module(gdlsc_game,
          [ roles/1,            % -Roles
            agent/1,            % ?Role
            init_state/1,       % -State
            legal_move/3,       % ?Role, ?Move, +State
            legal_moves/3,      % +Role, +State, -Moves
            joint_moves/2,      % +State, -JointMoves
            terminal/1,         % +State
            goal/3,             % ?Role, ?Value, +State
            next_state/3,       % +JointMove, +State, -State1
            percepts/4,         % ?Role, +JointMove, +State, -Percepts
            random_joint_move/2,% +State, -JointMove
            playouts/3,         % +N, +Seed, -States
            playouts/4,         % +N, +Seed, +MaxDepth, -Stats
            playouts/5,         % +N, +Seed, +MaxDepth, -Stats, ?Ends
            reset_game_tables/0,
            limit_game_tables/0,
            load_game_text/1,   % +Text
            exception_text/2    % +Exception, -Text
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(apply)).
:- use_module(gdlsc_slots).

%!  roles(-Roles:list) is det.
%   The roles in the order of the role facts (random included).
roles(Rs) :- game:roles(Rs).

%!  agent(?Role) is nondet.
%   A role that is not random: the players whose knowledge we reason about.
agent(R) :- game:roles(Rs), member(R, Rs), R \== random.

%!  init_state(-State:list) is det.
%   The initial state: every init fluent, sorted and deduplicated.
init_state(S) :- findall(F, game:'g:init'(F), L), sort(L, S).

%!  legal_move(?Role, ?Move, +State) is nondet.
%   Move is legal for Role in State (may repeat a move; see legal_moves/3).
legal_move(R, M, S) :- game:'g:legal'(R, M, S).

%!  legal_moves(+Role, +State, -Moves:list) is det.
%   The sorted set of Role's legal moves in State.
legal_moves(R, S, Ms) :- findall(M, game:'g:legal'(R, M, S), L), sort_set(L, Ms).

%   sort_set(+List, -Set): sort/2, without the call for the lists that are already
%   sets (no or one element: the only legal move of a role that is not in turn).
sort_set([], []) :- !.
sort_set([X], [X]) :- !.
sort_set(L, S) :- sort(L, S).

%!  joint_moves(+State, -JointMoves:list) is det.
%   Every joint move a(M1..Mk) whose moves are all legal, in standard order.
%   Empty when some role has no legal move.
joint_moves(S, As) :-
    game:roles(Rs),
    maplist(moves_for(S), Rs, Mss),
    findall(A, (maplist(member, Ms, Mss), A =.. [a|Ms]), As).

moves_for(S, R, Ms) :- legal_moves(R, S, Ms).

%!  terminal(+State) is semidet.
terminal(S) :- game:'g:terminal'(S), !.

%!  goal(?Role, ?Value, +State) is nondet.
%   Role's goal value in State (each distinct pair once).
goal(R, V, S) :- findall(R-V, game:'g:goal'(R, V, S), L), sort(L, L1), member(R-V, L1).

%!  next_state(+JointMove, +State, -State1:list) is det.
%   The successor state: every next fluent, sorted and deduplicated.
next_state(A, S, S1) :- findall(F, game:'g:next'(F, A, S), L), sort(L, S1).

%!  percepts(?Role, +JointMove, +State, -Percepts:list) is det.
%   What Role sees when JointMove is done in State (sorted, deduplicated).
%   With Role unbound, enumerates the roles.
percepts(R, A, S, Ps) :-
    ( var(R) -> game:roles(Rs), member(R, Rs) ; true ),
    findall(P, game:'g:sees'(R, P, A, S), L), sort(L, Ps).

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

%!  reset_game_tables is det.
%   Drops the answer tables of the game's tabled (recursive) predicates; they are
%   keyed by state and would otherwise grow with every state visited. With them
%   go the runtime's own memo tables, which are recomputed on demand:
%   abolish_module_tables(game) does not give the table space back in
%   SWI-Prolog 9.0.4 (see limit_game_tables/0).
reset_game_tables :-
    (   game_untabled
    ->  true
    ;   current_table(game:_, _)
    ->  abolish_private_tables
    ;   true
    ).

%!  limit_game_tables is det.
%   Drops the answer tables (the game's, keyed by state, and the runtime's
%   memo tables, which are recomputed on demand) beyond 256 MB of table space.
%   abolish_private_tables/0, not abolish_module_tables(game): in SWI-Prolog
%   9.0.4 the latter leaves the table space in use (measured: 296 MB before,
%   296 MB after, on othello-fourway-teamswitch after 20 steps), so a long
%   history ran out of private_table_space. Tables in use are freed when
%   their evaluation completes.
limit_game_tables :-
    statistics(table_space_used, Used),
    (   Used > 268435456
    ->  abolish_private_tables
    ;   true
    ).

%   game_untabled: the game loaded by load_game_text/1 has no tabled predicates.
%   Checked once per load, so that a playout of such a game does not look for tables.
:- dynamic game_untabled/0.

set_game_untabled :-
    retractall(game_untabled),
    (   predicate_property(game:H, tabled),
        \+ predicate_property(game:H, imported_from(_))
    ->  true
    ;   assertz(game_untabled)
    ).

%!  load_game_text(+Text:string) is det.
%   Loads the generated program text (sc::emit_prolog) as the module `game`,
%   replacing the game loaded before and dropping every table. The text is our
%   own clauses with the game's symbols as quoted atoms; it is compiled, never
%   called, except for its own directives (module, use_module of library(ordsets),
%   style_check, dynamic, table).
%   @error gdlsc_load(Messages) when the text does not compile.
load_game_text(Text) :-
    abolish_all_tables,
    forget_slot_copy,
    retractall(game_untabled),
    retractall(load_message(_)),
    % A fresh source name for every load: reloading the same source replaced the clauses
    % of a tabled predicate but left it untabled in SWI-Prolog 9.0.4 (a second load of
    % linesOfAction ran its recursive rules without tables, minutes instead of a second).
    flag(gdlsc_game_loads, K, K + 1),
    format(atom(Source), 'gdlsc_game_program_~w', [K]),
    setup_call_cleanup(
        ( open_string(Text, In), nb_setval(gdlsc_loading, true) ),
        load_files(Source, [stream(In), silent(true), redefine_module(true)]),
        ( close(In), nb_setval(gdlsc_loading, false) )),
    findall(M, retract(load_message(M)), Ms),
    (   Ms == []
    ->  true
    ;   throw(error(gdlsc_load(Ms), _))
    ),
    set_game_untabled,
    forall(on_game_loaded, true).

%!  on_game_loaded is nondet.
%   Multifile hook run after a game is loaded: modules that memoise per game
%   (situations, information sets) clear their memo here.
:- multifile on_game_loaded/0.
:- dynamic on_game_loaded/0.

:- dynamic load_message/1.
:- multifile user:message_hook/3.
user:message_hook(Term, error, _) :-
    nb_current(gdlsc_loading, true),
    assertz(gdlsc_game:load_message(Term)).

%!  exception_text(+Exception, -Text:string) is det.
%   The message SWI-Prolog prints for Exception, as one string.
exception_text(E, Text) :-
    catch(( message_to_codes(E, Codes) -> string_codes(Text, Codes) ; fail ), _, fail),
    !.
exception_text(E, Text) :-
    term_string(E, Text).

message_to_codes(E, Codes) :-
    '$messages':translate_message(E, Lines, []),
    with_output_to(codes(Codes), print_message_lines(current_output, '', Lines)).

:- multifile prolog:message//1.
prolog:message(error(gdlsc_load(Ms), _)) -->
    [ 'the generated game program does not compile:'-[], nl ],
    load_messages(Ms).
prolog:message(error(gdlsc_unsupported(knows_in_rules), _)) -->
    [ 'GDL-III knows in game rules is not supported by the progression engine'-[] ].

load_messages([]) --> [].
load_messages([M|Ms]) --> [ '  ~p'-[M], nl ], load_messages(Ms).
