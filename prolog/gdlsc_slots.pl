/*  gdlsc_slots: what a random playout asks of a slot state (doc/engines.md, "Slot states";
    doc/benchmarks.md): slot_enter/1 before a state is evaluated, then terminal, each role's
    legal moves and the next state, answered by the collectors and the test compiled from
    the slot copy (gdlsc_slot_copy, gdlsc_collect). The playout loop is gdlsc_playout's.

    The playout layer, bottom up: gdlsc_slot_recursion (which recursions need a table),
    gdlsc_slot_states (slot numbers, slot states), the collectors (gdlsc_collect_binding,
    gdlsc_collect_order, gdlsc_collect_static, gdlsc_collect_test, gdlsc_collect),
    gdlsc_slot_fold, gdlsc_slot_copy (the derivation), this module, gdlsc_playout. The test
    tests/feature/simulate/playout_slots_test.cpp plays the same seeded matches with and
    without the copy on every corpus game and requires equal counts and last states.
*/
:- module(gdlsc_slots,
          [ slot_copy/1,         % -Status: ready or none(Why)
            slot_state/2,        % +List, -SlotState
            slot_terminal/1,     % +SlotState
            slot_legal_moves/3,  % +Role, +SlotState, -Moves
            slot_next_state/3,   % +JointMove, +SlotState, -SlotState1
            slot_fluents/2,      % +SlotState, -Fluents
            slot_enter/1,        % +SlotState: about to evaluate it
            forget_slot_copy/0
          ]).
:- reexport(gdlsc_slot_copy, [slot_copy/1, forget_slot_copy/0]).
:- reexport(gdlsc_slot_states, [slot_state/2, slot_fluents/2]).
:- use_module(gdlsc_slot_copy, [state_tables/0]).
:- use_module(gdlsc_slot_states, [pairs_state/2]).

% on: playouts use the copy where there is one; off: always the list states (set by the
% host from GDLSC_SLOTS, src/base/environment.h).
:- create_prolog_flag(gdlsc_slots, on, [type(atom), keep(true)]).

%!  slot_enter(+SlotState) is det.
%   Called before a state is evaluated: where the copy has tabled state predicates, their
%   tables (made for the state before) are dropped and the state is made the one they read.
slot_enter(St) :-
    (   state_tables
    ->  abolish_module_tables(gdlsc_pcopy),
        nb_setval('$gdlsc_slot_state', St)
    ;   true
    ).

%!  slot_terminal(+SlotState) is semidet.
slot_terminal(st(L, T)) :- gdlsc_pcopy:'$c:terminal'(L, T), !.

%!  slot_legal_moves(+Role, +SlotState, -Moves:list) is det.
%   Every legal move of Role (unsorted, possibly repeated: the caller sorts).
slot_legal_moves(R, st(L, T), Ms) :- gdlsc_pcopy:'$c:legal'(R, L, T, [], Ms).

%!  slot_next_state(+JointMove, +SlotState, -SlotState1) is det.
%   The successor slot state.
slot_next_state(A, st(L, T), S1) :-
    gdlsc_pcopy:'$c:next'(A, L, T, [], Ps),
    pairs_state(Ps, S1).
