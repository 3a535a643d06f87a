/*  gdlsc_developments -- the entry of the developments (tier 2 of gdlsc_infoset and
    gdlsc_knows): it re-exports the interned nodes (gdlsc_dev_nodes) and each agent's
    observations and cells of K (gdlsc_dev_cells), forgets them all when a game is loaded
    and before each report (knowledge_reset/0 and its hook memo_reset/0), and holds the
    GDL-III hooks that evaluate `knows` in a game's rules over those cells (rule_knows/5,
    rule_common/4: the generated program calls them by this module's name).

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
            rule_knows/5,           % ?Role, ?P, -SK, :Goal, +State
            rule_common/4,          % ?P, -SK, :Goal, +State
            network_path/3          % +JointMoves, +Knowledge, -Sit
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- reexport(gdlsc_dev_nodes, except([nodes_reset/0, state_node/2])).
:- reexport(gdlsc_dev_cells, except([cells_reset/0, common_/2])).
:- use_module(gdlsc_dev_nodes, [nodes_reset/0, state_node/2]).
:- use_module(gdlsc_dev_cells, [cells_reset/0, common_/2]).
:- use_module(gdlsc_game).

%!  developments_reset is det.
%
%   Forgets every interned development, observation and memoised cell; run
%   when another game is loaded into the module `game` (on_game_loaded).
developments_reset :-
    nodes_reset,
    cells_reset,
    retractall(knows_memo_(_, _, _, _)),
    retractall(network_node_(_)),
    retractall(network_knows_(_, _)).

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
