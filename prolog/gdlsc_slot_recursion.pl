/*  gdlsc_slot_recursion: which recursive state relations of the game the slot copy
    (gdlsc_slot_copy) tables without the state, and which need no table at all because a
    static acyclic relation bounds their recursion (doc/engines.md, "Tables without the
    state", "No table where the recursion ends by itself"). Reads the clauses of the
    generated module `game` only.
*/
:- module(gdlsc_slot_recursion,
          [ state_tabled/1,      % +Relation
            well_founded/1       % +Relation
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ugraphs)).

% state_tabled(B): the game tables the state relation B (recursive). Its copy is tabled
% without the state: '$t:B'(Args...), which reads the state (L, T) from the global variable
% '$gdlsc_slot_state'; the playout loop sets it and drops the copy's tables before it
% evaluates a state, so a table never outlives the state it was made for. (A tabled static
% relation, e.g. a recursive order on numbers, is called in `game` with its own tables.)
state_tabled(B) :-
    atom_concat('g:', B, N),
    current_predicate(game:N/A),
    functor(H, N, A),
    predicate_property(game:H, tabled),
    \+ predicate_property(game:H, imported_from(_)).

% well_founded(+B): the recursion of the state relation B ends without tables. Every call
% of B in a clause of B comes, on every path through the clause's mode switches, after a
% call s(X, Y) of one static relation s, with X the head's argument at one position I and
% Y the call's argument at I (the same s and I in every clause), s is acyclic, and B calls
% no other tabled (recursive) state relation. Then the values at I along a chain of calls
% follow a path of s (Y is bound when the call is made), so every chain is finite: chess's
% clear_row_ig walks next_file. Its copy is then a plain predicate (no table to make and
% drop for every state; chess's playouts 7x faster); any doubt keeps the table.
well_founded(B) :-
    game:relation(B, Arity, Class),
    Class \== action,
    Arity >= 1,
    atom_concat('g:', B, N),
    GA is Arity + 1,
    functor(H0, N, GA),
    findall(H0-Body, clause(game:H0, Body), Cls),
    \+ ( member(_-Body, Cls), calls_other_tabled(Body, N) ),
    findall(H-P, ( member(H-Body, Cls), limited_paths(Body, P) ), HPs0),
    \+ memberchk(_-too_many, HPs0),
    include(recursive_path(N), HPs0, HPs),
    HPs = [H1-P1|_],
    append(Before, [R|_], P1), recursive_goal(R, N), !,
    between(1, Arity, I),
    arg(I, H1, X1), arg(I, R, Y1),
    member(SG, Before), measure_goal(SG, X1, Y1, S),
    forall(member(H-P, HPs), path_decreases(P, H, N, I, S)),
    acyclic_static(S),
    !.

recursive_path(N, _-P) :- member(G, P), recursive_goal(G, N), !.

recursive_goal(G, N) :- nonvar(G), ( G = M:G1 -> M == game ; G1 = G ), callable(G1), functor(G1, N, _).

% calls_other_tabled(+Body, +N): Body calls a tabled state relation of game other than N
% (or has a goal this analysis cannot see into, a variable).
calls_other_tabled(Body, N) :-
    sub_term(G, Body),
    (   var(G) -> fail
    ;   callable(G), functor(G, GN, _), GN \== N,
        atom_concat('g:', GB, GN),
        game:relation(GB, _, C), C \== static,
        state_tabled(GB)
    ), !.

% limited_paths(+Body, -Path): the goals of one path through Body's control constructs, in
% the order they run (on backtracking, every path); too_many past 512 paths.
limited_paths(Body, P) :-
    findall(Body-P0, limit(513, body_path(Body, P0)), Ps),   % with Body: its variables
    (   length(Ps, K), K > 512
    ->  P = too_many
    ;   member(Body-P, Ps)
    ).

body_path(G, [G]) :- var(G), !.
body_path((A, B), P) :- !, body_path(A, PA), body_path(B, PB), append(PA, PB, P).
body_path((C -> T ; E), P) :- !, ( body_path(C, PC), body_path(T, PT), append(PC, PT, P) ; body_path(E, P) ).
body_path((C *-> T ; E), P) :- !, ( body_path(C, PC), body_path(T, PT), append(PC, PT, P) ; body_path(E, P) ).
body_path((A ; B), P) :- !, ( body_path(A, P) ; body_path(B, P) ).
body_path((C -> T), P) :- !, body_path(C, PC), body_path(T, PT), append(PC, PT, P).
body_path(G, [G]).

% path_decreases(+P, +H, +N, +I, +S): every recursive call in the path P (of a clause with
% head H) comes after s(X, Y) with X the head's argument at I and Y the call's; a goal
% that is no recursive call but has one inside (a negation, a meta-call) fails it.
path_decreases(P, H, N, I, S) :-
    arg(I, H, X),
    path_decreases_(P, [], X, N, I, S).

path_decreases_([], _, _, _, _, _).
path_decreases_([G|Gs], Before, X, N, I, S) :-
    (   recursive_goal(G, N)
    ->  arg(I, G, Y),
        once(( member(SG, Before), measure_goal(SG, X, Y, S0), S0 == S ))
    ;   \+ ( sub_term(G1, G), nonvar(G1), recursive_goal(G1, N) )
    ),
    path_decreases_(Gs, [G|Before], X, N, I, S).

% measure_goal(+G, +X, +Y, -S): G calls the binary static relation S as S(X, Y).
measure_goal(G0, X, Y, S) :-
    nonvar(G0),
    ( G0 = M:G -> M == game ; G = G0 ),
    compound(G), compound_name_arguments(G, SN, [A, B]),
    A == X, B == Y,
    atom_concat('g:', S, SN),
    game:relation(S, 2, static).

% acyclic_static(+S): the static relation S (all its answers found within the limits) has
% no cycle.
acyclic_static(S) :-
    atom_concat('g:', S, SN),
    G =.. [SN, A, B],
    catch(call_with_inference_limit(findall(A-B, limit(100001, game:G), Es), 5000000, R), _, fail),
    R \== inference_limit_exceeded,
    length(Es, K), K =< 100000,
    ground(Es),
    findall(V, ( member(X-Y, Es), ( V = X ; V = Y ) ), Vs0),
    sort(Vs0, Vs),
    sort(Es, Es1),
    vertices_edges_to_ugraph(Vs, Es1, Gr),
    top_sort(Gr, _).
