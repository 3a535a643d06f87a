/*  gdlsc_game: the game's rules over states, on top of the generated module `game`
    (doc/architecture.md). A state is a sorted, duplicate-free list of ground fluents;
    a joint move is a(M1,...,Mk), one move per role in the order of the role facts.
    The random playouts over these states are gdlsc_playout's, above this module.
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
            sort_set/2,         % +List, -Set
            reset_game_tables/0,
            limit_game_tables/0,
            load_game_text/1,   % +Text
            exception_text/2    % +Exception, -Text
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).

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

%!  sort_set(+List, -Set) is det.
%   sort/2, without the call for the lists that are already
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
    forall(on_game_unloading, true),
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

%!  on_game_unloading is nondet.
%   Multifile hook run before a game is loaded, while the one before may still be there:
%   modules that derive something from the game's clauses (the slot copy, gdlsc_slot_copy)
%   drop it here.
:- multifile on_game_unloading/0.
:- dynamic on_game_unloading/0.

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
prolog:message(error(gdlsc_error(not_an_agent(random)), _)) -->
    [ 'random is not an agent: it has no knowledge'-[] ].
prolog:message(error(gdlsc_error(not_an_agent(R)), _)) -->
    [ '~w is not a role of the game: knows needs an agent'-[R] ].

load_messages([]) --> [].
load_messages([M|Ms]) --> [ '  ~p'-[M], nl ], load_messages(Ms).
