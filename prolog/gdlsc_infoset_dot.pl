/*  gdlsc_infoset_dot -- a role's information set drawn in Graphviz: the tree
    of its developments (gdlsc_developments), for `gdlsc infoset --dot`.
*/
:- module(gdlsc_infoset_dot,
          [ infoset_dot/4           % +Role, +Sit, +Full, -DotString
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).

%   ---- Graphviz ------------------------------------------------------------

%!  infoset_dot(+Role, +Sit, +Full, -Dot) is det.
%
%   Dot (a string) draws Role's information set at Sit: the developments as
%   a graph of their states, one node per distinct state at each depth (the
%   developments that pass through equal states share the node), edges
%   labelled with the joint moves and Role's percepts (one edge per distinct
%   label); the actual development is drawn bold, the final states of the
%   set filled. A node lists the fluents that differ from the actual state at
%   its depth (+f: true here only, -f: true in the actual state only); with
%   Full = true every fluent.
%   @error gdlsc_error(too_large(N)) above 300 developments (the caller
%   checks the size first and reports the bound).
infoset_dot(R, Sit, Full, Dot) :-
    check_agent(R),
    sit_node(Sit, Id),
    node_cell(R, Id, Ids),
    length(Ids, N),
    (   N > 300
    ->  throw(error(gdlsc_error(too_large(N)),
                    context(infoset_dot/4, 'information set too large to draw (more than 300 developments)')))
    ;   true
    ),
    findall(A, ( member(L, Ids), node_ancestor(L, A) ), As0),
    sort(As0, Nodes),
    findall(Ac, node_ancestor(Id, Ac), Actual),
    % one key per (depth, state); the actual state at each depth
    findall(X-(D-S), ( member(X, Nodes), node_depth(X, D), node_(X, _, _, S0), plain_state(S0, S1), msort(S1, S) ), Keyed),
    findall(D-S, ( member(X, Actual), memberchk(X-(D-S), Keyed) ), ActualStates),
    findall(K, member(_-K, Keyed), Ks0), sort(Ks0, Keys),
    findall(K, ( member(X, Ids), memberchk(X-K, Keyed) ), Finals0), sort(Finals0, Finals),
    findall(K, ( member(X, Actual), memberchk(X-K, Keyed) ), ActualKeys0), sort(ActualKeys0, ActualKeys),
    role_position(R, I),
    findall(edge(PK, K, Label, Bold),
            ( member(X-K, Keyed), X \== 0, node_(X, P, _, _), memberchk(P-PK, Keyed),
              edge_label(R, I, X, Label),
              ( memberchk(X, Actual) -> Bold = true ; Bold = false ) ),
            Edges0),
    sort(Edges0, Edges1),
    exclude(plain_twin(Edges1), Edges1, Edges),    % an edge drawn bold and plain: bold only
    length(Keys, NK),
    with_output_to(string(Dot),
                   ( format("digraph infoset {~n  rankdir=LR;~n  node [shape=box, fontsize=10];~n"),
                     format("  label=\"information set of ~w: ~d developments, ~d distinct states on the way\";~n", [R, N, NK]),
                     forall(nth0(K0, Keys, K), dot_node(K0, K, Finals, ActualKeys, ActualStates, Full)),
                     forall(member(edge(PK, K, Label, Bold), Edges), dot_edge(Keys, PK, K, Label, Bold)),
                     format("}~n") )).

plain_twin(Edges, edge(PK, K, L, false)) :-
    memberchk(edge(PK, K, L, true), Edges).

node_ancestor(Id, Id).
node_ancestor(Id, A) :-
    Id \== 0,
    node_(Id, P, _, _),
    node_ancestor(P, A).

node_depth(0, 0) :- !.
node_depth(X, D) :-
    node_(X, P, _, _),
    node_depth(P, D0),
    D is D0 + 1.

dot_node(K0, D-S, Finals, ActualKeys, ActualStates, Full) :-
    (   Full == true
    ->  maplist(kif_text, S, Ts)
    ;   memberchk(D-AS, ActualStates),
        (   S == AS
        ->  Ts = ['(the actual state)']
        ;   subtract(S, AS, Plus), subtract(AS, S, Minus),
            maplist(signed_text('+'), Plus, PTs),
            maplist(signed_text('-'), Minus, MTs),
            append(PTs, MTs, Ts)
        )
    ),
    format(atom(Head), "step ~d", [D]),
    atomic_list_concat([Head|Ts], '\\n', Label0),
    dot_escape(Label0, Label),
    (   memberchk(D-S, Finals) -> Shape = ", style=filled, fillcolor=lightyellow" ; Shape = "" ),
    (   memberchk(D-S, ActualKeys) -> Pen = ", penwidth=2" ; Pen = "" ),
    format("  n~d [label=\"~w\"~w~w];~n", [K0, Label, Shape, Pen]).

signed_text(Sign, F, Text) :-
    kif_text(F, T),
    atom_concat(Sign, T, Text).

edge_label(R, I, X, L) :-
    node_(X, P, A, _),
    node_(P, _, _, PS),
    percepts(R, A, PS, Ps),
    arg(I, A, _),
    A =.. [_|Ms],
    maplist(kif_text, Ms, MTs), atomic_list_concat(MTs, ' ', MText),
    maplist(kif_text, Ps, PTs), atomic_list_concat(PTs, ' ', PText),
    format(string(L0), "(~w)\\n~w sees (~w)", [MText, R, PText]),
    dot_escape(L0, L).

dot_edge(Keys, PK, K, L, Bold) :-
    nth0(P0, Keys, PK), !,
    nth0(K0, Keys, K), !,
    (   Bold == true -> Pen = ", penwidth=2" ; Pen = "" ),
    format("  n~d -> n~d [label=\"~w\", fontsize=9~w];~n", [P0, K0, L, Pen]).

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

