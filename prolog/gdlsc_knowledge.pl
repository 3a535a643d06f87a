/*  gdlsc_knowledge -- the K fluent at work: information sets, Knows, common
    knowledge, knows-whether, beliefs and exhaustive knowledge properties.

    K(R,s0,s0); K(R,do(A',S'),do(A,S)) iff K(R,S',S), Poss(A',S'), R's move is
    the same in A and A', and R's percept sets after A' in S' and after A in S
    are equal (DESIGN §2, Thielscher 2010 Theorem 1).  random is not an agent.

    Two representations, both computed PROGRESSIVELY (the set at step i from
    the set at step i-1, never from scratch):
    * developments (tier 2, prolog/gdlsc_developments.pl): every development
      is an interned node with, per agent, an interned observation; K_R(δ) is
      the cell of all nodes with R's observation of δ.  Exact for any formula,
      nested knowledge and common knowledge included, and the only tier for
      GDL-III games (knows in the rules), whose truths depend on the
      development, not on its final state alone.
    * weighted states (tier 1): the information set as a list of distinct final
      states, each with its number of developments and its probability weight
      (random uniform, the other roles uniform, R's own move given).  Used by
      `infoset` (counts, states), `belief` and the benchmarks: the number of
      states stays small where the number of developments explodes.
*/
:- module(gdlsc_knowledge,
          [ infoset/3,              % +Role, +Sit, -Sits
            infoset_states/3,       % +Role, +Sit, -Entries
            infoset_summary/4,      % +Role, +Sit, -NumDevs, -States
            infoset_dot/3,          % +Role, +Sit, -DotString
            eval_knows/3,           % +Role, :Formula, +Sit
            eval_common/2,          % :Formula, +Sit
            eval_kwhether/3,        % +Role, :Formula, +Sit
            belief/5,               % +Role, +Sit, :Formula, -Prob, -NumDevs
            prove_property/4,       % +Property, +Depth, +Options, -Result
            development_percepts/3, % +Role, +JointMoves, -PerceptsPerStep
            infoset_report/4,
            infoset_report/5,       % +Role, +Sit, -NumDevs, -NumStates, -Steps
            infoset_states_page/3,  % +From, +Max, -Page
            infoset_states_timed/4, % +Role, +Sit, -Entries, -Steps
            belief_report/7,
            prove_report/10,
            knowledge_reset/0
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).
:- use_module(gdlsc_formula, [eval/2, memberchk_eq/2]).

%   The knowledge operators of the query language (gdlsc_formula:eval/2).
:- multifile gdlsc_formula:knowledge_hook/1.
gdlsc_formula:knowledge_hook(eval_knows(R, F, Sit)) :- eval_knows(R, F, Sit).
gdlsc_formula:knowledge_hook(eval_common(F, Sit)) :- eval_common(F, Sit).
gdlsc_formula:knowledge_hook(eval_kwhether(R, F, Sit)) :- eval_kwhether(R, F, Sit).

:- dynamic
    trans_/3,         % trans_(StateHash, State, Transitions) for prove
    obs_entries_/3.   % obs_entries_(Role, ObsId, Entries): weighted states for knows

%!  knowledge_reset is det.
%
%   Forgets every interned development, observation and memoised cell; call
%   it when another game is loaded into the module `game`.
knowledge_reset :-
    developments_reset,
    retractall(trans_(_, _, _)),
    retractall(sid_(_, _, _)),
    retractall(state_(_, _)),
    retractall(strans_(_, _)),
    retractall(rep_(_, _, _)),
    retractall(sig_(_, _, _, _)),
    retractall(obs_entries_(_, _, _)).

:- multifile gdlsc_game:on_game_loaded/0.
gdlsc_game:on_game_loaded :- knowledge_reset.

%!  infoset(+Role, +Sit, -Sits) is det.
%
%   Sits are the developments (as situations) that Role cannot distinguish
%   from Sit, Sit included; duplicates are distinct developments.
infoset(R, Sit, Sits) :-
    check_agent(R),
    sit_node(Sit, Id),
    node_cell(R, Id, Ids),
    maplist(node_sit, Ids, Sits).

%   ---- knowledge in formulas ---------------------------------------------

holds_at(F, Id) :-
    node_sit(Id, Sit),
    eval(F, Sit).

%!  eval_knows(?Role, :Formula, +Sit) is nondet.
%
%   Role knows Formula in Sit: Formula holds in every development of Role's
%   information set.  Free variables are answer variables, read de re: the
%   bindings under which Formula holds in every development.  Because K is
%   reflexive, the candidate bindings are those true in Sit itself.
%   @error gdlsc_error(not_an_agent(random)) for `(knows random F)`.
eval_knows(R, F, Sit) :-
    check_agent(R),
    (   \+ epistemic_game,
        ground_state_formula(F)
    ->  knows_by_states(R, F, Sit)
    ;   sit_node(Sit, Id),
        node_cell(R, Id, Ids),
        holds_everywhere(F, Id, Ids)
    ).

%   knows_by_states(+R, +F, +Sit): eval_knows/3 for a formula about the final
%   state only (ground_state_formula/1): it holds in every development of R's
%   information set iff it holds in every distinct final state of the set, so
%   the weighted-state form (infoset_states/3, the step network on large sets)
%   decides it without enumerating developments.  The candidate bindings of
%   the answer variables come from Sit, as in holds_everywhere/3; a candidate
%   that leaves a variable unbound (a disjunct without it) is decided over the
%   developments, since its evaluation would draw on each one's universe.
knows_by_states(R, F, Sit) :-
    free_variables(F, Vs),
    findall(Vs, eval(F, Sit), Cands0),
    sort(Cands0, Cands),
    member(Vs, Cands),
    (   ground(F)
    ->  sit_node(Sit, Id),
        node_obs(R, Id, O),
        obs_entries(R, O, Es),
        forall(member(e(T, _, _, _), Es), eval(F, '$state'(T)))
    ;   sit_node(Sit, Id),
        node_cell(R, Id, Ids),
        forall(member(W, Ids), holds_at(F, W))
    ).

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

%   ground_state_formula(+F): F is about the final state of a development only
%   (stricter than state_formula/1 of belief/5, which allows quantifiers
%   because it evaluates at a representative development):
%   fluents, legal moves, terminal, goals, relations that are not action
%   predicates, distinct, connectives; not about its last joint move, its
%   percepts, knowledge, nor does it quantify (quantifiers range over a
%   universe that includes the last joint move).
ground_state_formula(F) :- var(F), !, fail.
ground_state_formula(true(_)).
ground_state_formula(legal(_, _)).
ground_state_formula(terminal).
ground_state_formula(goal(_, _)).
ground_state_formula(distinct(_, _)).
ground_state_formula(rel(Name, Args)) :-
    is_list(Args),
    length(Args, N),
    game:relation(Name, N, Class),
    Class \== action.
ground_state_formula(not(F)) :- ground_state_formula(F).
ground_state_formula(and(Fs)) :- is_list(Fs), maplist(ground_state_formula, Fs).
ground_state_formula(or(Fs)) :- is_list(Fs), maplist(ground_state_formula, Fs).

holds_everywhere(F, Id, Ids) :-
    free_variables(F, Vs),
    (   Vs == []
    ->  forall(member(W, Ids), holds_at(F, W))
    ;   findall(Vs, holds_at(F, Id), Cands0),
        sort(Cands0, Cands),
        member(Vs, Cands),
        forall(member(W, Ids), holds_at(F, W))
    ).

%!  free_variables(+Formula, -Vars) is det.
%
%   The answer variables of Formula: the variables not bound by an
%   exists/forall inside it.
free_variables(F, Vs) :-
    term_variables(F, All),
    bound_variables(F, [], Bound),
    exclude(var_in(Bound), All, Vs).

var_in(Vs, V) :- memberchk_eq(V, Vs).

bound_variables(F, B, B) :- var(F), !.
bound_variables(exists(Vs, F), B0, B) :- !,
    term_variables(Vs, Ws), append(Ws, B0, B1), bound_variables(F, B1, B).
bound_variables(forall(Vs, F), B0, B) :- !,
    term_variables(Vs, Ws), append(Ws, B0, B1), bound_variables(F, B1, B).
bound_variables(not(F), B0, B) :- !, bound_variables(F, B0, B).
bound_variables(and(Fs), B0, B) :- !, foldl(bound_variables, Fs, B0, B).
bound_variables(or(Fs), B0, B) :- !, foldl(bound_variables, Fs, B0, B).
bound_variables(knows(_, F), B0, B) :- !, bound_variables(F, B0, B).
bound_variables(common(F), B0, B) :- !, bound_variables(F, B0, B).
bound_variables(kwhether(_, F), B0, B) :- !, bound_variables(F, B0, B).
bound_variables(_, B, B).

%!  eval_common(:Formula, +Sit) is nondet.
%
%   Formula is common knowledge among all agents in Sit (GDL-III): it holds
%   in every development reachable from Sit through the union of the agents'
%   K relations (transitive closure).
eval_common(F, Sit) :-
    sit_node(Sit, Id),
    common_cell(Id, Ids),
    holds_everywhere(F, Id, Ids).

%!  eval_kwhether(?Role, :Formula, +Sit) is nondet.
%
%   Role knows whether Formula: `(or (knows R F) (knows R (not F)))`.  Free
%   variables are answer variables, de re: the bindings under which Role knows
%   that F, and those under which Role knows that not F (which range, as under
%   `not`, over the term universe of the situation: gdlsc_formula:universe/2).
eval_kwhether(R, F, Sit) :-
    check_agent(R),
    (   eval_knows(R, F, Sit)
    ;   eval_knows(R, not(F), Sit)
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
%   check (both, compared); Built is what gdlsc_native:network_info/1 says
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
%   whether the step network does the work (native_children/5).
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
    native_step_mode(Mode),
    (   Mode \== off,
        (   Mode == check
        ->  true
        ;   current_prolog_flag(gdlsc_native_min, Min),
            length(Es0, L),
            L >= Min
        ),
        native_children(Es0, I, M, Ps, Es1)
    ->  (   Mode == check
        ->  rules_children(Es0, R, I, M, Ps, Es2),
            (   Es1 == Es2
            ->  true
            ;   throw(error(gdlsc_error(native_step_differs(M, Ps)), _))
            ),
            How = check
        ;   How = network
        ),
        Es = Es1
    ;   rules_children(Es0, R, I, M, Ps, Es),
        How = rules
    ),
    nb_setval(gdlsc_last_update, How).

%   rules_children(+Entries0, +R, +I, +M, +Ps, -Entries): the update with the
%   game's rules (the generated Prolog), in threads.
rules_children(Es0, R, I, M, Ps, Es) :-
    roles(Rs),
    entries_in_threads(Es0, ctx(R, I, M, Rs, Ps), Groups, Den),
    Es0T =.. [p|Es0],
    maplist(group_entry(Es0T, Den), Groups, Es).

%   native_children(+Entries0, +I, +M, +Ps, -Entries) is semidet: the same
%   update by the step network (src/ground/step_network.h): the game's rules
%   ground for one step and evaluated 64 rows to a machine word, through the
%   foreign predicate gdlsc_native:k_step/5 (src/prolog/native.cpp).  It
%   gives, per parent, its number of joint moves with M (0: no children) and
%   the distinct children c(State, K, A2, Ks) in standard order of State: K
%   and A2 the parent index and joint move of the first child, Ks the parent
%   of every child.  Weights and development counts are summed here, exactly
%   as in chunk_job/4.  Fails (and the rules do the update) when there is no
%   network: a game loaded from text, one too large to ground, GDL-III knows
%   in the rules, a state with a fluent the grounding did not foresee.
native_children(Es0, I, M, Ps, Es) :-
    current_predicate(gdlsc_native:k_step/5),
    maplist(arg(1), Es0, Qs),
    gdlsc_native:k_step(Qs, I, M, Ps, Result),
    Result = r(Ds, Cs),
    parent_numerators(Es0, Ds, Nums, Den),
    Es0T =.. [p|Es0],
    NumT =.. [n|Nums],
    maplist(native_entry(Es0T, NumT, Den), Cs, Es).

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

native_entry(EsT, NumT, Den, c(T, K, A2, Ks), e(T, N, W, do(A2, Rep))) :-
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

%   network_info(-Info): gdlsc_native:network_info/1 (none, network(Ms,
%   CpuMs, About) or no_network(Ms, CpuMs, Why)), none without the foreign
%   predicate.
network_info(Info) :-
    (   current_predicate(gdlsc_native:network_info/1)
    ->  gdlsc_native:network_info(Info)
    ;   Info = none
    ).

%   native_step_mode(-Mode): on (the default), off or check, from the
%   flag gdlsc_native, which the host sets from GDLSC_NATIVE (src/base/environment.h): off
%   always uses the rules, check does both on every step and throws
%   gdlsc_error(native_step_differs(M, Ps)) if they differ.  When on, the step
%   network is used (and built, on first use) for sets of at least
%   `gdlsc_native_min` states (default 16): smaller ones are quicker with the
%   rules than the grounding of a large game.
native_step_mode(Mode) :-
    current_prolog_flag(gdlsc_native, Mode).

:- create_prolog_flag(gdlsc_native_min, 16, [type(integer), keep(true)]).

:- create_prolog_flag(gdlsc_native, on, [type(atom), keep(true)]).   % set by the host

group_entry(EsT, Den, T-g(N, Num, K, A2), e(T, N, W, do(A2, Rep))) :-
    arg(K, EsT, e(_, _, _, Rep)),
    W is Num rdiv Den.

%   chunk_job(+Entries, +K0, +Ctx, -Result): the work on a run of parent
%   entries (K0 the index of the first): Result = Den-Groups, the groups of
%   chunk_entries/4 with weights Num/Den.
chunk_job(Es, K0, ctx(R, I, M, Rs, Ps), Den-Groups) :-
    parents_moves(Es, K0, R, I, M, Rs, Parents, 1, Den),
    chunk_entries(Parents, R, Ps, Groups).

%   parents_moves(+Qs, +K, +R, +I, +M, +Roles, -Parents, +Den0, -Den)
%   Qs are q(State, N, W) (the entries without their representative
%   developments).  Parents has p(K, State, JointMoves, N, Num) for every
%   entry (K its index, N its development count) that has children: not
%   terminal, R's move M legal, every other role some legal move.  Num/Den
%   is the entry's weight times the probability of each of its joint moves;
%   Den is the lcm of those probabilities' denominators.
parents_moves(Es, K, R, I, M, Rs, Parents, Den0, Den) :-
    parents_moves_(Es, K, R, I, M, Rs, Ps0, Den0, Den),
    maplist(parent_numerator(Den), Ps0, Parents).

parents_moves_([], _, _, _, _, _, [], Den, Den).
parents_moves_([q(Q, N, W0)|Es], K, R, I, M, Rs, Ps, Den0, Den) :-
    (   findall(As-D, parent_moves(Q, R, I, M, Rs, As, D), [As-D])
    ->  WQ is W0 * (1 rdiv D),
        rational(WQ, _, DQ),
        Den1 is lcm(Den0, DQ),
        Ps = [p(K, Q, As, N, WQ)|Ps1]
    ;   Den1 = Den0,
        Ps = Ps1
    ),
    K1 is K + 1,
    parents_moves_(Es, K1, R, I, M, Rs, Ps1, Den1, Den).

%   parent_moves(+Q, +R, +I, +M, +Roles, -JointMoves, -D) is semidet: the
%   joint moves with M in Q, D their number (called in findall/3: the
%   garbage of the rules goes by backtracking).
parent_moves(Q, R, I, M, Rs, As, D) :-
    \+ terminal(Q),
    once(legal_move(R, M, Q)),
    role_move_lists(Rs, 1, I, M, Q, Lists, 1, D),
    joint_move_product(Lists, Mss),
    maplist(joint_move, Mss, As).

parent_numerator(Den, p(K, Q, As, N, WQ), p(K, Q, As, N, Num)) :-
    Num is WQ * Den.

joint_move(Ms, A) :-
    A =.. [a|Ms].

%   role_move_lists(+Roles, +J, +I, +M, +Q, -Lists, +D0, -D): per role its
%   distinct legal moves in Q in standard order ([M] for role I); D is the
%   number of joint moves with M.  Fails if a role has none.
%   (A move derived twice is one move: joint moves are sets of choices.)
role_move_lists([], _, _, _, _, [], D, D).
role_move_lists([Rj|Rs], J, I, M, Q, [L|Ls], D0, D) :-
    (   J =:= I
    ->  L = [M], D1 = D0
    ;   findall(Mj, legal_move(Rj, Mj, Q), L0),
        sort(L0, L),
        length(L, N),
        N > 0,
        D1 is D0 * N
    ),
    J1 is J + 1,
    role_move_lists(Rs, J1, I, M, Q, Ls, D1, D).

%   joint_move_product(+Lists, -Mss): every choice of one element per list,
%   the first list varying slowest.
joint_move_product([], [[]]).
joint_move_product([L|Ls], Mss) :-
    joint_move_product(Ls, Tails),
    prefix_each(L, Tails, Mss, []).

prefix_each([], _, Mss, Mss).
prefix_each([M|Ms], Tails, Mss0, Mss) :-
    prefix_tails(Tails, M, Mss0, Mss1),
    prefix_each(Ms, Tails, Mss1, Mss).

prefix_tails([], _, Mss, Mss).
prefix_tails([T|Ts], M, [[M|T]|Mss0], Mss) :-
    prefix_tails(Ts, M, Mss0, Mss).

%   chunk_entries(+Parents, +R, +Ps, -Groups): the children of Parents whose
%   percepts for R are Ps, one State-g(N, Num, K, A2) per distinct state in
%   standard order of State: N and Num summed over its
%   children, K-A2 the parent index and joint move of its first child.
%   Children are merged as they are made, in a hash table: Table, a
%   compound term with at least one slot per possible child, each slot the
%   chain of accumulators a(Id, Hash, State, N, Num, K, A2) of its hash
%   (updated by setarg/3); Accs, a compound term, holds accumulator Id at
%   argument Id.  The children of one parent are made inside findall/3, so
%   that what the game's rules leave on the stacks is dropped by
%   backtracking, not by the garbage collector; a child whose state is
%   already known leaves findall/3 as its accumulator's Id, so that only new
%   states are copied, and only distinct states stay alive.  A new child is
%   compared (==) only with the states of equal hash, while it is fresh.
chunk_entries(Parents, R, Ps, Groups) :-
    parents_work(Parents, 0, Work),
    table_size(Work, 16, Size),
    functor(Table, t, Size),
    Mask is Size - 1,
    MaxAccs is max(1, Work),
    functor(Accs, a, MaxAccs),
    Tab = tab(Table, Mask, Accs),
    children(Parents, R, Ps, Tab, 1, Next),
    Last is Next - 1,
    acc_groups(Last, Accs, [], Keyed),
    keysort(Keyed, Groups).

parents_work([], W, W).
parents_work([p(_, _, As, _, _)|Ps], W0, W) :-
    length(As, L),
    W1 is W0 + L,
    parents_work(Ps, W1, W).

table_size(Work, Size0, Size) :-
    (   Size0 >= Work
    ->  Size = Size0
    ;   Size1 is Size0 * 2,
        table_size(Work, Size1, Size)
    ).

acc_groups(0, _, Gs, Gs) :- !.
acc_groups(I, Accs, Gs0, Gs) :-
    arg(I, Accs, a(_, _, T, N, W, K, A2)),
    I1 is I - 1,
    acc_groups(I1, Accs, [T-g(N, W, K, A2)|Gs0], Gs).

%   children(+Parents, +R, +Ps, +Tab, +Id0, -Id): adds the children of
%   Parents to Tab; Id0..Id-1 are the accumulators made.
children([], _, _, _, Id, Id).
children([p(K, Q, As, N, Num)|Ps], R, Ps0, Tab, Id0, Id) :-
    findall(C, parent_child(As, Q, R, Ps0, Tab, C), Cs),
    add_children(Cs, K, N, Num, Tab, Id0, Id1),
    children(Ps, R, Ps0, Tab, Id1, Id).

%   parent_child(+As, +Q, +R, +Ps, +Tab, -C): C = old(Id) for a child whose
%   state is accumulator Id, new(Hash, State, A2) for one not in Tab.
parent_child(As, Q, R, Ps, Tab, C) :-
    member(A2, As),
    percepts(R, A2, Q, Ps2),
    Ps2 == Ps,
    next_state(A2, Q, T),
    term_hash(T, H),
    (   table_lookup(Tab, H, T, Acc)
    ->  arg(1, Acc, Id),
        C = old(Id)
    ;   C = new(H, T, A2)
    ).

add_children([], _, _, _, _, Id, Id).
add_children([C|Cs], K, N, Num, Tab, Id0, Id) :-
    (   C = old(I)
    ->  Tab = tab(_, _, Accs),
        arg(I, Accs, Acc),
        add_child(Acc, N, Num),
        Id1 = Id0
    ;   C = new(H, T, _),
        table_lookup(Tab, H, T, Acc)        % twice from this parent
    ->  add_child(Acc, N, Num),
        Id1 = Id0
    ;   C = new(H, T, A2),
        Acc = a(Id0, H, T, N, Num, K, A2),
        table_insert(Tab, H, Acc),
        Id1 is Id0 + 1
    ),
    add_children(Cs, K, N, Num, Tab, Id1, Id).

table_lookup(tab(Table, Mask, _), H, T, Acc) :-
    Slot is (H /\ Mask) + 1,
    arg(Slot, Table, Chain),
    nonvar(Chain),
    chain_acc(Chain, H, T, Acc).

table_insert(tab(Table, Mask, Accs), H, Acc) :-
    Slot is (H /\ Mask) + 1,
    arg(Slot, Table, Chain),
    (   var(Chain)
    ->  setarg(Slot, Table, [Acc])
    ;   setarg(Slot, Table, [Acc|Chain])
    ),
    arg(1, Acc, Id),
    setarg(Id, Accs, Acc).

chain_acc([Acc0|Accs], H, T, Acc) :-
    (   Acc0 = a(_, H0, T0, _, _, _, _),
        H0 == H,
        T0 == T
    ->  Acc = Acc0
    ;   chain_acc(Accs, H, T, Acc)
    ).

add_child(Acc, N, Num) :-
    arg(4, Acc, N0),
    arg(5, Acc, W0),
    N1 is N0 + N,
    W1 is W0 + Num,
    setarg(4, Acc, N1),
    setarg(5, Acc, W1).

%   merge_groups(+Groups1, +Groups2, -Groups): two chunks' groups (each in
%   standard order of State) as one; a state in both is summed and
%   keeps the first chunk's representative.
merge_groups([], Gs, Gs) :- !.
merge_groups(Gs, [], Gs) :- !.
merge_groups([K1-G1|Gs1], [K2-G2|Gs2], Gs) :-
    compare(O, K1, K2),
    merge_groups(O, K1-G1, Gs1, K2-G2, Gs2, Gs).

merge_groups(<, G1, Gs1, G2, Gs2, [G1|Gs]) :-
    merge_groups(Gs1, [G2|Gs2], Gs).
merge_groups(>, G1, Gs1, G2, Gs2, [G2|Gs]) :-
    merge_groups([G1|Gs1], Gs2, Gs).
merge_groups(=, Key-g(N1, W1, K, A2), Gs1, _-g(N2, W2, _, _), Gs2, [Key-g(N, W, K, A2)|Gs]) :-
    N is N1 + N2,
    W is W1 + W2,
    merge_groups(Gs1, Gs2, Gs).

%   entries_in_threads(+Entries, +Ctx, -Groups, -Den): chunk_job/4 on all
%   parent entries, split over up to `gdlsc_infoset_threads` threads (0,
%   the default: the number of CPUs; the host sets it from the environment
%   variable GDLSC_INFOSET_THREADS, src/base/environment.h) when there are at least `gdlsc_infoset_thread_min`
%   (default 64) entries.  The entries are cut into consecutive chunks of
%   equal length; this thread does the first chunk, one worker thread each of
%   the others, and the chunks' groups are merged in chunk order (weights
%   brought to the lcm of the chunks' denominators), so that the result is
%   that of one chunk.
:- create_prolog_flag(gdlsc_infoset_threads, 0, [type(integer), keep(true)]).   % set by the host
:- create_prolog_flag(gdlsc_infoset_thread_min, 64, [type(integer), keep(true)]).

entry_q(e(Q, N, W, _), q(Q, N, W)).

entries_in_threads(Es, Ctx, Groups, Den) :-
    maplist(entry_q, Es, Qs),
    infoset_threads(N),
    length(Qs, L),
    current_prolog_flag(gdlsc_infoset_thread_min, Min),
    (   N > 1, L >= Min
    ->  Size is (L + N - 1) // N,
        chunks(Qs, 1, Size, [1-First|Others]),
        message_queue_create(Q),
        setup_call_catcher_cleanup(
            maplist(start_worker(Q, Ctx), Others, Ids),
            ( chunk_job(First, 1, Ctx, Result0),
              collect_chunks(Ids, Q, Result0, Den-Groups) ),
            Catcher,
            end_workers(Catcher, Ids, Q))
    ;   chunk_job(Qs, 1, Ctx, Den-Groups)
    ).

infoset_threads(N) :-
    current_prolog_flag(gdlsc_infoset_threads, N0),
    (   N0 > 0
    ->  N = N0
    ;   current_prolog_flag(threads, true),
        current_prolog_flag(cpu_count, C)
    ->  N = C
    ;   N = 1
    ).

%   chunks(+Qs, +K, +Size, -Chunks): K0-Chunk, consecutive runs of Size
%   entries, K0 the index of the run's first entry.
chunks([], _, _, []) :- !.
chunks(Qs, K, Size, [K-Chunk|Chunks]) :-
    take(Size, Qs, Chunk, Rest),
    K1 is K + Size,
    chunks(Rest, K1, Size, Chunks).

take(0, Rest, [], Rest) :- !.
take(_, [], [], []) :- !.
take(N, [X|Xs], [X|Ys], Rest) :-
    N1 is N - 1,
    take(N1, Xs, Ys, Rest).

start_worker(Q, Ctx, K0-Chunk, Id) :-
    thread_create(chunk_worker(Q, Ctx, K0, Chunk), Id, []).

chunk_worker(Q, Ctx, K0, Chunk) :-
    thread_self(Me),
    (   catch(chunk_job(Chunk, K0, Ctx, Result0), E, true)
    ->  (   var(E) -> Result = ok(Result0) ; Result = error(E) )
    ;   Result = failed
    ),
    thread_send_message(Q, chunk(Me, Result)).

%   end_workers(+Catcher, +Ids, +Q): joins the workers; when this thread
%   leaves early (an error, a time limit) the workers are told to stop
%   first, so that they do not finish their chunks for nothing.
end_workers(Catcher, Ids, Q) :-
    (   Catcher == exit
    ->  true
    ;   maplist(cancel_worker, Ids)
    ),
    maplist(join_worker, Ids),
    message_queue_destroy(Q).

cancel_worker(Id) :-
    catch(thread_signal(Id, throw(gdlsc_infoset_cancelled)), _, true).

join_worker(Id) :-
    catch(thread_join(Id, _), _, true).

%   collect_chunks(+Ids, +Q, +Den0-Groups0, -Den-Groups): merges the
%   workers' results into Den0-Groups0 in the order of Ids (whatever order
%   they finish in).
collect_chunks([], _, Result, Result).
collect_chunks([Id|Ids], Q, Den0-Groups0, Result) :-
    thread_get_message(Q, chunk(Id, Msg)),
    (   Msg = ok(Den1-Groups1) -> true
    ;   Msg = error(E) -> throw(E)
    ;   throw(error(gdlsc_error(infoset_worker_failed), _))
    ),
    Den is lcm(Den0, Den1),
    rescale(Den0, Den, Groups0, GroupsA),
    rescale(Den1, Den, Groups1, GroupsB),
    merge_groups(GroupsA, GroupsB, Groups),
    collect_chunks(Ids, Q, Den-Groups, Result).

