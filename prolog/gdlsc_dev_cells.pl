/*  gdlsc_dev_cells -- each agent's observations of the developments (gdlsc_dev_nodes)
    and the cells of the K relation over them, computed on demand and memoised
    (gdlsc_developments is the entry).

    K(R,s0,s0); K(R,do(A',S'),do(A,S)) iff K(R,S',S), Poss(A',S'), R's move is
    the same in A and A', and R's percept sets after A' in S' and after A in S
    are equal (DESIGN §2, Thielscher 2010 Theorem 1).  random is not an agent.

    Every node has, per agent, an interned observation id (parent observation, own
    move, percept set).  The cell of R at δ -- all nodes with R's observation
    of δ -- is computed from the cell of δ's parent and memoised per
    (R, observation), so all developments that look alike to R share it.
    A cell at depth n needs the cell at depth n-1 and the children of its nodes,
    nothing else.
*/
:- module(gdlsc_dev_cells,
          [ cells_reset/0,
            node_obs/3,             % +Role, +Id, -ObsId
            obs_key_/5,             % ?Role, ?ParentObs, ?Move, ?Percepts, ?ObsId
            obs_intern/5,           % +Role, +ParentObs, +Move, +Percepts, -ObsId
            node_cell/3,            % +Role, +Id, -Ids
            common_cell/2,          % +Id, -Ids
            common_/2,              % ?NodeId, ?ComponentId (after common_cell/2)
            joint_move_fixing/4     % +State, +I, +Move, -A
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(nb_set)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_dev_nodes, [node_/4, node_child/4, role_position/2, state_node/2]).

:- dynamic
    obs_/3,           % obs_(Role, NodeId, ObsId)
    obs_key_/5,       % obs_key_(Role, ParentObs, Move, Percepts, ObsId)
    cell_/3,          % cell_(Role, ObsId, NodeIds): all developments with that observation
    common_/2,        % common_(NodeId, ComponentId)
    component_/2.     % component_(ComponentId, NodeIds)

%!  cells_reset is det.
%   Forgets every observation, cell and their memos (gdlsc_developments:developments_reset/0).
cells_reset :-
    retractall(obs_(_, _, _)),
    retractall(obs_key_(_, _, _, _, _)),
    retractall(obs_hash_(_, _)),
    retractall(cell_(_, _, _)),
    retractall(common_(_, _)),
    retractall(component_(_, _)),
    retractall(split_(_, _, _, _, _)),
    retractall(split_done_(_, _, _)),
    retractall(legal_memo_(_, _, _)),
    retractall(joint_memo_(_, _)),
    flag(gdlsc_knowledge_obs, _, 1),
    flag(gdlsc_knowledge_component, _, 1).

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

