/*  gdlsc_developments -- developments as interned nodes, each agent's
    observations, and the cells of the K relation over them (tier 2 of
    gdlsc_infoset and gdlsc_knows); and the GDL-III hooks that evaluate `knows` in a game's
    rules over those cells.

    K(R,s0,s0); K(R,do(A',S'),do(A,S)) iff K(R,S',S), Poss(A',S'), R's move is
    the same in A and A', and R's percept sets after A' in S' and after A in S
    are equal (DESIGN §2, Thielscher 2010 Theorem 1).  random is not an agent.

    Every development is an interned node (parent, joint move, state); every
    node has, per agent, an interned observation id (parent observation, own
    move, percept set).  The cell of R at δ -- all nodes with R's observation
    of δ -- is computed from the cell of δ's parent and memoised per
    (R, observation), so all developments that look alike to R share it.
    Nodes are made on demand: a cell at depth n needs the cell at depth n-1
    and the children of its nodes, nothing else.

    GDL-III (Thielscher 2016): in a game with knows in its rules (the fact
    game:epistemic), what holds in a development is no longer a function of
    its state -- a rule may ask what a player knows, and that depends on the
    development.  So a node's state carries the marker 'gdlsc world'(Id) of
    its node (kept in standard order, so ord_memberchk still works; the
    generated rules never enumerate it), every evaluation of a rule at the node
    sees it, and the game's compiled (knows R P) calls rule_knows/5, which
    finds the node from the marker and evaluates P in every node of R's cell.
    Tabled game predicates are keyed by the marked state: their answers are
    per development, as the semantics asks.  The recursion is well founded:
    a cell at depth n needs legal moves, terminal and percepts at depth n-1
    only (each of which may ask for knowledge at depth n-1), and within one
    state the validation has checked that knows is hierarchical.
*/
:- module(gdlsc_developments,
          [ developments_reset/0,
            knowledge_reset/0,
            check_agent/1,          % ?Role
            role_position/2,        % +Role, -Index
            root_node/1,            % -Id
            sit_node/2,             % +Sit, -Id
            node_/4,                % ?Id, ?Parent, ?JointMove, ?State
            node_child/4,           % +Parent, +JointMove, +State, -Id
            level_children/2,       % +Ids, -Children
            node_sit/2,             % +Id, -Sit
            node_moves/2,           % +Id, -JointMoves
            node_obs/3,             % +Role, +Id, -ObsId
            obs_key_/5,             % ?Role, ?ParentObs, ?Move, ?Percepts, ?ObsId
            obs_intern/5,           % +Role, +ParentObs, +Move, +Percepts, -ObsId
            node_cell/3,            % +Role, +Id, -Ids
            common_cell/2,          % +Id, -Ids
            joint_move_fixing/4,    % +State, +I, +Move, -A
            joint_move_legal/2,     % +State, +JointMove
            epistemic_game/0,
            plain_state/2,          % +State, -Fluents
            rule_knows/5,           % ?Role, ?P, -SK, :Goal, +State
            rule_common/4,          % ?P, -SK, :Goal, +State
            network_path/3,          % +JointMoves, +Knowledge, -Sit
            dev_init_state/1,       % -State
            dev_next_state/3,       % +JointMove, +State, -State1
            dev_playouts/4          % +N, +Seed, +MaxDepth, -Stats
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(library(nb_set)).
:- use_module(gdlsc_game).

:- dynamic
    node_/4,          % node_(Id, Parent, JointMove, State)
    child_/4,         % child_(Hash, Parent, JointMove, Id): Hash of Parent-JointMove
                      % (a node may have thousands of children: the index is the hash)
    obs_/3,           % obs_(Role, NodeId, ObsId)
    obs_key_/5,       % obs_key_(Role, ParentObs, Move, Percepts, ObsId)
    cell_/3,          % cell_(Role, ObsId, NodeIds): all developments with that observation
    common_/2,        % common_(NodeId, ComponentId)
    component_/2.     % component_(ComponentId, NodeIds)

%!  developments_reset is det.
%
%   Forgets every interned development, observation and memoised cell; run
%   when another game is loaded into the module `game` (on_game_loaded).
developments_reset :-
    retractall(node_(_, _, _, _)),
    retractall(child_(_, _, _, _)),
    retractall(obs_(_, _, _)),
    retractall(obs_key_(_, _, _, _, _)),
    retractall(obs_hash_(_, _)),
    retractall(cell_(_, _, _)),
    retractall(common_(_, _)),
    retractall(component_(_, _)),
    retractall(knows_memo_(_, _, _, _)),
    retractall(split_(_, _, _, _, _)),
    retractall(split_done_(_, _, _)),
    retractall(legal_memo_(_, _, _)),
    retractall(joint_memo_(_, _)),
    retractall(network_node_(_)),
    retractall(network_knows_(_, _)),
    flag(gdlsc_knowledge_node, _, 1),
    flag(gdlsc_knowledge_obs, _, 1),
    flag(gdlsc_knowledge_component, _, 1).

%!  knowledge_reset is det.
%
%   developments_reset/0, and every memo table the modules above keep about
%   the developments of this game (their clauses of the hook memo_reset/0:
%   gdlsc_infoset's weighted states per observation, gdlsc_properties' state
%   classes); run when another game is loaded and before each report.
knowledge_reset :-
    developments_reset,
    forall(memo_reset, true).

%!  memo_reset is nondet.
%   Hook: a module that memoises something about the developments adds a
%   clause that forgets it.
:- multifile memo_reset/0.
:- dynamic memo_reset/0.

:- multifile gdlsc_game:on_game_loaded/0.
gdlsc_game:on_game_loaded :- knowledge_reset.

%!  epistemic_game is semidet.
%   The loaded game has knows in its rules (GDL-III).
epistemic_game :- game:epistemic.

%   marked_state(+Id, +Fluents, -State): the state of node Id as the game's
%   rules see it: in a GDL-III game, with the node's marker.
marked_state(Id, S0, S) :-
    (   game:epistemic
    ->  ord_union([S0, ['gdlsc world'(Id)]], S)
    ;   S = S0
    ).

%!  plain_state(+State, -Fluents) is det.
%   The fluents of a (possibly marked) state.
plain_state(S, F) :-
    (   game:epistemic
    ->  exclude(is_marker, S, F)
    ;   F = S
    ).

is_marker(X) :- \+ X \= 'gdlsc world'(_).

%   ---- roles ---------------------------------------------------------------

%!  check_agent(?Role) is nondet.
%
%   Role is a non-random role of the game; enumerates the agents when unbound.
%   @error gdlsc_error(not_an_agent(Role)) for random or an unknown role.
check_agent(R) :-
    var(R), !,
    agent(R).
check_agent(random) :- !,
    throw(error(gdlsc_error(not_an_agent(random)),
                context(knows/2, 'random is not an agent: it has no knowledge'))).
check_agent(R) :-
    agent(R), !.
check_agent(R) :-
    throw(error(gdlsc_error(not_an_agent(R)),
                context(knows/2, 'not a role of the game'))).

role_position(R, I) :-
    roles(Rs),
    nth1(I, Rs, R), !.

%   ---- developments as interned nodes (tier 2) ----------------------------

root_node(0) :-
    (   node_(0, _, _, _)
    ->  true
    ;   init_state(S0),
        marked_state(0, S0, S),
        flag(gdlsc_knowledge_node, _, 1),
        assertz(node_(0, none, none, S))
    ).

%!  sit_node(+Sit, -Id) is det.
%
%   The node of the development Sit (s0 or do(A, Sit)).
%   @error gdlsc_error(not_a_development(Sit)) if a joint move is not possible.
sit_node(s0, Id) :- !,
    root_node(Id).
sit_node(do(A, Sit), Id) :- !,
    sit_node(Sit, P),
    (   term_hash(P-A, H), child_(H, P, A, Id0)
    ->  Id = Id0
    ;   node_(P, _, _, S),
        (   \+ terminal(S), joint_move_legal(S, A)
        ->  new_child(P, A, S, Id)
        ;   throw(error(gdlsc_error(not_a_development(do(A, Sit))), _))
        )
    ).
sit_node(Sit, _) :-
    throw(error(type_error(situation, Sit), _)).

joint_move_legal(S, A) :-
    roles(Rs),
    forall(nth1(I, Rs, R), (arg(I, A, M), legal_move(R, M, S))).

new_child(P, A, S, Id) :-
    next_state(A, S, S0),
    flag(gdlsc_knowledge_node, Id, Id + 1),
    marked_state(Id, S0, S1),
    assertz(node_(Id, P, A, S1)),
    term_hash(P-A, H),
    assertz(child_(H, P, A, Id)).

node_child(P, A, S, Id) :-
    (   term_hash(P-A, H), child_(H, P, A, Id0)
    ->  Id = Id0
    ;   new_child(P, A, S, Id)
    ).

%!  level_children(+Ids, -Children) is det.
%
%   Every child of the non-terminal nodes Ids, by every legal joint move, in
%   order (the next depth of a breadth-first enumeration of developments).
level_children(Ids, Children) :-
    findall(C, ( member(Q, Ids), node_(Q, _, _, S), \+ terminal(S),
                 joint_moves(S, As), member(A, As), node_child(Q, A, S, C) ),
            Children).

%!  node_sit(+Id, -Sit) is det.
node_sit(Id, Sit) :-
    node_sit(Id, s0, Sit0),
    Sit = Sit0.
node_sit(0, _, s0) :- !.
node_sit(Id, _, do(A, Sit)) :-
    node_(Id, P, A, _),
    node_sit(P, _, Sit).

node_moves(Id, Moves) :-
    node_moves(Id, [], Moves).
node_moves(0, Acc, Acc) :- !.
node_moves(Id, Acc, Moves) :-
    node_(Id, P, A, _),
    node_moves(P, [A|Acc], Moves).

%!  node_obs(+Role, +Id, -ObsId) is det.
%
%   Role's observation id at node Id: the interned sequence of its own moves
%   and percept sets along the development (0 at s0).
node_obs(_, 0, 0) :- !.
node_obs(R, Id, O) :-
    obs_(R, Id, O0), !,
    O = O0.
node_obs(R, Id, O) :-
    node_(Id, P, A, _),
    node_(P, _, _, PS),
    node_obs(R, P, PO),
    role_position(R, I),
    arg(I, A, M),
    percepts(R, A, PS, Ps),
    obs_intern(R, PO, M, Ps, O),
    assertz(obs_(R, Id, O)).

obs_intern(R, PO, M, Ps, O) :-
    term_hash(R-PO-M-Ps, H),
    (   obs_hash_(H, O0),
        obs_key_(R1, PO1, M1, Ps1, O0),
        R1-PO1-M1-Ps1 == R-PO-M-Ps
    ->  O = O0
    ;   flag(gdlsc_knowledge_obs, O1, O1 + 1),
        O is O1 + 1,
        assertz(obs_key_(R, PO, M, Ps, O)),
        assertz(obs_hash_(H, O))
    ).

%   obs_hash_(Hash, ObsId): the index of obs_key_/5 by its key (one parent
%   observation may have thousands of children: Muddy Children's first step).
:- dynamic obs_hash_/2.

%!  node_cell(+Role, +Id, -Ids) is det.
%
%   The information set of Role at node Id: the nodes of every development
%   indistinguishable from Id for Role, computed from the cell of the parent
%   (the K successor state axiom) and memoised per (Role, observation).
node_cell(R, Id, Ids) :-
    node_obs(R, Id, O),
    (   cell_(R, O, Ids0)
    ->  Ids = Ids0
    ;   node_cell_(R, Id, O, Ids),
        assertz(cell_(R, O, Ids))
    ).

node_cell_(_, 0, _, [0]) :- !.
node_cell_(R, Id, O, Ids) :-
    node_(Id, P, A, _),
    node_(P, _, _, PS),
    role_position(R, I),
    arg(I, A, M),
    percepts(R, A, PS, Ps),
    node_obs(R, P, PO),
    split(R, P, PO, I, M, Ps, QAs),
    findall(C,
            ( member(Q-A2, QAs),
              node_(Q, _, _, QS),
              node_child(Q, A2, QS, C)
            ),
            Ids),
    forall(member(C, Ids), ( obs_(R, C, _) -> true ; assertz(obs_(R, C, O)) )).

%   split(+R, +P, +PO, +I, +M, +Ps, -QAs): the successors of R's cell at P
%   (observation PO) by R's move M that give R the percepts Ps, as
%   [Q-JointMove, ...].  The successors are split by percepts once: one group
%   per percept set R can get, each the cell of one child observation.  Memoised per (R, PO, M), so the percepts of the cell's
%   successors are computed once, not once per child observation (Muddy
%   Children: 2^(n-1) observations after the father's pick share it).
:- dynamic split_done_/3,          % split_done_(Role, ParentObs, Move)
           split_/5.               % split_(Hash, Role, ParentObs, Move, Percepts-QAs)

split(R, P, PO, I, M, Ps, QAs) :-
    (   split_done_(R, PO, M)
    ->  true
    ;   node_cell(R, P, PIds),
        findall(Ps2-(Q-A2),
                ( member(Q, PIds),
                  node_(Q, _, _, QS),
                  \+ terminal(QS),
                  joint_move_fixing(QS, I, M, A2),
                  percepts(R, A2, QS, Ps2)
                ),
                Pairs),
        msort_keys(Pairs, Groups),
        forall(member(G-Vs, Groups),
               ( term_hash(R-PO-M-G, H), assertz(split_(H, R, PO, M, G-Vs)) )),
        assertz(split_done_(R, PO, M))
    ),
    term_hash(R-PO-M-Ps, H1),
    (   split_(H1, R, PO, M, Ps1-QAs0), Ps1 == Ps
    ->  QAs = QAs0
    ;   QAs = []
    ).

%   msort_keys(+Pairs, -Groups): Key-[Values] for each key, values in their order.
msort_keys(Pairs, Groups) :-
    keysort(Pairs, Sorted),
    group_sorted(Sorted, Groups).

group_sorted([], []).
group_sorted([K-V|KVs], [K-[V|Vs]|Groups]) :-
    same_key(K, KVs, Vs, Rest),
    group_sorted(Rest, Groups).

same_key(K, [K1-V|KVs], [V|Vs], Rest) :- K1 == K, !, same_key(K, KVs, Vs, Rest).
same_key(_, Rest, [], Rest).

%   state_legal_moves(+R, +S, -Moves): legal_moves/3, memoised per development
%   in a GDL-III game (where a legal move may ask what someone knows, and the
%   same development's moves are asked for every cell it is in).
:- dynamic legal_memo_/3.           % legal_memo_(NodeId, Role, Moves)

state_legal_moves(R, S, Ms) :-
    (   game:epistemic
    ->  state_node(S, Id),
        (   legal_memo_(Id, R, Ms0)
        ->  Ms = Ms0
        ;   legal_moves(R, S, Ms0),
            assertz(legal_memo_(Id, R, Ms0)),
            Ms = Ms0
        )
    ;   legal_moves(R, S, Ms)
    ).

%!  joint_move_fixing(+State, +I, +Move, -A) is nondet.
%
%   A is a joint move legal in State whose I-th component is Move.  Each
%   joint move once, in standard order: legal moves are a set, even when the
%   game's rules derive one move twice.
joint_move_fixing(S, I, M, A) :-
    (   game:epistemic
    ->  state_node(S, Id),
        node_joint_moves(Id, S, As),
        member(A, As),
        arg(I, A, M)
    ;   roles(Rs),
        length(Rs, N),
        functor(A, a, N),
        legal_moves_into(Rs, 1, I, M, S, A)
    ).

%   node_joint_moves(+Id, +S, -As): every legal joint move of development Id
%   (state S), in standard order, memoised: a GDL-III development is split
%   once per agent and cell it is in, and its legal moves may ask what
%   everyone knows.
:- dynamic joint_memo_/2.            % joint_memo_(NodeId, JointMoves)

node_joint_moves(Id, S, As) :-
    (   joint_memo_(Id, As0)
    ->  As = As0
    ;   roles(Rs),
        length(Rs, N),
        functor(A, a, N),
        findall(A, legal_moves_into(Rs, 1, 0, none, S, A), As0),
        assertz(joint_memo_(Id, As0)),
        As = As0
    ).

legal_moves_into([], _, _, _, _, _).
legal_moves_into([R|Rs], J, I, M, S, A) :-
    (   J =:= I
    ->  once(legal_move(R, M, S)), arg(J, A, M)
    ;   state_legal_moves(R, S, Ms), member(Mj, Ms), arg(J, A, Mj)
    ),
    J1 is J + 1,
    legal_moves_into(Rs, J1, I, M, S, A).


%   ---- common knowledge --------------------------------------------------

%!  common_cell(+Id, -Ids) is det.
%
%   The developments reachable from node Id through the union of the agents'
%   K relations (its transitive closure): where common knowledge is decided.
%   Memoised per connected component, which all its nodes share.
common_cell(Id, Ids) :-
    (   common_(Id, C)
    ->  component_(C, Ids)
    ;   findall(R, agent(R), Rs),
        common_closure(Rs, Id, Ids),
        flag(gdlsc_knowledge_component, C, C + 1),
        assertz(component_(C, Ids)),
        forall(member(W, Ids), assertz(common_(W, C)))
    ).

%   common_closure(+Agents, +Id, -Ids): the nodes reachable from Id, sorted. Each
%   cell (agent, observation) is expanded once, from the first of its members
%   reached, and the nodes seen are a hash set: linear in the component's size
%   (a list and a member test per node made it quadratic).
common_closure(Rs, Id, Ids) :-
    empty_nb_set(Seen),
    add_nb_set(Id, Seen),
    empty_nb_set(Cells),
    common_closure_(Rs, [Id], Seen, Cells),
    nb_set_to_list(Seen, Ids).

common_closure_(_, [], _, _).
common_closure_(Rs, [W|Ws], Seen, Cells) :-
    findall(V, ( member(R, Rs),
                 node_obs(R, W, O),
                 add_nb_set(R-O, Cells, true),    % fails for a cell expanded before
                 node_cell(R, W, Cell),
                 member(V, Cell),
                 add_nb_set(V, Seen, true) ),     % fails for a node seen before
            New),
    append(New, Ws, Queue),
    common_closure_(Rs, Queue, Seen, Cells).

%   ---- GDL-III: knows in the game's rules ------------------------------------

%!  rule_knows(?Role, ?P, -SK, +Goal, +State) is nondet.
%
%   The compiled (knows Role P) of a GDL-III rule (sc/emit_prolog.cpp): P is
%   the literal as a term, Goal the same literal as a goal of the module game
%   over the state variable SK, and State the marked state of the development
%   the rule is evaluated in.  True for each agent Role (an unbound Role ranges
%   over the agents, random never among them) and each instance of P's free
%   variables that holds in every development of Role's information set.  At a
%   development whose knowledge was computed on the step network (network_path/3) the
%   instances are looked up (a static P, the same everywhere, is evaluated).
rule_knows(R, P, SK, Goal, S) :-
    state_node(S, Id),
    (   network_node_(Id)
    ->  (   static_literal(P)       % the same in every development: P itself
        ->  knows_agent(R), SK = S, call(game:Goal)
        ;   network_knows_(Id, k(R, P))
        )
    ;   rule_knows_(R, SK, Goal, S, Id)
    ).

%   static_literal(+P): P is an atom of a static relation of the game (the step
%   network's table lists only the knows literals about what can change).
static_literal(P) :-
    P \= true(_),
    functor(P, Name, Arity),
    game:relation(Name, Arity, static).

rule_knows_(R, SK, Goal, S, Id) :-
    knows_agent(R),
    node_obs(R, Id, O),
    knows_instances(k(R, O), SK, Goal, Vs, H, Instances),
    (   Instances == unknown
    ->  node_cell(R, Id, Ids),
        findall(Vs, holds_in_all(Ids, S, SK, Goal, Vs), Instances1),
        assertz(knows_memo_(H, k(R, O), Goal, Instances1))
    ;   Instances1 = Instances
    ),
    member(Vs, Instances1).

%!  rule_common(?P, -SK, +Goal, +State) is nondet.
%
%   The compiled (knows P): P holds in every development of the common
%   knowledge component of the current one.
rule_common(P, SK, Goal, S) :-
    state_node(S, Id),
    (   network_node_(Id)
    ->  (   static_literal(P)
        ->  SK = S, call(game:Goal)
        ;   network_knows_(Id, c(P))
        )
    ;   common_cell(Id, Ids),
        common_(Id, C),
        knows_instances(c(C), SK, Goal, Vs, H, Instances),
        (   Instances == unknown
        ->  findall(Vs, holds_in_all(Ids, S, SK, Goal, Vs), Instances1),
            assertz(knows_memo_(H, c(C), Goal, Instances1))
        ;   Instances1 = Instances
        ),
        member(Vs, Instances1)
    ).

%!  network_path(+JointMoves:list, +Knowledge:list, -Sit) is det.
%
%   The development of JointMoves, made node by node, where what the rules
%   ask about knowledge was computed outside Prolog (on the step network,
%   src/ground/network_developments.h or src/symbolic/developments.h): Knowledge has one list per
%   node of the path (the root first) of the knows literals true there,
%   k(Role, P) and c(P) with P ground.  The rules evaluated at these nodes
%   look them up instead of building information sets; every other node
%   (and every query about knowledge, which the host does not send here)
%   keeps the Prolog way.  Forgets the developments made before.
:- dynamic network_node_/1,          % network_node_(NodeId)
           network_knows_/2.         % network_knows_(NodeId, k(Role, P) | c(P))

network_path(As, Ks, Sit) :-
    knowledge_reset,
    reset_game_tables,              % tabled answers are keyed by node markers
    root_node(Root),
    network_path_(As, Ks, Root, s0, Sit).

network_path_([], [K], Id, Sit, Sit) :- !,
    network_mark(Id, K).
network_path_([A|As], [K|Ks], Id, Sit0, Sit) :-
    network_mark(Id, K),
    node_(Id, _, _, S),
    node_child(Id, A, S, C),
    network_path_(As, Ks, C, do(A, Sit0), Sit).

network_mark(Id, K) :-
    assertz(network_node_(Id)),
    forall(member(E, K), assertz(network_knows_(Id, E))).

%   knows_agent(?R): agent/1, without a scan of the roles when R is given (a
%   rule's knows literal asks it once per development and role).
knows_agent(R) :-
    (   atom(R)
    ->  game:role_index(R, _),
        R \== random
    ;   agent(R)
    ).

state_node(S, Id) :-
    (   memberchk('gdlsc world'(Id0), S)
    ->  Id = Id0
    ;   throw(error(gdlsc_error(knows_without_development),
                    context(rule_knows/5, 'knows in a rule evaluated outside a development')))
    ).

%   The instances of a knows goal are the same at every development of the
%   cell (or component) Where: they are those that hold throughout it.  So
%   they are computed once per (Where, goal), not once per development --
%   the difference between seconds and minutes on Muddy Children, where every
%   child's legal moves ask what it knows in every development.
:- dynamic knows_memo_/4.           % knows_memo_(Hash, Where, Key, Instances)

%   knows_instances(+Where, +SK, +Goal, -Vs, -Hash, -Instances): the memoised
%   instances of Goal's variables Vs at Where, or `unknown` (then the caller
%   computes them and stores them under Hash).
knows_instances(Where, SK, Goal, Vs, H, Instances) :-
    goal_vars(SK, Goal, Vs),
    variant_hash(Where-Goal, H),
    (   knows_memo_(H, Where, Key, Is),
        Key =@= Goal
    ->  Instances = Is
    ;   Instances = unknown
    ).

goal_vars(SK, Goal, Vs) :-
    term_variables(Goal, Vs0),
    drop_var(Vs0, SK, Vs).

drop_var([], _, []).
drop_var([V|Vs], X, Out) :-
    (   V == X
    ->  Out = Vs                        % term_variables/2 lists each variable once
    ;   Out = [V|Out1],
        drop_var(Vs, X, Out1)
    ).

%   holds_in_all(+Ids, +S, -SK, +Goal, ?Vs): the candidate instances of Goal's
%   variables Vs are those true here (K is reflexive); each must hold in every
%   node of Ids.
holds_in_all(Ids, S, SK, Goal, Vs) :-
    findall(Vs, ( SK = S, call(game:Goal) ), Cands0),
    sort(Cands0, Cands),
    member(Vs, Cands),
    forall(( member(W, Ids), node_(W, _, _, SW), SW \== S ),
           \+ \+ ( SK = SW, call(game:Goal) )).

%   ---- states for the host's state API ----------------------------------------

%!  dev_init_state(-State) is det.
%!  dev_next_state(+JointMove, +State, -State1) is det.
%
%   The initial state and the successor state as the host steps through a
%   match (src/prolog/engine.cpp): in a GDL-III game the states of the
%   developments (with their markers), so that each step sees what the
%   players know; otherwise gdlsc_game's plain states.
dev_init_state(S) :-
    (   game:epistemic
    ->  root_node(Id), node_(Id, _, _, S)
    ;   init_state(S)
    ).

dev_next_state(A, S, S1) :-
    (   game:epistemic
    ->  state_node(S, Id),
        node_child(Id, A, S, C),
        node_(C, _, _, S1)
    ;   next_state(A, S, S1)
    ).

%!  dev_playouts(+N, +Seed, +MaxDepth, -Stats) is det.
%
%   gdlsc_game:playouts/4 for a GDL-III game: the same loop over the states
%   of developments.  The developments a playout made (with the information
%   sets its knowledge conditions needed) are forgotten after it.
dev_playouts(N, Seed, MaxDepth, Stats) :-
    (   game:epistemic
    ->  set_random(seed(Seed)),
        dev_playouts_(N, MaxDepth, 0, States, 0, Moves, 0, Terminals),
        Stats = stats(States, Moves, Terminals)
    ;   playouts(N, Seed, MaxDepth, Stats)
    ).

dev_playouts_(0, _, St, St, Mv, Mv, T, T) :- !.
dev_playouts_(N, D, St0, St, Mv0, Mv, T0, T) :-
    knowledge_reset,
    reset_game_tables,
    dev_init_state(S0),
    dev_playout(S0, D, 0, K, End),
    St1 is St0 + K + 1,
    Mv1 is Mv0 + K,
    ( End == terminal -> T1 is T0 + 1 ; T1 = T0 ),
    N1 is N - 1,
    dev_playouts_(N1, D, St1, St, Mv1, Mv, T1, T).

dev_playout(S, D, K0, K, End) :-
    (   terminal(S) -> K = K0, End = terminal
    ;   K0 >= D -> K = K0, End = depth
    ;   random_joint_move(S, A)
    ->  dev_next_state(A, S, S1),
        K1 is K0 + 1,
        dev_playout(S1, D, K1, K, End)
    ;   K = K0, End = stuck
    ).