%   rescale(+Den0, +Den, +Groups0, -Groups): weights Num/Den0 as Num1/Den.
rescale(Den, Den, Groups, Groups) :- !.
rescale(Den0, Den, Groups0, Groups) :-
    F is Den // Den0,
    maplist(rescale_group(F), Groups0, Groups).

rescale_group(F, Key-g(N, W0, K, A2), Key-g(N, W, K, A2)) :-
    W is W0 * F.

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

add_devs_weight(e(_, N, W, _), n(A0, B0), n(A, B)) :-
    A is A0 + N,
    B is B0 + W.

%!  belief(+Role, +Sit, :Formula, -Prob, -NumDevs) is det.
%
%   The probability (an exact rational) that Formula holds as far as Role
%   knows at Sit: the weights of infoset_states/3 normalised over the
%   information set.  Formula is about the final state (true, legal,
%   terminal, goal, derived fluents, connectives); free variables are read
%   existentially.
%   @error gdlsc_error(belief_formula(F)) if Formula mentions does, sees or knowledge.
belief(R, Sit, F, Prob, NumDevs) :-
    (   state_formula(F)
    ->  true
    ;   throw(error(gdlsc_error(belief_formula(F)),
                    context(belief/5, 'the formula must be about the state: no does, sees, knows')))
    ),
    infoset_states(R, Sit, Es),
    foldl(add_devs_weight, Es, n(0, 0), n(NumDevs, Total)),
    foldl(weight_if(F), Es, 0, Yes),
    Prob is Yes rdiv Total.

