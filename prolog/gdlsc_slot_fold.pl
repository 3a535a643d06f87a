/*  gdlsc_slot_fold: ground lookups folded into the collectors and tests of the slot copy
    (gdlsc_collect): a lookup of a fluent that is ground in the code reads its slot of the
    slot term directly (doc/engines.md, "Collectors and tests").
*/
:- module(gdlsc_slot_fold,
          [ fold_ground_lookups/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_slot_states, [ensure_slot/1]).

% fold_ground_lookups: in the collectors and tests (predicates '$c...'), a slot lookup of a
% fluent that is ground in the code (the diagonals of tic-tac-toe once line(x) is inlined)
% is given its slot now: the lookup goal becomes `true` and its slot variable the number,
% so the code reads the slot term directly. A fluent without a slot gets one here; that it
% holds in no state built so far stays true (its argument of every slot term is unbound).
fold_ground_lookups :-
    forall(( current_predicate(gdlsc_pcopy:P/A), sub_atom(P, 0, _, _, '$c'),
             functor(H, P, A),
             predicate_property(gdlsc_pcopy:H, number_of_rules(R)), R > 0 ),
           fold_predicate(H)).

fold_predicate(H) :-
    findall(H-B, clause(gdlsc_pcopy:H, B), Cls),
    (   member(_-B, Cls), sub_term(G, B), ground_lookup(G, _)
    ->  retractall(gdlsc_pcopy:H),
        forall(member(H1-B1, Cls),
               ( fold_lookups(B1, B2), simplify_goal(B2, B3),
                 assertz(gdlsc_pcopy:(H1 :- B3)) ))
    ;   true
    ).

% ground_lookup(+G, -F): G is the slot fact goal of the ground fluent F, its slot unbound.
ground_lookup(G, F) :-
    compound(G),
    compound_name_arguments(G, N, Args),
    atom_concat('$f:', Name, N),
    append(FArgs, [I], Args),
    var(I),
    ground(FArgs),
    F =.. [Name|FArgs].

fold_lookups(X, X) :- var(X), !.
fold_lookups(M:G, true) :- M == gdlsc_pcopy, ground_lookup(G, F), !, fold_slot(G, F).
fold_lookups(G, true) :- ground_lookup(G, F), !, fold_slot(G, F).
fold_lookups(X, Y) :-
    compound(X), !,
    compound_name_arguments(X, N, As),
    maplist(fold_lookups, As, Bs),
    compound_name_arguments(Y, N, Bs).
fold_lookups(X, X).

fold_slot(G, F) :-
    ensure_slot(F),
    gdlsc_pcopy:'$slot'(F, I),
    I > 0,
    arg(_, G, I0), var(I0), !,          % the last argument, the only unbound one
    I0 = I.

% simplify_goal(+G0, -G): G0 with the `true` conditions and conjuncts fold_lookups/2 left
% taken out (only control constructs are entered).
simplify_goal(G, G) :- var(G), !.
simplify_goal((A, B), G) :- !,
    simplify_goal(A, A1), simplify_goal(B, B1),
    (   A1 == true -> G = B1
    ;   B1 == true -> G = A1
    ;   G = (A1, B1)
    ).
simplify_goal((C -> T ; E), G) :- !,
    simplify_goal(C, C1),
    (   C1 == true
    ->  simplify_goal(T, G)
    ;   simplify_goal(T, T1), simplify_goal(E, E1), G = (C1 -> T1 ; E1)
    ).
simplify_goal((C *-> T ; E), (C1 *-> T1 ; E1)) :- !,
    simplify_goal(C, C1), simplify_goal(T, T1), simplify_goal(E, E1).
simplify_goal((A ; B), (A1 ; B1)) :- !, simplify_goal(A, A1), simplify_goal(B, B1).
simplify_goal((C -> T), G) :- !,
    simplify_goal(C, C1),
    simplify_goal(T, T1),
    ( C1 == true -> G = T1 ; G = (C1 -> T1) ).
simplify_goal(\+ A, \+ A1) :- !, simplify_goal(A, A1).
simplify_goal(findall(X, A, L), findall(X, A1, L)) :- !, simplify_goal(A, A1).
simplify_goal(findall(X, A, L, L0), findall(X, A1, L, L0)) :- !, simplify_goal(A, A1).
simplify_goal(G, G).
