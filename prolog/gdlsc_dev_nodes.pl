/*  gdlsc_dev_nodes -- developments as interned nodes (tier 2 of gdlsc_infoset and
    gdlsc_knows; gdlsc_developments is the entry): every development is a node (parent,
    joint move, state), made on demand. In a GDL-III game (the fact game:epistemic) a node's
    state carries the marker 'gdlsc world'(Id) of its node (kept in standard order, so
    ord_memberchk still works; the generated rules never enumerate it), so every evaluation
    of a rule at the node sees which development it is in (gdlsc_developments' rule_knows/5).
*/
:- module(gdlsc_dev_nodes,
          [ nodes_reset/0,
            check_agent/1,          % ?Role
            role_position/2,        % +Role, -Index
            root_node/1,            % -Id
            sit_node/2,             % +Sit, -Id
            node_/4,                % ?Id, ?Parent, ?JointMove, ?State
            node_child/4,           % +Parent, +JointMove, +State, -Id
            level_children/2,       % +Ids, -Children
            node_sit/2,             % +Id, -Sit
            node_moves/2,           % +Id, -JointMoves
            joint_move_legal/2,     % +State, +JointMove
            epistemic_game/0,
            plain_state/2,          % +State, -Fluents
            state_node/2,           % +State, -Id
            dev_init_state/1,       % -State
            dev_next_state/3        % +JointMove, +State, -State1
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(gdlsc_game).

:- dynamic
    node_/4,          % node_(Id, Parent, JointMove, State)
    child_/4.         % child_(Hash, Parent, JointMove, Id): Hash of Parent-JointMove
                      % (a node may have thousands of children: the index is the hash)

%!  nodes_reset is det.
%   Forgets every node (gdlsc_developments:developments_reset/0).
nodes_reset :-
    retractall(node_(_, _, _, _)),
    retractall(child_(_, _, _, _)),
    flag(gdlsc_knowledge_node, _, 1).

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


%   state_node(+State, -Id): the node whose marked state State is (GDL-III).
state_node(S, Id) :-
    (   memberchk('gdlsc world'(Id0), S)
    ->  Id = Id0
    ;   throw(error(gdlsc_error(knows_without_development),
                    context(rule_knows/5, 'knows in a rule evaluated outside a development')))
    ).

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