weight_if(F, e(_, _, W, Rep), P0, P) :-
    (   \+ \+ eval(F, Rep)
    ->  P is P0 + W
    ;   P = P0
    ).

state_formula(F) :- var(F), !, fail.
state_formula(does(_, _)) :- !, fail.
state_formula(sees(_, _)) :- !, fail.
state_formula(knows(_, _)) :- !, fail.
state_formula(common(_)) :- !, fail.
state_formula(kwhether(_, _)) :- !, fail.
state_formula(not(F)) :- !, state_formula(F).
state_formula(and(Fs)) :- !, maplist(state_formula, Fs).
state_formula(or(Fs)) :- !, maplist(state_formula, Fs).
state_formula(exists(_, F)) :- !, state_formula(F).
state_formula(forall(_, F)) :- !, state_formula(F).
state_formula(rel(Name, Args)) :- !,
    length(Args, N),
    \+ game:relation(Name, N, action).
state_formula(_).

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

%   prove_devs(+Prop, +D, +Max, +Ids, +Options, -Result): prove_property/4's
%   built-in properties over the developments of depth D..Max (the nodes Ids
%   are every development of depth D): an information set of some agent whose
%   developments differ in the property's signature is a counterexample.
prove_devs(Prop, D, Max, Ids, Options, Result) :-
    findall(R, agent(R), Rs),
    (   member(R, Rs),
        member(Id, Ids),
        node_cell(R, Id, Cell),
        dev_violation(Prop, R, Id, Cell, Other)
    ->  node_moves(Id, Actual),
        node_moves(Other, Alt),
        Result = refuted(R, D, Actual, Alt)
    ;   D >= Max
    ->  Result = holds
    ;   next_developments(D, Ids, Options, Ids1),
        (   Ids1 == []
        ->  Result = holds              % every development ended: no deeper one
        ;   D1 is D + 1,
            prove_devs(Prop, D1, Max, Ids1, Options, Result)
        )
    ).

