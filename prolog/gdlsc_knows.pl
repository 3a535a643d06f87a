/*  gdlsc_knows -- the knowledge operators of the query language:
    (knows R F), (common F) and (kwhether R F) at a development, over the
    information sets of gdlsc_infoset and the cells of gdlsc_developments.
    gdlsc_formula:eval/2 reaches them through its declared hook
    gdlsc_formula:knowledge_hook/1, defined here.
*/
:- module(gdlsc_knows,
          [ eval_knows/3,           % +Role, :Formula, +Sit
            eval_common/2,          % :Formula, +Sit
            eval_kwhether/3,        % +Role, :Formula, +Sit
            holds_at/2,             % :Formula, +NodeId
            free_variables/2        % +Formula, -Vars
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game).
:- use_module(gdlsc_developments).
:- use_module(gdlsc_infoset, [obs_entries/3]).
:- use_module(gdlsc_formula, [eval/2, memberchk_eq/2, state_formula/2]).

%   The knowledge operators of the query language (gdlsc_formula:eval/2).
:- multifile gdlsc_formula:knowledge_hook/1.
gdlsc_formula:knowledge_hook(eval_knows(R, F, Sit)) :- eval_knows(R, F, Sit).
gdlsc_formula:knowledge_hook(eval_common(F, Sit)) :- eval_common(F, Sit).
gdlsc_formula:knowledge_hook(eval_kwhether(R, F, Sit)) :- eval_kwhether(R, F, Sit).

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
        state_formula(closed, F)
    ->  knows_by_states(R, F, Sit)
    ;   sit_node(Sit, Id),
        node_cell(R, Id, Ids),
        holds_everywhere(F, Id, Ids)
    ).

%   knows_by_states(+R, +F, +Sit): eval_knows/3 for a formula about the final
%   state only (gdlsc_formula:state_formula(closed, F)): it holds in every development of R's
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

