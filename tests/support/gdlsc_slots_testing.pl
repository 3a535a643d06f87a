:- encoding(utf8).
/** <module> Test seams of gdlsc_slots: mutations of the slot copy and the cross-check

For tests only (tests/feature/simulate/playout_slots_test.cpp loads this file into the
engine): mutations of the slot copy of prolog/gdlsc_slots.pl that the cross-checks must
catch, and the cross-check of the collectors against the game's own rules. Not part of the
runtime: prolog/gdlsc.pl does not load it and it is not installed, so no command reaches it.
*/
:- module(gdlsc_slots_testing,
          [ drop_copy_clause/2,     % +Relation, +N: a mutation of the copy
            shift_carried_slot/0,   % a mutation of the copy
            collector_mismatches/4  % +N, +Seed, +MaxDepth, -Mismatches
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

%!  drop_copy_clause(+Relation, +N) is semidet.
%   Removes the N-th clause (an integer or its atom) of the copy of Relation (of its
%   tabled copy, if it is one), a mutation the cross-check must catch. Fails when there is no such clause.
drop_copy_clause(B, N0) :-
    ( atom(N0) -> atom_number(N0, N) ; N = N0 ),
    ( gdlsc_slot_copy:tabled_copy(B) -> gdlsc_slot_copy:tabled_name(B, P) ; gdlsc_slot_copy:copy_name(B, P) ),
    current_predicate(gdlsc_pcopy:P/A),
    functor(H, P, A),
    findall(Ref, clause(gdlsc_pcopy:H, _, Ref), Refs),
    nth1(N, Refs, Ref),
    erase(Ref),
    gdlsc_slot_copy:make_collectors.

%!  shift_carried_slot is semidet.
%   The first clause of the copy of next that carries its fluent's slot from the state (a frame rule, head_args/5) carries the next slot number instead, a
%   mutation collector_mismatches/4 must see. Fails when no clause carries a slot.
shift_carried_slot :-
    \+ gdlsc_slot_copy:tabled_copy(next),
    H = '$p:next'(F-I, A, L, T),
    clause(gdlsc_pcopy:H, B, Ref),
    var(I), gdlsc_slot_copy:occurs_var(I, B), !,
    erase(Ref),
    asserta(gdlsc_pcopy:('$p:next'(F-J, A, L, T) :- B, J is I + 1)),
    gdlsc_slot_copy:make_collectors.

%!  collector_mismatches(+N, +Seed, +MaxDepth, -Mismatches:list) is det.
%   Plays N seeded random matches over list states and, in every state, compares what the collectors and the test
%   give (gdlsc_collect) with the game's own rules: terminal, each role's legal moves, and
%   the next state for every joint move (at most 40 per state). Mismatches lists the first
%   few differences, as terms naming the state and the question.
collector_mismatches(N, Seed, MaxDepth, Mismatches) :-
    gdlsc_slots:slot_copy(ready),
    set_random(seed(Seed)),
    gdlsc_game:init_state(S0),
    findall(M, ( between(1, N, _), match_states(S0, MaxDepth, S), state_mismatch(S, M) ), Ms),
    ( length(Ms, K), K > 5 -> length(Mismatches, 5), append(Mismatches, _, Ms) ; Mismatches = Ms ).

% match_states(+S0, +D, -S): the states of one random match from S0 (on backtracking).
match_states(S0, D, S) :-
    (   S = S0
    ;   D > 0,
        \+ gdlsc_game:terminal(S0),
        gdlsc_playout:random_joint_move(S0, A),
        gdlsc_game:next_state(A, S0, S1),
        D1 is D - 1,
        match_states(S1, D1, S)
    ).

state_mismatch(S, M) :-
    gdlsc_game:reset_game_tables,
    gdlsc_slots:slot_state(S, St),
    gdlsc_slots:slot_enter(St),
    (   ( gdlsc_game:terminal(S) -> T1 = true ; T1 = false ),
        ( gdlsc_slots:slot_terminal(St) -> T2 = true ; T2 = false ),
        T1 \== T2,
        M = terminal(S, T1, T2)
    ;   game:roles(Rs), member(R, Rs),
        gdlsc_game:legal_moves(R, S, Ms1),
        gdlsc_slots:slot_legal_moves(R, St, Ms0), sort(Ms0, Ms2),
        Ms1 \== Ms2,
        M = legal(S, R, Ms1, Ms2)
    ;   gdlsc_game:joint_moves(S, As),
        length(As, K), Max is min(K, 40), length(As1, Max), append(As1, _, As),
        member(A, As1),
        gdlsc_game:next_state(A, S, N1),
        gdlsc_slots:slot_enter(St),
        gdlsc_slots:slot_next_state(A, St, St1),
        next_mismatch(St1, N1, M0),
        M = next(S, A, M0)
    ).

% next_mismatch(+St, +Fluents, -M): the slot state St is not the state of the sorted list
% Fluents: other or repeated fluents, a fluent with a slot not its own, or a slot term
% with other arguments bound.
next_mismatch(st(L, T), Fs, M) :-
    pairs_keys(L, Ks0),
    msort(Ks0, Ks),
    (   Ks \== Fs
    ->  M = fluents(Fs, Ks)
    ;   member(F-I, L), \+ gdlsc_pcopy:'$slot'(F, I)
    ->  M = slot(F, I)
    ;   findall(I, ( member(_-I, L), I > 0 ), Is), msort(Is, Is1),
        findall(I, ( arg(I, T, X), nonvar(X) ), Bound),
        Is1 \== Bound
    ->  M = slot_term(Is1, Bound)
    ).