%   next_developments(+D, +Ids, +Options, -Ids1): the developments of depth
%   D+1, the children of the non-terminal nodes Ids (of depth D); Options
%   max_classes(N) (a limit error beyond N) and progress(true) (one line on
%   user_error).
next_developments(D, Ids, Options, Ids1) :-
    statistics(cputime, T0),
    level_children(Ids, Ids1),
    length(Ids1, N),
    (   option(max_classes(MaxN), Options), N > MaxN
    ->  throw(error(gdlsc_error(limit(classes(N, MaxN))),
                    context(prove_property/4, 'too many developments')))
    ;   true
    ),
    statistics(cputime, T1),
    T is T1 - T0,
    (   option(progress(true), Options)
    ->  D1 is D + 1,
        format(user_error, "prove: depth ~d: ~d developments (~3f s)~n", [D1, N, T])
    ;   true
    ).

dev_violation(perfect_information, _, Id, Cell, Other) :- !,
    member(Other, Cell),
    Other \== Id, !.
dev_violation(Prop, R, Id, Cell, Other) :-
    node_(Id, _, _, S),
    signature(Prop, R, S, V),
    V \== skip,
    member(Other, Cell),
    Other \== Id,
    node_(Other, _, _, SO),
    signature(Prop, R, SO, VO),
    VO \== skip,
    VO \== V, !.

