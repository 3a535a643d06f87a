/*  gdlsc_slot_states: slot numbers and slot states (doc/engines.md, "Slot states").

    A slot state is st(L, T): L the state's fluents as a set of pairs F-I (F with its slot
    number I, 0 for a fluent no ground lookup reads; in no particular order), T a term
    s(_, ..., _) whose argument I is bound exactly when the fluent with slot number I holds.
    Slots are numbered as fluents are first met, so no fluent domain is needed: the slot of
    a fluent is the fact '$f:Name'(Args..., I) in the module gdlsc_pcopy, found through the
    dispatch '$slot'(F, I) (finish_slot_dispatch/0). Which fluents get slots (track/2) is
    decided while gdlsc_slot_copy derives the copy.
*/
:- module(gdlsc_slot_states,
          [ start_slots/0,
            forget_slots/0,
            track/2,             % +Name, +Arity: fluents Name/Arity get slots
            finish_slot_dispatch/0,
            ensure_slot/1,       % +Fluent
            slot_state/2,        % +List, -SlotState
            pairs_state/2,       % +Pairs, -SlotState
            slot_fluents/2       % +SlotState, -Fluents
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

:- dynamic slot_count/1.
% tracked(Name, Arity): fluents Name/Arity are looked up ground somewhere: they get slots.
:- dynamic tracked/2.

%!  start_slots is det.
%   No slot numbered yet (the copy's derivation begins).
start_slots :- assertz(slot_count(0)).

%!  forget_slots is det.
%   Forgets the slot numbers and the tracked fluents (with the copy).
forget_slots :-
    retractall(slot_count(_)),
    retractall(tracked(_, _)).

%!  track(+Name, +Arity) is det.
%   Fluents Name/Arity are looked up ground in the copy: they get slots (their slot facts
%   '$f:Name'/Arity+1 are declared in gdlsc_pcopy).
track(N, A) :-
    (   tracked(N, A)
    ->  true
    ;   assertz(tracked(N, A)),
        atom_concat('$f:', N, FN), A1 is A + 1,
        dynamic(gdlsc_pcopy:FN/A1)
    ).

% '$slot'(+Fluent, -I): I > 0 its slot, -1 a tracked fluent without one yet, 0 a fluent no
% ground lookup reads (no slot needed).
finish_slot_dispatch :-
    dynamic(gdlsc_pcopy:'$slot'/2),
    forall(tracked(N, A),
           ( functor(F, N, A), F =.. [_|Args], atom_concat('$f:', N, FN),
             append(Args, [I], Args1), SG =.. [FN|Args1],
             assertz(gdlsc_pcopy:('$slot'(F, I) :- !, ( SG -> true ; I = -1 ))) )),
    assertz(gdlsc_pcopy:'$slot'(_, 0)).

%!  slot_state(+Fluents, -SlotState) is det.
%   The slot state st(L, T) of a list of fluents (slots for new fluents numbered here): L
%   the set of pairs F-I, each fluent with its slot (0: a fluent no lookup reads), in no
%   particular order; T the slot term.
slot_state(Fs, S) :-
    maplist(unslotted, Fs, Ps),
    pairs_state(Ps, S).

unslotted(F, F-_).

% pairs_state(+Pairs, -SlotState): the slot state of pairs F-I in any order, with
% repetitions; an unbound I is F's slot, looked up (or numbered) here.
%   The pairs of fluents with a slot are made a set by the slot term (a pair whose slot
%   argument is bound already is a repetition), those without one (few) by sort/2: L is
%   a set, in no particular order.
pairs_state(Ps0, St) :-
    slot_count(C0),
    C is max(C0, 1),
    functor(T, s, C),
    (   fill(Ps0, T, L, Tail, Us0)          % fails on a fluent without a slot yet
    ->  ( Us0 == [] -> Tail = [] ; sort(Us0, Tail) ),
        St = st(L, T)
    ;   number_slots(Ps0),
        pairs_state(Ps0, St)
    ).

% number_slots(+Pairs): every fluent of Pairs that needs a slot has one.
number_slots([]).
number_slots([F-I|Ps]) :-
    (   var(I) -> ensure_slot(F) ; true ),
    number_slots(Ps).

% fill(+Pairs, +T, -L, ?Tail, -Untracked): L the pairs with a slot, each once (their slot
% arguments of T bound), up to Tail; Untracked the others. An unbound slot is looked up
% here; fails when a fluent has none yet.
fill([], _, L, L, []).
fill([P|Ps], T, L, Tail, Us) :-
    P = F-I,
    (   var(I)
    ->  gdlsc_pcopy:'$slot'(F, I),
        I >= 0
    ;   true
    ),
    (   arg(I, T, X)                    % fails for I = 0
    ->  (   var(X)
        ->  X = 1, L = [P|L1]
        ;   L = L1
        ),
        fill(Ps, T, L1, Tail, Us)
    ;   Us = [P|Us1],
        fill(Ps, T, L, Tail, Us1)
    ).

%!  slot_fluents(+SlotState, -Fluents) is det.
%   The sorted fluent list of a slot state.
slot_fluents(st(L, _), Fs) :- pairs_keys(L, Fs0), sort(Fs0, Fs).

% ensure_slot(+F): the tracked fluent F has a slot.
ensure_slot(F) :-
    gdlsc_pcopy:'$slot'(F, I),
    (   I =:= -1
    ->  new_slot(F, _)
    ;   true
    ).

new_slot(F, C) :-
    retract(slot_count(C0)), C is C0 + 1, assertz(slot_count(C)),
    F =.. [N|Args], atom_concat('$f:', N, FN), append(Args, [C], Args1),
    Fact =.. [FN|Args1],
    assertz(gdlsc_pcopy:Fact).
