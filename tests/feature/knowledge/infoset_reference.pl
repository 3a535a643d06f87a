:- encoding(utf8).
/*  infoset_reference -- straightforward implementations of the weighted-state
    information set (tier 1 of prolog/gdlsc_infoset.pl), written from the
    definition and kept slow on purpose, to check the optimised
    gdlsc_infoset:state_step/5 against (infoset_step_check.pl).

    * ref_step/5: the progressive update done the obvious way: every legal
      joint move (joint_moves/2) of every non-terminal parent with the role's
      own move, percepts compared, successor computed, children grouped by
      msort on the state.
    * brute_entries/4: no progression at all: every development of the
      history's length, enumerated from s0, kept when the role's moves and
      percepts equal those of the actual history, grouped by final state.
    Both give sorted lists s(State, NumDevs, Weight) (Weight exact: the
    product over steps of 1/#legal moves of every role other than Role).
*/
:- module(infoset_reference,
          [ ref_step/5,          % +Role, +I, +JointMove, +S-Entries0, -S1-Entries
            ref_summary/2,       % +Entries, -Summary
            brute_entries/4,     % +Role, +I, +JointMoves, -Summary
            rep_is_valid/4       % +Role, +I, +JointMoves, +e(State, N, W, Rep)
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc(gdlsc_game)).

%!  ref_step(+R, +I, +A, +S-Entries0, -S1-Entries) is det.
%
%   Entries are r(State, NumDevs, Weight), sorted by State.
ref_step(R, I, A, S-Es0, S1-Es) :-
    arg(I, A, M),
    percepts(R, A, S, Ps),
    next_state(A, S, S1),
    findall(T-(N-W),
            ( member(r(Q, N0, W0), Es0),
              \+ terminal(Q),
              joint_moves(Q, As),
              member(A2, As),
              arg(I, A2, M),
              percepts(R, A2, Q, Ps2),
              Ps2 == Ps,
              next_state(A2, Q, T),
              other_roles_probability(R, Q, P),
              N = N0,
              W is W0 * P
            ),
            Children),
    msort(Children, Sorted),
    group_sum(Sorted, Es).

other_roles_probability(R, Q, P) :-
    roles(Rs),
    foldl([Rj, P0, P1]>>( Rj == R -> P1 = P0
                         ; legal_moves(Rj, Q, Ms), length(Ms, L), P1 is P0 * (1 rdiv L) ),
          Rs, 1, P).

group_sum([], []).
group_sum([T-(N-W)|Cs], [r(T, NT, WT)|Es]) :-
    same_state(Cs, T, N, NT, W, WT, Rest),
    group_sum(Rest, Es).

same_state([T1-(N1-W1)|Cs], T, N0, N, W0, W, Rest) :-
    T1 == T, !,
    N2 is N0 + N1, W2 is W0 + W1,
    same_state(Cs, T, N2, N, W2, W, Rest).
same_state(Rest, _, N, N, W, W, Rest).

%!  ref_summary(+Entries, -Summary) is det.
%
%   Entries of gdlsc_infoset (e/4) or of ref_step/5 (r/3) as the sorted
%   list of s(State, NumDevs, Weight).
ref_summary(Es, Summary) :-
    maplist([E, s(T, N, W)]>>( E = e(T, N, W, _) -> true ; E = r(T, N, W) ), Es, L),
    msort(L, Summary).

%!  brute_entries(+R, +I, +Moves, -Summary) is det.
%
%   Every development with the length of Moves that R cannot tell from
%   Moves, by depth-first enumeration from the initial state.
brute_entries(R, I, Moves, Summary) :-
    init_state(S0),
    observations(R, I, Moves, S0, Obs),
    findall(T-(1-W), develop(Obs, R, I, S0, 1, T, W), Children),
    msort(Children, Sorted),
    group_sum(Sorted, Es),
    maplist([r(T, N, W), s(T, N, W)]>>true, Es, Summary).

%   observations: R's own move and percepts at every step of Moves.
observations(_, _, [], _, []).
observations(R, I, [A|As], S, [o(M, Ps)|Os]) :-
    arg(I, A, M),
    percepts(R, A, S, Ps),
    next_state(A, S, S1),
    observations(R, I, As, S1, Os).

develop([], _, _, S, W, S, W).
develop([o(M, Ps)|Os], R, I, S, W0, T, W) :-
    \+ terminal(S),
    joint_moves(S, As),
    member(A, As),
    arg(I, A, M),
    percepts(R, A, S, Ps2),
    Ps2 == Ps,
    other_roles_probability(R, S, P),
    W1 is W0 * P,
    next_state(A, S, S1),
    develop(Os, R, I, S1, W1, T, W).

%!  rep_is_valid(+R, +I, +Moves, +Entry) is semidet.
%
%   The representative development of Entry is a development of the length
%   of Moves, possible from s0, ending in Entry's state, with R's moves and
%   percepts those of Moves.
rep_is_valid(R, I, Moves, e(T, _, _, Rep)) :-
    sit_list(Rep, [], RepMoves),
    init_state(S0),
    observations(R, I, Moves, S0, Obs),
    observations(R, I, RepMoves, S0, Obs2),
    Obs2 == Obs,
    foldl([A, S, S1]>>( \+ terminal(S),
                        joint_moves(S, As), memberchk(A, As),
                        next_state(A, S, S1) ),
          RepMoves, S0, T1),
    T1 == T.

sit_list(s0, Acc, Acc).
sit_list(do(A, S), Acc, L) :-
    sit_list(S, [A|Acc], L).