%   ---- Graphviz ------------------------------------------------------------

%!  infoset_dot(+Role, +Sit, -Dot) is det.
%
%   Dot (a string) draws Role's information set at Sit: the tree of its
%   developments, nodes labelled with states, edges with joint moves and
%   Role's percepts; the actual development is drawn bold.
%   @error gdlsc_error(too_large(N)) above 300 developments.
infoset_dot(R, Sit, Dot) :-
    check_agent(R),
    sit_node(Sit, Id),
    node_cell(R, Id, Ids),
    length(Ids, N),
    (   N > 300
    ->  throw(error(gdlsc_error(too_large(N)),
                    context(infoset_dot/3, 'information set too large to draw (more than 300 developments)')))
    ;   true
    ),
    findall(A, ( member(L, Ids), node_ancestor(L, A) ), As0),
    sort(As0, Nodes),
    findall(Ac, node_ancestor(Id, Ac), Actual),
    role_position(R, I),
    with_output_to(string(Dot),
                   ( format("digraph infoset {~n  rankdir=LR;~n  node [shape=box, fontsize=10];~n"),
                     format("  label=\"information set of ~w: ~d developments\";~n", [R, N]),
                     forall(member(X, Nodes), dot_node(X, Ids, Actual)),
                     forall(( member(X, Nodes), X \== 0 ), dot_edge(R, I, X, Actual)),
                     format("}~n") )).

