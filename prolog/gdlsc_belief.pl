/*  gdlsc_belief -- a role's degree of belief in a formula about the state:
    the probability that it holds over the role's information set, with
    random (and every other role) moving uniformly (the weights of
    gdlsc_infoset:infoset_states/3).
*/
:- module(gdlsc_belief,
          [ belief/5,               % +Role, +Sit, :Formula, -Prob, -NumDevs
            belief_report/7         % +Role, +Sit, +Formula, -Num, -Den, -Decimal, -NumDevs
          ]).
:- encoding(utf8).
:- use_module(library(apply)).
:- use_module(gdlsc_developments, [knowledge_reset/0]).
:- use_module(gdlsc_infoset, [infoset_states/3]).
:- use_module(gdlsc_formula, [eval/2, state_formula/2]).

add_devs_weight(e(_, N, W, _), n(A0, B0), n(A, B)) :-
    A is A0 + N,
    B is B0 + W.


%!  belief(+Role, +Sit, :Formula, -Prob, -NumDevs) is det.
%
%   The probability (an exact rational) that Formula holds as far as Role
%   knows at Sit: the weights of infoset_states/3 normalised over the
%   information set.  Formula is about the final state (true, legal,
%   terminal, goal, derived fluents, connectives, quantifiers:
%   gdlsc_formula:state_formula(open, Formula)); free variables are read
%   existentially.
%   @error gdlsc_error(belief_formula(F)) if Formula mentions does, sees or knowledge.
belief(R, Sit, F, Prob, NumDevs) :-
    (   state_formula(open, F)
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

%!  belief_report(+Role, +Sit, +Formula, -Num:atom, -Den:atom, -Decimal:atom, -NumDevs:atom) is det.
belief_report(R, Sit, F, NumA, DenA, DecA, NDevA) :-
    knowledge_reset,
    belief(R, Sit, F, P, NDev),
    rational(P, Num, Den),
    atom_number(NumA, Num),
    atom_number(DenA, Den),
    format(atom(DecA), "~15f", [P]),
    atom_number(NDevA, NDev).

