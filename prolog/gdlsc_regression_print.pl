/*  gdlsc_regression_print -- a regressed formula as text, in the notation of
    `translate --format text` (Holds(F, s0), Legal(r, m, s0)), one connective
    per line when it is long: the proof `gdlsc regress` prints.
*/
:- module(gdlsc_regression_print,
          [ regression_text/3       % +Regressed, +VarNames, -Text
          ]).
:- encoding(utf8).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

% ---------------------------------------------------------------------------
% Printing (the notation of `translate --format text`: Holds(F, s0), Legal(r, m, s0))

%!  regression_text(+Regressed, +VarNames:list, -Text:string) is det.
%   Renders a regressed formula, one connective per line when it is long.
%   VarNames is a list Name=Var for the query's free variables; other variables
%   are named X1, X2, ... and the moves of the knowledge axiom after their role.
regression_text(F, Names, Text) :-
    nb_setval(gdlsc_move_counter, 0),
    copy_term(F-Names, F1-Names1),
    maplist(name_var, Names1),
    name_moves(F1),
    term_variables(F1, Vs),
    foldl(number_var, Vs, 0, _),
    with_output_to(string(Text), pp(F1, 0)).

name_var(N=V) :- ( var(V) -> V = '$VAR'(N) ; true ).

number_var(V, I0, I) :- I is I0 + 1, format(atom(N), 'X~w', [I]), V = '$VAR'(N).

name_moves(F) :- var(F), !.
name_moves(kall(RVs, G, B)) :- !,
    maplist(name_move, RVs),
    name_moves(G), name_moves(B).
name_moves(F) :- compound(F), !, F =.. [_|As], maplist(name_moves, As).
name_moves(_).

name_move(R-V) :- ( var(V) -> nb_move_name(R, N), V = '$VAR'(N) ; true ).

nb_move_name(R, N) :-
    (   nb_current(gdlsc_move_counter, C0) -> true ; C0 = 0 ),
    C is C0 + 1, nb_setval(gdlsc_move_counter, C),
    upcase_first(R, RU),
    format(atom(N), 'M~w_~w', [C, RU]).

upcase_first(R, RU) :-
    format(atom(A), '~w', [R]),
    (   sub_atom(A, 0, 1, _, F) -> sub_atom(A, 1, _, 0, Rest), upcase_atom(F, FU), atom_concat(FU, Rest, RU)
    ;   RU = A
    ).

pp(F, Ind) :-
    inline(F, S),
    string_length(S, L),
    (   L + Ind =< 100 -> write(S)
    ;   pp_long(F, Ind, S)
    ).

pp_long(and(Fs), Ind, _) :- !, pp_list(Fs, Ind, "∧").
pp_long(or(Fs), Ind, _) :- !, pp_list(Fs, Ind, "∨").
pp_long(not(F), Ind, _) :- !, write("¬("), I1 is Ind + 2, pp(F, I1), write(")").
pp_long(exists(Vs, F), Ind, _) :- !,
    vars_text(Vs, VT), format("∃~w.~n", [VT]), I1 is Ind + 2, tab(I1), pp(F, I1).
pp_long(within(_, _, F), Ind, S) :- !, pp_long(F, Ind, S).
pp_long(forall(Vs, _, F), Ind, _) :- !,
    vars_text(Vs, VT), format("∀~w.~n", [VT]), I1 is Ind + 2, tab(I1), pp(F, I1).
pp_long(kall(RVs, G, B), Ind, _) :- !,
    pairs_values(RVs, Vs), vars_text(Vs, VT),
    I1 is Ind + 2,
    format("∀~w. (~n", [VT]), tab(I1), pp(G, I1), nl,
    tab(Ind), write("⊃ "), pp(B, I1), write(")").
pp_long(percepts(P, F, Pi), Ind, _) :- !,
    format("{~w |~n", [P]), I1 is Ind + 2, tab(I1), pp(F, I1),
    set_text(Pi, PT), format("} = ~w", [PT]).
pp_long(_, _, S) :- write(S).

pp_list([F|Fs], Ind, Op) :-
    write("("), I1 is Ind + 2, pp(F, I1),
    forall(member(G, Fs), ( nl, tab(Ind), format("~w ", [Op]), pp(G, I1) )),
    write(")").

vars_text(Vs, T) :- with_output_to(string(T), print_list(Vs, ",")).

inline(F, S) :- with_output_to(string(S), il(F)).

il(F) :- var(F), !, t(F).
il(true) :- !, write("⊤").
il(false) :- !, write("⊥").
il(holds(F)) :- !, write("Holds("), t(F), write(", s0)").
il(fluent(P, Args)) :- !, cap(P, CP), app(CP, Args, s0).
il(static(P, Args)) :- !, app(P, Args, none).
il(later(P, Args, Sit)) :- !, cap(P, CP), app(CP, Args, sit(Sit)).
il(eq(X, Y)) :- !, t(X), write(" = "), t(Y).
il(neq(X, Y)) :- !, t(X), write(" ≠ "), t(Y).
il(not(F)) :- !, write("¬"), il_paren(F).
il(and(Fs)) :- !, il_join(Fs, " ∧ ").
il(or(Fs)) :- !, il_join(Fs, " ∨ ").
il(exists(Vs, F)) :- !, write("∃"), print_list(Vs, ","), write(". "), il_paren(F).
il(within(_, _, F)) :- !, il(F).
il(forall(Vs, _, F)) :- !, write("∀"), print_list(Vs, ","), write(". "), il_paren(F).
il(kall(RVs, G, B)) :- !,
    pairs_values(RVs, Vs), write("∀"), print_list(Vs, ","), write(". ("),
    il(G), write(" ⊃ "), il(B), write(")").
il(percepts(P, F, Pi)) :- !,
    write("{"), t(P), write(" | "), il(F), write("} = "), set_text(Pi, T), write(T).
il(F) :- t(F).

il_paren(F) :-
    (   F = kall(_, _, _) -> write("("), il(F), write(")") ; il(F) ).

il_join([F|Fs], Op) :-
    write("("), il_paren(F), forall(member(G, Fs), ( write(Op), il_paren(G) )), write(")").

cap(terminal, 'Terminal') :- !.
cap(legal, 'Legal') :- !.
cap(goal, 'Goal') :- !.
cap(P, P).

app(P, Args, Sit) :-
    write(P),
    (   Args == [], Sit == none -> true
    ;   write("("), print_list(Args, ", "),
        (   Sit == none -> true
        ;   ( Args == [] -> true ; write(", ") ),
            (   Sit = sit(S) -> t(S) ; write(Sit) )
        ),
        write(")")
    ).

set_text(Pi, T) :-
    (   is_list(Pi) -> with_output_to(string(B), print_list(Pi, ", ")), format(string(T), "{~w}", [B])
    ;   with_output_to(string(T), t(Pi))
    ).

print_list([], _).
print_list([X|Xs], Sep) :- t(X), forall(member(Y, Xs), ( write(Sep), t(Y) )).

%   Terms as in `translate --format text`: f(a, b), joint moves ⟨m1, m2⟩,
%   situations Do(A, S); variables were bound to '$VAR'(Name) before.
t('$VAR'(N)) :- !, write(N).
t(X) :- var(X), !, write('_').
t(X) :- atomic(X), !, write(X).
t(do(A, S)) :- !, write("Do("), t(A), write(", "), t(S), write(")").
t(X) :- compound_name_arguments(X, a, Args), Args \== [], !,
    write("⟨"), print_list(Args, ", "), write("⟩").
t(X) :- compound_name_arguments(X, F, Args), write(F), write("("), print_list(Args, ", "), write(")").