node_ancestor(Id, Id).
node_ancestor(Id, A) :-
    Id \== 0,
    node_(Id, P, _, _),
    node_ancestor(P, A).

dot_node(X, Ids, Actual) :-
    node_(X, _, _, S0),
    plain_state(S0, S),
    maplist(kif_text, S, Ts),
    atomic_list_concat(Ts, '\\n', Label0),
    dot_escape(Label0, Label),
    (   memberchk(X, Ids) -> Shape = ", style=filled, fillcolor=lightyellow" ; Shape = "" ),
    (   memberchk(X, Actual) -> Pen = ", penwidth=2" ; Pen = "" ),
    format("  n~d [label=\"~w\"~w~w];~n", [X, Label, Shape, Pen]).

dot_edge(R, I, X, Actual) :-
    node_(X, P, A, _),
    node_(P, _, _, PS),
    percepts(R, A, PS, Ps),
    arg(I, A, _),
    A =.. [_|Ms],
    maplist(kif_text, Ms, MTs), atomic_list_concat(MTs, ' ', MText),
    maplist(kif_text, Ps, PTs), atomic_list_concat(PTs, ' ', PText),
    format(string(L0), "(~w)\\n~w sees (~w)", [MText, R, PText]),
    dot_escape(L0, L),
    (   memberchk(X, Actual) -> Pen = ", penwidth=2" ; Pen = "" ),
    format("  n~d -> n~d [label=\"~w\", fontsize=9~w];~n", [P, X, L, Pen]).

%   kif_text(+Term, -Text): Term in KIF, (f a b), as gdlsc prints terms.
kif_text(T, Text) :-
    (   atomic(T)
    ->  format(atom(Text), "~w", [T])
    ;   T =.. [F|As],
        maplist(kif_text, As, Ts),
        atomic_list_concat([F|Ts], ' ', Inner),
        format(atom(Text), "(~w)", [Inner])
    ).

dot_escape(In, Out) :-
    split_string(In, "\"", "", Parts),
    atomic_list_concat(Parts, '\\"', Out).

%   ---- exhaustive properties (Propositions 2 and 3, formulas) ----------------

%!  prove_property(+Property, +MaxDepth, +Options, -Result) is det.
%
%   Property is legal_knowledge, terminal_knowledge, goal_knowledge,
%   perfect_information (every information set is a single development:
%   Thielscher 2010, Theorem 4) or formula(F).  Checks every development of length 0..MaxDepth, exactly.
%   Result is `holds` or refuted(Role, Depth, ActualMoves, AlternativeMoves)
%   (Role = none for a formula that is not a knows formula).
%
%   Built-in properties: per agent R, the developments of depth d are kept
%   as classes m(Obs, State, RevMoves, Count) -- the developments with R's
%   observation Obs ending in State (one representative kept).  The classes
%   with the same Obs form R's information set; the classes of depth d+1
%   are the successors of those of depth d, so the partition at d+1 refines
%   the partition at d extended by moves and percepts.  Successors of a
%   state are computed once for all agents (trans_/3).
%   Options: progress(Bool) prints per depth classes, cells and seconds on
%   user_error; max_classes(N) throws gdlsc_error(limit(...)) beyond N.
prove_property(formula(F), Max, Options, Result) :- !,
    root_node(Root),
    prove_formula(F, 0, Max, [Root], Options, Result).
prove_property(Prop, Max, Options, Result) :-
    epistemic_game, !,
    must_be(oneof([legal_knowledge, terminal_knowledge, goal_knowledge,
                   perfect_information]), Prop),
    root_node(Root),
    prove_devs(Prop, 0, Max, [Root], Options, Result).
prove_property(Prop, Max, Options, Result) :-
    must_be(oneof([legal_knowledge, terminal_knowledge, goal_knowledge,
                   perfect_information]), Prop),
    findall(R, agent(R), Rs),
    init_state(S0),
    state_id(S0, SId0),
    retractall(rep_(_, _, _)),
    flag(gdlsc_knowledge_rep, _, 1),
    findall(R-[m(0, SId0, 0, 1, none)], member(R, Rs), Levels),
    prove_levels(Prop, 0, Max, Levels, Options, Result).

