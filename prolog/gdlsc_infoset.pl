/*  gdlsc_infoset -- a role's information set after a development, computed
    PROGRESSIVELY (the set at step i from the set at step i-1, never from scratch).

    K(R,s0,s0); K(R,do(A',S'),do(A,S)) iff K(R,S',S), Poss(A',S'), R's move is
    the same in A and A', and R's percept sets after A' in S' and after A in S
    are equal (DESIGN §2, Thielscher 2010 Theorem 1).  random is not an agent.

    Two representations:
    * developments (tier 2, gdlsc_developments): every development is an
      interned node with, per agent, an interned observation; K_R(δ) is the
      cell of all nodes with R's observation of δ (infoset/3).  The only tier
      for GDL-III games (knows in the rules), whose truths depend on the
      development, not on its final state alone.
    * weighted states (tier 1, infoset_states/3): the set as a list of
      distinct final states, each with its number of developments and its
      probability weight (random uniform, the other roles uniform, R's own
      move given): the number of states stays small where the number of
      developments explodes.  One update (state_step/5) is made by the step
      network (gdlsc_network:k_step/5) or by the rules (gdlsc_infoset_merge).

    The *_report predicates are what the host calls (src/prolog/runtime.cpp).
*/
:- module(gdlsc_infoset,
          [ infoset/3,              % +Role, +Sit, -Sits
            infoset_states/3,       % +Role, +Sit, -Entries
            infoset_states_timed/4, % +Role, +Sit, -Entries, -Steps
            infoset_summary/4,      % +Role, +Sit, -NumDevs, -States
            obs_entries/3,          % +Role, +ObsId, -Entries
            state_step/5,           % +Role, +I, +JointMove, +State-Entries0, -State1-Entries1
            add_devs/3,             % +Entry, +N0, -N
            infoset_report/4,       % +Role, +Sit, -NumDevs, -NumStates
            infoset_report/5,       % +Role, +Sit, -NumDevs, -NumStates, -Steps
            infoset_states_page/3   % +From, +Max, -Page
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).
:- use_module(gdlsc_infoset_merge, [rules_children/6]).

:- dynamic obs_entries_/3.   % obs_entries_(Role, ObsId, Entries): weighted states for knows

:- multifile gdlsc_developments:memo_reset/0.
gdlsc_developments:memo_reset :- retractall(obs_entries_(_, _, _)).

%!  infoset(+Role, +Sit, -Sits) is det.
%
%   Sits are the developments (as situations) that Role cannot distinguish
%   from Sit, Sit included; duplicates are distinct developments.
infoset(R, Sit, Sits) :-
    check_agent(R),
    sit_node(Sit, Id),
    node_cell(R, Id, Ids),
    maplist(node_sit, Ids, Sits).


%   obs_entries(+R, +O, -Entries): R's information set for its observation O
%   (node_obs/3) as weighted states, the entries of infoset_states/3 (R's
%   set depends on R's moves and percepts only), memoised per (R, O) and
%   computed from the parent observation's entries: all developments that
%   look alike to R share them, so nested knowledge asks once per
%   observation, not once per development.
obs_entries(R, O, Es) :-
    (   obs_entries_(R, O, Es0)
    ->  Es = Es0
    ;   O =:= 0
    ->  init_state(S0),
        Es = [e(S0, 1, 1, s0)],
        assertz(obs_entries_(R, O, Es))
    ;   obs_key_(R, PO, M, Ps, O)
    ->  obs_entries(R, PO, Es0),
        role_position(R, I),
        entries_step(R, I, M, Ps, Es0, Es),
        assertz(obs_entries_(R, O, Es))
    ;   throw(error(existence_error(observation, R-O), obs_entries/3))
    ).


%   ---- weighted states (tier 1) -------------------------------------------

%!  infoset_states(+Role, +Sit, -Entries) is det.
%
%   Role's information set at Sit as distinct final states (in the standard
%   order of the states):
%   Entries = [e(State, NumDevs, Weight, RepSit), ...].  NumDevs counts the
%   developments ending in State; Weight is their total probability when
%   random (and every role other than Role) moves uniformly among its legal
%   moves, Role's own moves being given (not normalised); RepSit is one of
%   those developments.  Computed step by step from the previous step's
%   entries along the moves of Sit (never from scratch).
%   @error gdlsc_error(not_a_development(A)) if a joint move of Sit is not possible.
infoset_states(R, Sit, Entries) :-
    epistemic_game, !,
    check_agent(R),
    sit_node(Sit, Id),
    dev_entries(R, Id, Entries).
infoset_states(R, Sit, Entries) :-
    check_agent(R),
    sit_moves(Sit, Moves),
    role_position(R, I),
    init_state(S0),
    foldl(state_step(R, I), Moves, S0-[e(S0, 1, 1, s0)], _-Entries).

%!  infoset_states_timed(+Role, +Sit, -Entries, -Steps) is det.
%
%   infoset_states/3, and per joint move of Sit
%   step(D, NumDevs, NumStates, WallMs, CpuMs, How, Built): the set after
%   step D, the update's elapsed and CPU time (every thread of the process),
%   How it was made: network (the step network), rules (the game's rules) or
%   check (both, compared); Built is what gdlsc_network:network_info/1 says
%   if the step network was built (or found impossible) during this update,
%   its time included in the update's, else none.
infoset_states_timed(R, Sit, Entries, Steps) :-
    epistemic_game, !,
    check_agent(R),
    sit_moves(Sit, Moves),
    root_node(Id0),
    dev_timed_steps(Moves, R, 1, Id0, Steps),
    sit_node(Sit, Id),
    dev_entries(R, Id, Entries).
infoset_states_timed(R, Sit, Entries, Steps) :-
    check_agent(R),
    sit_moves(Sit, Moves),
    role_position(R, I),
    init_state(S0),
    timed_steps(Moves, R, I, 1, S0-[e(S0, 1, 1, s0)], Entries, Steps).

timed_steps([], _, _, _, _-Es, Es, []).
timed_steps([A|As], R, I, D, SEs, Es, [step(D, N, L, Wall, Cpu, How, Built)|Steps]) :-
    network_info(Info0),
    get_time(T0),
    statistics(process_cputime, C0),
    state_step(R, I, A, SEs, S1-Es1),
    statistics(process_cputime, C1),
    get_time(T1),
    nb_getval(gdlsc_last_update, How),
    network_info(Info1),
    (   Info0 == none, Info1 \== none -> Built = Info1 ; Built = none ),
    Wall is round((T1 - T0) * 1000000) / 1000.0,
    Cpu is round((C1 - C0) * 1000000) / 1000.0,
    foldl(add_devs, Es1, 0, N),
    length(Es1, L),
    D1 is D + 1,
    timed_steps(As, R, I, D1, S1-Es1, Es, Steps).

sit_moves(Sit, Moves) :-
    sit_moves(Sit, [], Moves).
sit_moves(s0, Acc, Acc) :- !.
sit_moves(do(A, Sit), Acc, Moves) :- !,
    sit_moves(Sit, [A|Acc], Moves).
sit_moves(Sit, _, _) :-
    throw(error(type_error(situation, Sit), _)).

%   state_step(+R, +I, +A, +Actual-Entries0, -Actual1-Entries1)
%   One progressive update.  Every parent entry that is not terminal and in
%   which R's move is legal is expanded by every joint move with R's move
%   whose percepts for R equal the actual ones (percepts first: the successor
%   state is computed only for those).  Apart from the game's rules the work
%   is small:
%   * per parent, the other roles' legal moves are computed once and give
%     both the joint moves and their probability;
%   * weights are summed as integers over a common denominator (the lcm of
%     the parents' denominators) and made exact rationals once per state;
%   * children are merged into distinct states as they are made, in a hash
%     table keyed by term_hash/2 (chunk_entries/4): only new states are
%     copied and kept; equal hashes are told apart by ==, so a hash
%     collision costs time, never exactness;
%   * the game's rules run inside findall/3, one parent at a time, so that
%     their garbage goes by backtracking rather than by the collector;
%   * the parents are split over threads (entries_in_threads/4).
%   The entries come out in the standard order of their states, each with
%   the representative development of its first child in the order parents,
%   then joint moves (role 1 outermost, each role's legal moves in standard
%   order): the result does not depend on the number of threads, nor on
%   whether the step network does the work (network_children/5).
state_step(R, I, A, S-Es0, S1-Es) :-
    (   \+ terminal(S), joint_move_legal(S, A)
    ->  true
    ;   throw(error(gdlsc_error(not_a_development(A)), _))
    ),
    arg(I, A, M),
    percepts(R, A, S, Ps),
    next_state(A, S, S1),
    entries_step(R, I, M, Ps, Es0, Es).

%   entries_step(+R, +I, +M, +Ps, +Entries0, -Entries): the update for R's
%   move M and percepts Ps (what R observes; all state_step/5 needs of the
%   actual joint move), by the step network or by the rules.
entries_step(R, I, M, Ps, Es0, Es) :-
    network_step_mode(Mode),
    (   Mode \== off,
        (   Mode == check
        ->  true
        ;   current_prolog_flag(gdlsc_network_min, Min),
            length(Es0, L),
            L >= Min
        ),
        network_children(Es0, I, M, Ps, Es1)
    ->  (   Mode == check
        ->  rules_children(Es0, R, I, M, Ps, Es2),
            (   Es1 == Es2
            ->  true
            ;   throw(error(gdlsc_error(network_step_differs(M, Ps)), _))
            ),
            How = check
        ;   How = network
        ),
        Es = Es1
    ;   rules_children(Es0, R, I, M, Ps, Es),
        How = rules
    ),
    nb_setval(gdlsc_last_update, How).


%   network_children(+Entries0, +I, +M, +Ps, -Entries) is semidet: the same
%   update by the step network (src/ground/step_network.h): the game's rules
%   ground for one step and evaluated 64 rows to a machine word, through the
%   foreign predicate gdlsc_network:k_step/5 (src/prolog/network.cpp).  It
%   gives, per parent, its number of joint moves with M (0: no children) and
%   the distinct children c(State, K, A2, Ks) in standard order of State: K
%   and A2 the parent index and joint move of the first child, Ks the parent
%   of every child.  Weights and development counts are summed here, exactly
%   as in chunk_job/4.  Fails (and the rules do the update) when there is no
%   network: a game loaded from text, one too large to ground, GDL-III knows
%   in the rules, a state with a fluent the grounding did not foresee.
network_children(Es0, I, M, Ps, Es) :-
    current_predicate(gdlsc_network:k_step/5),
    maplist(arg(1), Es0, Qs),
    gdlsc_network:k_step(Qs, I, M, Ps, Result),
    Result = r(Ds, Cs),
    parent_numerators(Es0, Ds, Nums, Den),
    Es0T =.. [p|Es0],
    NumT =.. [n|Nums],
    maplist(network_entry(Es0T, NumT, Den), Cs, Es).

%   parent_numerators(+Entries, +Ds, -Nums, -Den): per entry e(_, _, W, _)
%   with D joint moves the numerator of W/D over Den, the lcm of their
%   denominators (0 for an entry without children).
parent_numerators(Es, Ds, Nums, Den) :-
    foldl(parent_den, Es, Ds, 1, Den),
    maplist(parent_num(Den), Es, Ds, Nums).

parent_den(e(_, _, W, _), D, Den0, Den) :-
    (   D =:= 0
    ->  Den = Den0
    ;   WQ is W * (1 rdiv D),
        rational(WQ, _, DQ),
        Den is lcm(Den0, DQ)
    ).

parent_num(Den, e(_, _, W, _), D, Num) :-
    (   D =:= 0
    ->  Num = 0
    ;   Num is W * (1 rdiv D) * Den
    ).

network_entry(EsT, NumT, Den, c(T, K, A2, Ks), e(T, N, W, do(A2, Rep))) :-
    arg(K, EsT, e(_, _, _, Rep)),
    sum_children(Ks, EsT, NumT, 0, N, 0, Num),
    W is Num rdiv Den.

sum_children([], _, _, N, N, Num, Num).
sum_children([K|Ks], EsT, NumT, N0, N, Num0, Num) :-
    arg(K, EsT, E),
    arg(2, E, NK),
    arg(K, NumT, NumK),
    N1 is N0 + NK,
    Num1 is Num0 + NumK,
    sum_children(Ks, EsT, NumT, N1, N, Num1, Num).

%   network_info(-Info): gdlsc_network:network_info/1 (none, network(Ms,
%   CpuMs, About) or no_network(Ms, CpuMs, Why)), none without the foreign
%   predicate.
network_info(Info) :-
    (   current_predicate(gdlsc_network:network_info/1)
    ->  gdlsc_network:network_info(Info)
    ;   Info = none
    ).

%   network_step_mode(-Mode): on (the default), off or check, from the
%   flag gdlsc_network, which the host sets from GDLSC_NETWORK (src/base/environment.h): off
%   always uses the rules, check does both on every step and throws
%   gdlsc_error(network_step_differs(M, Ps)) if they differ.  When on, the step
%   network is used (and built, on first use) for sets of at least
%   `gdlsc_network_min` states (default 16): smaller ones are quicker with the
%   rules than the grounding of a large game.
network_step_mode(Mode) :-
    current_prolog_flag(gdlsc_network, Mode).

:- create_prolog_flag(gdlsc_network_min, 16, [type(integer), keep(true)]).

:- create_prolog_flag(gdlsc_network, on, [type(atom), keep(true)]).   % set by the host


%!  infoset_summary(+Role, +Sit, -NumDevs, -States) is det.
%
%   The number of developments in Role's information set at Sit and the
%   sorted list of their distinct final states.
infoset_summary(R, Sit, NumDevs, States) :-
    infoset_states(R, Sit, Es),
    foldl(add_devs, Es, 0, NumDevs),
    maplist(entry_state, Es, States0),
    (   epistemic_game -> sort(States0, States) ; msort(States0, States) ).

%   (plain predicates, not yall lambdas: a lambda copies its arguments, here
%   whole states and developments, on every call)
add_devs(e(_, N, _, _), A0, A) :-
    A is A0 + N.

entry_state(e(S, _, _, _), S).


%   ---- GDL-III: information sets of developments ---------------------------
%
%   In a game with knows in its rules, what holds after a development depends
%   on the development, not only on its final state: the weighted states
%   (tier 1) and the state classes of prove_property/4 merge developments by
%   state and are not exact there.  Every information set then comes from the
%   cells of gdlsc_developments, one entry per development.

%   dev_entries(+R, +Id, -Entries): R's information set at node Id as entries
%   e(State, 1, Weight, Sit), one per development (State without the marker),
%   weighted as tier 1 weighs them: every role but R moves uniformly at random.
dev_entries(R, Id, Es) :-
    node_cell(R, Id, Ids),
    role_position(R, I),
    findall(e(T, 1, W, Sit),
            ( member(C, Ids), node_(C, _, _, S), plain_state(S, T),
              dev_weight(C, I, W), node_sit(C, Sit) ),
            Es).

dev_weight(0, _, 1) :- !.
dev_weight(C, I, W) :-
    node_(C, P, _, _),
    node_(P, _, _, PS),
    dev_weight(P, I, W0),
    roles(Rs),
    foldl(others_moves(I, PS), Rs, 1-1, _-Den),
    W is W0 rdiv Den.

%   others_moves(+I, +S, +Rj, +J0-D0, -J-D): D0 times the number of Rj's legal
%   moves in S, unless Rj is the I-th role.
others_moves(I, S, Rj, J0-D0, J-D) :-
    J is J0 + 1,
    (   J0 =:= I -> D = D0
    ;   legal_moves(Rj, S, Ms), length(Ms, L), D is D0 * L
    ).

dev_timed_steps([], _, _, _, []).
dev_timed_steps([A|As], R, D, P, [step(D, N, L, Wall, Cpu, developments, none)|Steps]) :-
    get_time(T0),
    statistics(process_cputime, C0),
    node_(P, _, _, PS),
    node_child(P, A, PS, Id),
    node_cell(R, Id, Ids),
    statistics(process_cputime, C1),
    get_time(T1),
    Wall is round((T1 - T0) * 1000000) / 1000.0,
    Cpu is round((C1 - C0) * 1000000) / 1000.0,
    length(Ids, N),
    findall(T, ( member(C, Ids), node_(C, _, _, S), plain_state(S, T) ), Ts0),
    sort(Ts0, Ts),
    length(Ts, L),
    D1 is D + 1,
    dev_timed_steps(As, R, D1, Id, Steps).


%   ---- reports for the C++ side (numbers as atoms: they may exceed 64 bits) ---

%!  infoset_report(+Role, +Sit, -NumDevs:atom, -NumStates:atom) is det.
%   NumStates is the number of sorted distinct states, kept for
%   infoset_states_page/3: the host reads a set of any size a page at a time.
infoset_report(R, Sit, NumDevsA, NumStatesA) :-
    knowledge_reset,
    infoset_summary(R, Sit, N, States0),
    keep_states(States0, NumStatesA),
    atom_number(NumDevsA, N).

%!  infoset_report(+Role, +Sit, -NumDevs:atom, -NumStates:atom, -Steps:list) is det.
%   With Steps as infoset_states_timed/4 gives them, numbers as atoms.
infoset_report(R, Sit, NumDevsA, NumStatesA, Steps) :-
    knowledge_reset,
    infoset_states_timed(R, Sit, Es, Steps0),
    foldl(add_devs, Es, 0, N),
    maplist(entry_state, Es, States0),
    (   epistemic_game -> sort(States0, States1) ; msort(States0, States1) ),
    keep_states(States1, NumStatesA),
    atom_number(NumDevsA, N),
    maplist(step_atoms, Steps0, Steps).

keep_states(States, CountA) :-
    T =.. [states|States],
    nb_setval(gdlsc_infoset_states, T),
    length(States, Count),
    atom_number(CountA, Count).

%!  infoset_states_page(+From:atom, +Max:atom, -Page) is det.
%   Page = states(S_From, ...): at most Max of the states the last
%   infoset_report kept, from the From-th (1-based).
infoset_states_page(FromA, MaxA, Page) :-
    atom_number(FromA, From),
    atom_number(MaxA, Max),
    nb_getval(gdlsc_infoset_states, T),
    functor(T, _, N),
    To is min(N, From + Max - 1),
    findall(S, ( between(From, To, I), arg(I, T, S) ), Ss),
    Page =.. [states|Ss].

step_atoms(step(D, N, L, W, C, How, Built), step(DA, NA, LA, WA, CA, How, BuiltA)) :-
    maplist(atom_number, [DA, NA, LA, WA, CA], [D, N, L, W, C]),
    (   Built =.. [Kind, Ms, Cpu, About],
        memberchk(Kind, [network, no_network])
    ->  maplist(ms_atom, [Ms, Cpu], [MsA, CpuA]),
        BuiltA =.. [Kind, MsA, CpuA, About]
    ;   BuiltA = none
    ).

ms_atom(Ms, A) :-
    Ms1 is round(Ms * 1000) / 1000.0,
    atom_number(A, Ms1).


:- multifile prolog:message//1.
prolog:message(error(gdlsc_error(network_step_differs(M, Ps)), _)) -->
    [ 'the step network and the game\'s rules give different information sets'-[], nl,
      'after the move ~q with percepts ~q (GDLSC_NETWORK=check): a defect of gdlsc, please report it'-[M, Ps] ].
prolog:message(gdlsc_network(Text)) -->
    [ 'the step network failed: ~w (a defect of gdlsc, please report it; GDLSC_NETWORK=off avoids it)'-[Text] ].
