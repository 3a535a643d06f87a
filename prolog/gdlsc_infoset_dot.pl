/*  gdlsc_infoset_dot -- a role's information set drawn in Graphviz: the tree
    of its developments (gdlsc_developments), for `gdlsc infoset --dot`.
*/
:- module(gdlsc_infoset_dot,
          [ infoset_dot/3           % +Role, +Sit, -DotString
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).

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