%   Classes are m(Obs, StateId, RepId, Count, Rep2Id): integers only, so that
%   a level of millions of developments fits in memory.  States are interned
%   (state_/2, sid_/3) with their transitions (strans_/2); representative
%   developments are rep_(Id, ParentRep, JointMove) chains.
:- dynamic sid_/3, state_/2, strans_/2, rep_/3, sig_/4.

state_id(S, Id) :-
    term_hash(S, H),
    (   sid_(H, S0, Id0), S0 == S
    ->  Id = Id0
    ;   flag(gdlsc_knowledge_state, Id, Id + 1),
        assertz(sid_(H, S, Id)),
        assertz(state_(Id, S))
    ).

rep_moves(Id, Moves) :-
    rep_moves(Id, [], Moves).
rep_moves(0, Acc, Acc) :- !.
rep_moves(Id, Acc, Moves) :-
    rep_(Id, P, A),
    rep_moves(P, [A|Acc], Moves).

new_rep(r(P, A), Id) :-
    flag(gdlsc_knowledge_rep, Id, Id + 1),
    assertz(rep_(Id, P, A)).

prove_levels(Prop, D, Max, Levels, Options, Result) :-
    statistics(cputime, T0),
    (   member(R-Ms, Levels),
        check_level(Prop, R, Ms, Cex)
    ->  Cex = cex(Rep1, Rep2),
        rep_moves(Rep1, ActualMoves),
        rep_moves(Rep2, AltMoves),
        Result = refuted(R, D, ActualMoves, AltMoves)
    ;   D >= Max
    ->  Result = holds
    ;   D1 is D + 1,
        maplist(expand_level, Levels, Levels1),
        level_limit(Levels1, Options),
        statistics(cputime, T1),
        T is T1 - T0,
        progress(Options, D1, Levels1, T),
        garbage_collect,
        prove_levels(Prop, D1, Max, Levels1, Options, Result)
    ).

level_limit(Levels, Options) :-
    (   option(max_classes(Max), Options)
    ->  foldl([_-Ms, A0, A]>>(length(Ms, L), A is A0 + L), Levels, 0, N),
        (   N > Max
        ->  throw(error(gdlsc_error(limit(classes(N, Max))),
                        context(prove_property/4, 'too many development classes')))
        ;   true
        )
    ;   true
    ).

progress(Options, D, Levels, T) :-
    (   option(progress(true), Options)
    ->  forall(member(R-Ms, Levels),
               ( foldl([m(_, _, _, C, _), A0, A]>>(A is A0 + C), Ms, 0, Devs),
                 length(Ms, NC),
                 maplist([m(O, _, _, _, _), O]>>true, Ms, Os0),
                 sort(Os0, Os), length(Os, NCells),
                 format(user_error,
                        "prove: depth ~d, ~w: ~d developments, ~d classes, ~d information sets (~3f s)~n",
                        [D, R, Devs, NC, NCells, T]) ))
    ;   true
    ).

%   expand_level(+R-Classes, -R-Classes1): the classes of the next depth.
%   Classes of different observations never merge (a child's observation
%   determines its parent's), so the work is done one information set (one
%   run of classes with the same Obs) at a time: memory stays bounded by the
%   output and the largest cell.
expand_level(R-Ms, R-Ms1) :-
    role_position(R, I),
    cells_expand(Ms, R, I, Ms1, []).

cells_expand([], _, _, Out, Out).
cells_expand([m(O, S, Rep, C, Rep2)|Ms], R, I, Out0, Out) :-
    take_cell(Ms, O, Cell, Rest),
    findall((O1-T)-(r(Rep1, A)-C1),
            ( member(m(_, SId, Rep1, C1, _), [m(O, S, Rep, C, Rep2)|Cell]),
              state_transitions(SId, Ts),
              member(t(A, T, Perc), Ts),
              memberchk(R-Ps, Perc),
              arg(I, A, M),
              obs_intern(R, O, M, Ps, O1)
            ),
            Pairs),
    keysort(Pairs, Sorted),
    merge_classes(Sorted, Out0, Out1),
    cells_expand(Rest, R, I, Out1, Out).

take_cell([m(O1, S, Rep, C, Rep2)|Ms], O, [m(O1, S, Rep, C, Rep2)|Cell], Rest) :-
    O1 == O, !,
    take_cell(Ms, O, Cell, Rest).
take_cell(Ms, _, [], Ms).

merge_classes([], Out, Out).
merge_classes([K-(R1-C)|Ps], [m(O, T, Rep, CT, Rep2)|Ms], Out) :-
    K = O-T,
    merge_class(K, Ps, C, CT, none, Second, Rest),
    new_rep(R1, Rep),
    (   Second == none -> Rep2 = none ; new_rep(Second, Rep2) ),
    merge_classes(Rest, Ms, Out).

%   merge_class(+Key, +Pairs, +C0, -C, +Second0, -Second, -Rest): sums the
%   counts of the classes with Key; Second is another development of the
%   class (for counterexamples to perfect_information), or none.
merge_class(K, [K1-(R1-C1)|Ps], C0, C, S0, S, Rest) :-
    K1 == K, !,
    C2 is C0 + C1,
    ( S0 == none -> S1 = R1 ; S1 = S0 ),
    merge_class(K, Ps, C2, C, S1, S, Rest).
merge_class(_, Rest, C, C, S, S, Rest).

%   state_transitions(+SId, -Ts): every legal joint move in state SId with its
%   successor's id and every agent's percepts ([] for a terminal state),
%   computed once per state.
state_transitions(SId, Ts) :-
    (   strans_(SId, Ts0)
    ->  Ts = Ts0
    ;   state_(SId, S),
        (   terminal(S)
        ->  Ts = []
        ;   findall(R, agent(R), Rs),
            joint_moves(S, As),
            findall(t(A, T, Perc),
                    ( member(A, As),
                      next_state(A, S, TS),
                      state_id(TS, T),
                      findall(R-Ps, ( member(R, Rs), percepts(R, A, S, Ps) ), Perc)
                    ),
                    Ts)
        ),
        assertz(strans_(SId, Ts))
    ).

%   check_level(+Prop, +R, +Classes, -cex(Rep1, Rep2)) is semidet:
%   succeeds with a counterexample if some information set of R violates Prop.
check_level(perfect_information, _, Ms, cex(Rep1, Rep2)) :- !,
    (   member(m(_, _, Rep1, C, Rep2), Ms), C > 1, Rep2 \== none
    ->  true
    ;   append(_, [m(O1, _, Rep1, _, _), m(O2, _, Rep2, _, _)|_], Ms),
        O1 == O2
    ), !.
