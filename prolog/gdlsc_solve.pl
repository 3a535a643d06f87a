/*  gdlsc_solve -- `gdlsc solve`: every development of at most N joint moves at
    whose last situation a formula holds (the dual of `prove`), breadth first.

    The developments are the nodes of gdlsc_developments, so in a GDL-III game
    every step sees what the players know (an announcement that is legal only
    when its speaker knows it prunes the search as the rules say).  The search
    stops at terminal states: a terminal development is a candidate but has no
    extensions.  Developments are counted exactly; at most Limit of them are
    listed, in order of length, then of their joint moves (the order of the
    roles' sorted legal moves).
*/
:- module(gdlsc_solve,
          [ solve_report/8      % +F, +Sit, +Depth, +Limit, +Progress, -Count, -Listed, -Levels
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).
:- use_module(gdlsc_formula, [eval/2]).

%!  solve_report(+Formula, +Sit, +Depth:atom, +Limit:atom, +Progress:bool,
%!               -Count:atom, -Listed:list, -Levels:list) is det.
%
%   Count is the number of developments of length 0..Depth that extend the
%   development Sit (s0: every development; its steps checked before) and
%   whose last situation satisfies Formula (free variables existential);
%   Listed has the first Limit of them as s(JointMoves, Fluents); Levels has,
%   per depth from Sit's length on, level(Depth, Developments, Solutions) with
%   counts as atoms.  Progress prints one line per depth on user_error.
solve_report(F, Sit, DepthA, LimitA, Progress, CountA, Listed, Levels) :-
    atom_number(DepthA, Depth),
    atom_number(LimitA, Limit),
    knowledge_reset,
    reset_game_tables,
    sit_node(Sit, Start),
    sit_length(Sit, 0, D0),
    get_time(T0),
    solve_levels(D0, Depth, [Start], F, Limit, Progress, T0, 0, Count, Listed, Levels0),
    atom_number(CountA, Count),
    maplist(level_atoms, Levels0, Levels).

solve_levels(D, Max, Ids, F, Limit, Progress, T0, C0, C, Listed, [level(D, N, K)|Levels]) :-
    include(satisfies(F), Ids, Sols),
    length(Ids, N),
    length(Sols, K),
    C1 is C0 + K,
    Room is max(0, Limit - C0),
    take(Room, Sols, Shown),
    maplist(solution, Shown, Listed0),
    append(Listed0, Rest, Listed),
    (   Progress == true
    ->  get_time(T), S is T - T0,
        format(user_error, "solve: depth ~d: ~D developments, ~D solutions (~2f s)~n", [D, N, C1, S])
    ;   true
    ),
    (   D >= Max
    ->  C = C1, Rest = [], Levels = []
    ;   level_children(Ids, Ids1),
        (   Ids1 == []
        ->  C = C1, Rest = [], Levels = []
        ;   D1 is D + 1,
            solve_levels(D1, Max, Ids1, F, Limit, Progress, T0, C1, C, Rest, Levels)
        )
    ).

sit_length(s0, N, N).
sit_length(do(_, S), N0, N) :- N1 is N0 + 1, sit_length(S, N1, N).

satisfies(F, Id) :-
    node_sit(Id, Sit),
    \+ \+ eval(F, Sit).

solution(Id, s(Moves, Fluents)) :-
    node_moves(Id, Moves),
    node_(Id, _, _, S),
    plain_state(S, Fluents).

take(0, _, []) :- !.
take(_, [], []) :- !.
take(N, [X|Xs], [X|Ys]) :- N1 is N - 1, take(N1, Xs, Ys).

level_atoms(level(D, N, K), level(DA, NA, KA)) :-
    maplist(atom_number, [DA, NA, KA], [D, N, K]).