check_level(Prop, R, Ms, cex(Rep1, Rep2)) :-
    check_cells(Ms, Prop, R, Rep1, Rep2).

check_cells([m(O, S, Rep, C, Rep2)|Ms], Prop, R, Rep1, Rep2x) :-
    take_cell(Ms, O, Cell, Rest),
    (   Cell \== [],
        findall(sig(V, Rp), ( member(m(_, SId, Rp, _, _), [m(O, S, Rep, C, Rep2)|Cell]),
                              state_signature(Prop, R, SId, V), V \== skip ), Sigs),
        Sigs = [sig(X, Rep1)|Others],
        member(sig(Y, Rep2x), Others),
        X \== Y
    ->  true
    ;   check_cells(Rest, Prop, R, Rep1, Rep2x)
    ).

%   state_signature(+Prop, +R, +SId, -V): signature/4 of state SId, computed
%   once per (property, role, state): many classes share a state.
state_signature(Prop, R, SId, V) :-
    (   sig_(SId, Prop, R, V0)
    ->  V = V0
    ;   state_(SId, St),
        signature(Prop, R, St, V0),
        assertz(sig_(SId, Prop, R, V0)),
        V = V0
    ).

%   signature(+Prop, +R, +State, -V): what R must know in State; skip when
%   the state does not take part (legal moves in a terminal state, goals in
%   a running one).
signature(legal_knowledge, R, S, V) :-
    (   terminal(S)
    ->  V = skip
    ;   findall(M, legal_move(R, M, S), Ms0), sort(Ms0, V)
    ).
signature(terminal_knowledge, _, S, V) :-
    ( terminal(S) -> V = terminal ; V = running ).
signature(goal_knowledge, R, S, V) :-
    (   terminal(S)
    ->  findall(G, goal(R, G, S), Gs0), sort(Gs0, V)
    ;   V = skip
    ).

%   prove_formula(+F, +D, +Max, +Nodes, +Options, -Result): F at every
%   development (node) of depth D, then the next depth.
prove_formula(F, D, Max, Ids, Options, Result) :-
    (   member(Id, Ids),
        \+ holds_at(F, Id)
    ->  node_moves(Id, Moves),
        formula_alternative(F, Id, Role, Alt),
        Result = refuted(Role, D, Moves, Alt)
    ;   D >= Max
    ->  Result = holds
    ;   next_developments(D, Ids, Options, Ids1),
        (   Ids1 == []
        ->  Result = holds              % every development ended: no deeper one
        ;   D1 is D + 1,
            prove_formula(F, D1, Max, Ids1, Options, Result)
        )
    ).

%   formula_alternative(+F, +Id, -Role, -AltMoves): F fails at Id; when it
%   fails because of a (knows R G) -- at top level, in a disjunction or a
%   conjunction -- a development R cannot tell from Id in which G fails.
formula_alternative(F, Id, R, Alt) :-
    knows_witness(F, Id, R, Alt), !.
formula_alternative(_, _, none, []).

knows_witness(knows(R, G), Id, R, Alt) :-
    atom(R),
    node_cell(R, Id, Ids0),
    exclude(==(Id), Ids0, Others),
    append(Others, [Id], Ids),          % another development first, if any
    member(W, Ids),
    \+ holds_at(G, W), !,
    node_moves(W, Alt).
knows_witness(or(Fs), Id, R, Alt) :-
    member(F, Fs),
    knows_witness(F, Id, R, Alt).
knows_witness(and(Fs), Id, R, Alt) :-
    member(F, Fs),
    \+ holds_at(F, Id),
    knows_witness(F, Id, R, Alt).

%!  development_percepts(+Role, +JointMoves, -Percepts) is det.
%
%   Role's percept set after each joint move of the development JointMoves.
development_percepts(R, Moves, Percepts) :-
    epistemic_game, !,
    root_node(Id0),
    foldl(node_percepts(R), Moves, Id0-[], _-Rev),
    reverse(Rev, Percepts).
development_percepts(R, Moves, Percepts) :-
    init_state(S0),
    foldl([A, S-Ps0, S1-[Ps|Ps0]]>>( percepts(R, A, S, Ps), next_state(A, S, S1) ),
          Moves, S0-[], _-Rev),
    reverse(Rev, Percepts).

node_percepts(R, A, Id-Ps0, C-[Ps|Ps0]) :-
    node_(Id, _, _, S),
    percepts(R, A, S, Ps),
    node_child(Id, A, S, C).

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

%!  belief_report(+Role, +Sit, +Formula, -Num:atom, -Den:atom, -Decimal:atom, -NumDevs:atom) is det.
belief_report(R, Sit, F, NumA, DenA, DecA, NDevA) :-
    knowledge_reset,
    belief(R, Sit, F, P, NDev),
    rational(P, Num, Den),
    atom_number(NumA, Num),
    atom_number(DenA, Den),
    format(atom(DecA), "~15f", [P]),
    atom_number(NDevA, NDev).

%!  prove_report(+Property, +Depth, +Progress, -Holds, -Role, -At, -Actual, -Alt, -ActualPs, -AltPs) is det.
%
%   prove_property/4 for the C++ side: Holds is true/false; on false the
%   counterexample with Role's percepts along both developments.
prove_report(Prop, Depth0, Progress, Holds, Role, At, Actual, Alt, ActualPs, AltPs) :-
    knowledge_reset,
    (   integer(Depth0) -> Depth = Depth0 ; atom_number(Depth0, Depth) ),
    prove_property(Prop, Depth, [progress(Progress)], Result),
    (   Result == holds
    ->  Holds = true, Role = none, At = Depth,
        Actual = [], Alt = [], ActualPs = [], AltPs = []
    ;   Result = refuted(Role, At, Actual, Alt),
        Holds = false,
        (   Role == none
        ->  ActualPs = [], AltPs = []
        ;   development_percepts(Role, Actual, ActualPs),
            development_percepts(Role, Alt, AltPs)
        )
    ).

:- multifile prolog:message//1.
prolog:message(error(gdlsc_error(native_step_differs(M, Ps)), _)) -->
    [ 'the step network and the game\'s rules give different information sets'-[], nl,
      'after the move ~q with percepts ~q (GDLSC_NATIVE=check): a defect of gdlsc, please report it'-[M, Ps] ].
prolog:message(gdlsc_native(Text)) -->
    [ 'the step network failed: ~w (a defect of gdlsc, please report it; GDLSC_NATIVE=off avoids it)'-[Text] ].
