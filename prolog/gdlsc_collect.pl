/*  gdlsc_collect: set-at-a-time collectors over the slot copy, for random playouts
    (doc/engines.md, "Collectors"; doc/benchmarks.md).

    A playout asks two questions of a state in "all answers" form: every next fluent, and
    every legal move of a role. Asked as findall/3 over the copy's rules, each answer costs a
    choice point, a backtrack into member/2 and a copy into the findall bag (about 0.2 us in
    SWI-Prolog 9.0.4: two thirds of a tic-tac-toe `next`). A collector answers the same
    question with deterministic code: it threads an accumulator through the clauses, turns
    every enumeration of the state (member/2 over L) into a loop predicate that visits each
    fluent once, and every goal that binds nothing the rest of the clause reads into a test
    (Goal -> Rest ; skip). The answers are the same set (order and duplicates differ; the
    callers sort).

    The compilation follows a two-valued binding analysis of each clause (a variable is
    ground or still free; GDL rules give ground answers), which decides the emitted mode
    switches of `game` ((nonvar(X), ground(X) -> Then ; Else)) statically. What it does not
    know (a goal whose bindings it cannot tell, an unknown construct) it leaves to findall/4
    over the rest of the clause, so a collector is never wrong, only slower there. Goals of
    static relations (module `game`) whose arguments are all still free are evaluated once,
    when the collector is made, into a constant list of answers.

    The test tests/feature/simulate/playout_slots_test.cpp plays every corpus game with and
    without the slot copy (and so with and without collectors) and requires the same
    matches; a clause dropped from the copy reaches the collectors (the test seam
    drop_copy_clause/2 of tests/support/gdlsc_slots_testing.pl makes them again) and is caught there.
*/
:- module(gdlsc_collect,
          [ make_collector/4,     % +Copy, +Arity, +OutPos, +Collector
            make_test/3,          % +Copy, +Arity, +Test
            forget_collectors/0,
            keep_call_order/1,    % +Copy: calls of Copy are never moved
            forget_call_orders/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

%!  make_collector(+Copy:atom, +Arity:integer, +OutPos:integer, +Collector:atom) is det.
%   Copy/Arity is a predicate of gdlsc_pcopy whose last two arguments are the slot state
%   (L, T). Defines Collector(In..., L, T, Acc0, Acc) in gdlsc_pcopy: In... the arguments of
%   Copy other than OutPos and the state (ground when called); Acc is Acc0 with every Out
%   such that Copy(..., Out, ..., L, T) holds put in front (a set up to order and
%   repetition). Replaces an earlier definition of Collector.
make_collector(Copy, Arity, OutPos, Collector) :-
    CA is Arity + 1,
    abolish_collector(Collector/CA),
    NA is Arity - 2,
    numlist(1, NA, Ps),
    maplist(out_at(OutPos), Ps, Mode),
    define_collector(Copy, Arity, Mode, single, Collector).

out_at(P, P, f) :- !.
out_at(_, _, b).

% define_collector(+Copy, +Arity, +Mode, +Kind, +Name): Name(In..., L, T, Acc0, Acc), In
% the arguments of Copy at the b positions of Mode; each answer put in front of Acc0 is the
% argument at the one f position (Kind = single) or v(Args...) of those at every f position
% (Kind = tuple).
define_collector(Copy, Arity, Mode, Kind, Name) :-
    include(==(b), Mode, Bs),
    length(Bs, NIn),
    CA is NIn + 4,
    dynamic(gdlsc_pcopy:Name/CA),
    functor(CH0, Copy, Arity),
    findall(CH0-B, clause(gdlsc_pcopy:CH0, B), Clauses),
    length(Ins, NIn),
    append(Ins, [L, T, Acc0, Acc], CArgs),
    Head =.. [Name|CArgs],
    clauses_code(Clauses, Mode, Kind, Ins, ctx(L, T), Acc0, Acc, Body),
    assertz(gdlsc_pcopy:(Head :- Body)).

abolish_collector(Collector/A) :-
    (   current_predicate(gdlsc_pcopy:Collector/A)
    ->  abolish(gdlsc_pcopy:Collector/A)
    ;   true
    ).

% made_version(Kind, Copy, Mode, Name): Name is the version of the copied state predicate
% Copy for the call mode Mode (a list of b, an argument ground when called, or f, a fresh
% variable): Kind = answers, its collector (answers v(Args...) at the f positions), or
% test, its test version (the f arguments are not read by the caller).
:- dynamic made_version/4.

% version(+Kind, +Copy, +Arity, +Mode, -Name): that version, made once (the memo is entered
% before the version is compiled, so a call of itself refers to it).
version(Kind, Copy, Arity, Mode, Name) :-
    (   made_version(Kind, Copy, Mode, Name0)
    ->  Name = Name0
    ;   new_aux_name(Name),
        assertz(made_version(Kind, Copy, Mode, Name)),
        (   Kind == answers
        ->  define_collector(Copy, Arity, Mode, tuple, Name)
        ;   define_test(Copy, Arity, Mode, Name)
        )
    ).

clauses_code([], _, _, _, _, Acc, Acc, true).
clauses_code([H-B|Cs], Mode, Kind, Ins, Ctx, Acc0, Acc, (Code, Codes)) :-
    clause_code(H, B, Mode, Kind, Ins, Ctx, Acc0, Acc1, Code),
    clauses_code(Cs, Mode, Kind, Ins, Ctx, Acc1, Acc, Codes).

% One clause: the head's input arguments are the collector's (a variable is the same
% variable, a pattern becomes a unification goal), the output arguments the template.
clause_code(H, B, Mode, Kind, Ins, ctx(L, T), Acc0, Acc, Code) :-
    H =.. [_|HArgs],
    append(HArgs0, [HL, HT], HArgs),
    HL = L, HT = T,
    mode_split(Mode, HArgs0, HIn, HOut),
    (   Kind == single
    ->  HOut = [Tmpl]
    ;   Tmpl =.. [v|HOut]
    ),
    head_goals(HIn, Ins, Ins, Goals, [B]),
    term_variables(Ins-L-T, Gr),
    c(Goals, st(Gr, [], T, L), Tmpl, Acc0, Acc, Code).

mode_split([], [], [], []).
mode_split([b|Ms], [A|As], [A|Is], Os) :- !, mode_split(Ms, As, Is, Os).
mode_split([f|Ms], [A|As], Is, [A|Os]) :- mode_split(Ms, As, Is, Os).

head_goals([], [], _, G, G).
head_goals([A|As], [I|Is], Ins, G0, G) :-
    (   var(A), \+ memberchk_eq(A, Ins)
    ->  A = I, G0 = G1
    ;   G0 = [A = I|G1]
    ),
    head_goals(As, Is, Ins, G1, G).

% c(+Goals, +State, +Tmpl, ?Acc0, ?Acc, -Code): Code adds to Acc0 (giving Acc) every
% instance of Tmpl for which the conjunction Goals holds. State = st(Ground, Unknown, T, L):
% the variables known ground, those bound to something that may not be ground (an argument
% of the slot term T), the slot term and the state list. Every other variable is free.
c(Goals, S, Tmpl, Acc0, Acc, Code) :-
    flatten_goals(Goals, Flat),
    c1(Flat, S, Tmpl, Acc0, Acc, Code).

c1([], _, Tmpl, Acc0, Acc, Acc = [Tmpl|Acc0]).
c1([G0|Gs0], S, Tmpl, Acc0, Acc, Code) :-
    ready_test_first([G0|Gs0], S, Tmpl, [G|Gs]),
    (   goal_code(G, Gs, S, Tmpl, Acc0, Acc, Code0)
    ->  Code = Code0
    ;   fallback([G|Gs], Tmpl, Acc0, Acc, Code)
    ).

% The rest of a clause, as findall/4 over it: right whatever the goals are.
fallback(Gs, Tmpl, Acc0, Acc, findall(Tmpl, Conj, Acc, Acc0)) :-
    list_conj(Gs, Conj).

list_conj([], true).
list_conj([G], G) :- !.
list_conj([G|Gs], (G, C)) :- list_conj(Gs, C).

goal_code(G, Gs, _, Tmpl, Acc0, Acc, Code) :-
    var(G), !,
    fallback([call(G)|Gs], Tmpl, Acc0, Acc, Code).
goal_code(true, Gs, S, Tmpl, Acc0, Acc, Code) :- !,
    c(Gs, S, Tmpl, Acc0, Acc, Code).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, Code) :-
    lookup_goal(G, _), !,
    G = (C, (AG, NG)),                      % not flattened again: it would regroup
    goal_code(C, [AG, NG|Gs], S, Tmpl, Acc0, Acc, Code).
goal_code((A, B), Gs, S, Tmpl, Acc0, Acc, Code) :- !,
    c([A, B|Gs], S, Tmpl, Acc0, Acc, Code).
goal_code((C -> Th ; El), Gs, S, Tmpl, Acc0, Acc, Code) :-
    mode_test(C), !,
    mode_value(C, S, V),                    % fails when undecided: fallback
    (   V == true
    ->  c([Th|Gs], S, Tmpl, Acc0, Acc, Code)
    ;   c([El|Gs], S, Tmpl, Acc0, Acc, Code)
    ).
goal_code((C -> true), Gs, S, Tmpl, Acc0, Acc, ( C -> Code1 ; Acc = Acc0 )) :-
    grounding_call(C, S), !,
    bind_ground(C, S, S1),
    c(Gs, S1, Tmpl, Acc0, Acc, Code1).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, Code) :-
    mode_test(G), !,
    (   mode_value(G, S, V)
    ->  (   V == true
        ->  c(Gs, S, Tmpl, Acc0, Acc, Code)
        ;   Code = (Acc = Acc0)
        )
    ;   c(Gs, S, Tmpl, Acc0, Acc, Code1),
        Code = ( G -> Code1 ; Acc = Acc0 )
    ).
goal_code(\+ G, Gs, S, Tmpl, Acc0, Acc, ( \+ G1 -> Code1 ; Acc = Acc0 )) :- !,
    ground_test(G, S, G1),
    c(Gs, S, Tmpl, Acc0, Acc, Code1).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, ( G -> Code1 ; Acc = Acc0 )) :-
    non_binding(G), !,
    c(Gs, S, Tmpl, Acc0, Acc, Code1).
goal_code(arg(I, Term, P), Gs, S, Tmpl, Acc0, Acc, ( arg(I, Term, P) -> Code1 ; Acc = Acc0 )) :-
    S = st(_, _, T, _),
    ground_in(I, S), !,
    (   Term == T
    ->  unknown_vars(P, S, S1)             % an argument of the slot term: bound or not
    ;   ground_in(Term, S)
    ->  bind_ground(P, S, S1)
    ),
    c(Gs, S1, Tmpl, Acc0, Acc, Code1).
goal_code(lists:member(P, L0), Gs, S, Tmpl, Acc0, Acc, Code) :-
    S = st(_, _, _, L), L0 == L,
    \+ test_goal(lists:member(P, L0), Gs, Tmpl, S), !,
    no_unknown(P, S),
    loop_code(L, P, Gs, S, Tmpl, Acc0, Acc, Code).
goal_code(X = Y, Gs, S, Tmpl, Acc0, Acc, ( X = Y -> Code1 ; Acc = Acc0 )) :-
    ( ground_in(X, S) ; ground_in(Y, S) ), !,
    no_unknown(X-Y, S),
    bind_ground(X-Y, S, S1),
    c(Gs, S1, Tmpl, Acc0, Acc, Code1).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, ( G1 -> Code1 ; Acc = Acc0 )) :-
    test_goal(G, Gs, Tmpl, S), !,
    ground_test(G, S, G1),
    c(Gs, S, Tmpl, Acc0, Acc, Code1).
goal_code(game:G, Gs, S, Tmpl, Acc0, Acc, Code) :-
    static_plan(G, S, Plan), !,
    (   Plan = list(Answers, P)
    ->  loop_code(Answers, P, Gs, S, Tmpl, Acc0, Acc, Code)
    ;   Plan = lookup1(Lookup, P)
    ->  bind_ground(P, S, S1),
        c(Gs, S1, Tmpl, Acc0, Acc, Code1),
        Code = ( Lookup -> Code1 ; Acc = Acc0 )
    ;   Plan = lookup(Lookup, Sols, P),
        loop_code(Sols, P, Gs, S, Tmpl, Acc0, Acc, Code1),
        Code = ( Lookup -> Code1 ; Acc = Acc0 )
    ).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, (Call, Code)) :-
    state_call_answers(G, S, Call, Sols, P), !,
    loop_code(Sols, P, Gs, S, Tmpl, Acc0, Acc, Code).
goal_code(G, Gs, S, Tmpl, Acc0, Acc, (findall(P, G, Sols), Code)) :-
    generator_call(G, S), !,
    % A goal with answers to visit: its answers (ground, as GDL rules give them) are found
    % first, then visited by a loop.
    free_vars(G, S, Vs),
    P =.. [v|Vs],
    loop_code(Sols, P, Gs, S, Tmpl, Acc0, Acc, Code).

% --- static relations, evaluated once -----------------------------------------------------

% static_plan(+G, +S, -Plan): how a goal G of a static relation (module game) with free
% variables is visited: list(Answers, P), all its answers (P = v(Vars...)) when every
% variable is free; lookup(Lookup, Sols, P) when some are bound: Lookup finds the answers
% for the bound variables in a table made once (static_group_table/5), and the loop over
% them matches P; lookup1(Lookup, P) when the relation is a function of the bound variables
% (one answer, no loop). Fails (the goal then runs where it stands) when the relation has
% too many answers.
static_plan(G, S, Plan) :-
    no_unknown(G, S),
    term_variables(G, Vs),
    partition(bound_var(S), Vs, Bound, Free),
    Free \== [],
    P =.. [v|Vs],
    (   Bound == []
    ->  static_list_limit(Max),
        static_answers(P, game:G, Max, Answers),
        Plan = list(Answers, P)
    ;   static_group_table(G, Bound, P, Table, Kind),
        (   Bound = [K]
        ->  Hash = true
        ;   KT =.. [k|Bound],
            Hash = term_hash(KT, K)
        ),
        (   Kind == function
        ->  TL =.. [Table, K, P]
        ;   TL =.. [Table, K, Sols]
        ),
        Lookup = ( Hash, TL ),
        (   Kind == function
        ->  Plan = lookup1(Lookup, P)
        ;   Plan = lookup(Lookup, Sols, P)
        )
    ).

% Answers of static goals longer than this are not embedded in a clause (a constant list).
static_list_limit(4096).
% Tables of static relations (answers in all) larger than this are not made.
static_table_limit(16384).

% static_table(Key, Table): tables made for this copy (forget_collectors/0 drops them).
:- dynamic static_table/2.

% The table's key is the one bound variable, or the hash of them all (term_hash(k(B...)));
% the loop's match of P filters what a hash collision brings. Kind = function when each key
% has one answer: the table is then Table(K, Answer).
static_group_table(G, Bound, P, Table, Kind) :-
    copy_term(t(G, Bound, P), Key),
    (   static_table(Key0, Table0-Kind0), Key0 =@= Key
    ->  Table = Table0, Kind = Kind0
    ;   static_table_limit(Max),
        static_answers(Bound-P, game:G, Max, Pairs1),
        maplist(table_key, Pairs1, Pairs0),
        sort(Pairs0, Pairs),
        group_pairs_by_key(Pairs, Groups),
        new_aux_name(Table),
        dynamic(gdlsc_pcopy:Table/2),
        (   forall(member(_-As, Groups), As = [_])
        ->  Kind = function,
            forall(member(KV-[Answer], Groups),
                   ( TF =.. [Table, KV, Answer], assertz(gdlsc_pcopy:TF) ))
        ;   Kind = relation,
            forall(member(KV-Answers, Groups),
                   ( TF =.. [Table, KV, Answers], assertz(gdlsc_pcopy:TF) ))
        ),
        assertz(static_table(Key, Table-Kind))
    ).

% static_test(+G, -Test): Test holds exactly when the ground goal game:G does, read from a
% table of the relation's answers made once (indexed on the hash of the arguments).
static_test(G, Test) :-
    compound(G),
    compound_name_arity(G, N, A),
    (   static_table(test(N/A), Table0)
    ->  Table = Table0
    ;   functor(G0, N, A),
        G0 =.. [_|Args0],
        P0 =.. [v|Args0],
        static_table_limit(Max),
        static_answers(P0, game:G0, Max, Answers0),
        sort(Answers0, Answers),
        forall(member(X, Answers), ground(X)),
        new_aux_name(Table),
        A1 is A + 1,
        dynamic(gdlsc_pcopy:Table/A1),
        forall(member(X, Answers),
               ( term_hash(X, H), X =.. [_|XArgs], TF =.. [Table, H|XArgs],
                 assertz(gdlsc_pcopy:TF) )),
        assertz(static_table(test(N/A), Table))
    ),
    G =.. [_|Args],
    P =.. [v|Args],
    TG =.. [Table, H1|Args],
    Test = ( term_hash(P, H1), TG ).

table_key([K]-P, K-P) :- !.
table_key(Bound-P, H-P) :- KT =.. [k|Bound], term_hash(KT, H).

% At most Max answers (else fails), found within two million inferences. (The derivation
% runs with signals blocked, gdlsc_slots:slot_copy/1: limit/2's nb_setarg/3 lost a time
% limit delivered inside it in SWI-Prolog 9.0.4.)
static_answers(P, G, Max, Answers) :-
    Max1 is Max + 1,
    catch(call_with_inference_limit(findall(P, limit(Max1, G), Answers), 2000000, R), _, fail),
    R \== inference_limit_exceeded,
    length(Answers, N),
    N =< Max.

% ground_test(+G, +S, -G1): G1 is G, or a faster goal that holds exactly when G does for
% a goal G whose bindings nobody reads: a test version of a copied state predicate, or the
% table of a static relation.
ground_test(game:G, S, Test) :-
    ground_in(G, S),
    static_test(G, Test0), !,
    Test = Test0.
ground_test(G, S, G1) :-
    state_call_test(G, S, G1).

% loop_code(+List, +P, +Gs, +S, +Tmpl, ?Acc0, ?Acc, -Code): a loop predicate over List
% (a variable bound at run time, or a constant list) that, for each element matching P,
% adds the answers of Gs. Its clauses get fresh copies of the variables the loop binds;
% the bound ones are passed.
loop_code(List, P, Gs, S, Tmpl, Acc0, Acc, Code) :-
    S = st(Gr, Un, T, L),
    term_variables(P-Gs-Tmpl, Vs),
    include(bound_var(S), Vs, Outer),
    new_aux_name(Loop),
    length(Outer, NO),
    LA is NO + 3,
    dynamic(gdlsc_pcopy:Loop/LA),
    % the empty list
    append([[]|Outer], [A, A], EArgs), EH =.. [Loop|EArgs],
    assertz(gdlsc_pcopy:EH),
    % one element
    copy_term(t(Outer, P, Gs, Tmpl, Gr, Un, T, L), t(Outer2, P2, Gs2, Tmpl2, Gr2, Un2, T2, L2)),
    bind_ground(P2, st(Gr2, Un2, T2, L2), S2),
    c(Gs2, S2, Tmpl2, B0, B1, Code10),
    reuse_element(Code10, P2, E, Code1),
    append([[E|Es]|Outer2], [B0, B], NArgs), NH =.. [Loop|NArgs],
    append([Es|Outer2], [B1, B], RArgs), RG =.. [Loop|RArgs],
    assertz(gdlsc_pcopy:(NH :- ( E = P2 -> Code1 ; B1 = B0 ), RG)),
    append([List|Outer], [Acc0, Acc], CArgs),
    Code =.. [Loop|CArgs].

% reuse_element(+Code0, +P, +E, -Code): Code0, run after E = P, with each term identical to
% P (a compound) replaced by E: a frame rule puts the state's own pair into the next state
% instead of building a copy of it.
reuse_element(Code, P, _, Code) :- \+ compound(P), !.
reuse_element(X, _, _, X) :- var(X), !.
reuse_element(X, P, E, E) :- X == P, !.
reuse_element(X, P, E, Y) :-
    compound(X), !,
    compound_name_arguments(X, N, As),
    maplist(reuse_in(P, E), As, Bs),
    compound_name_arguments(Y, N, Bs).
reuse_element(X, _, _, X).

reuse_in(P, E, X, Y) :- reuse_element(X, P, E, Y).

new_aux_name(Name) :-
    flag(gdlsc_collect_aux, K, K + 1),
    format(atom(Name), '$c~w', [K]).

% --- the binding analysis --------------------------------------------------------------

ground_var(V, st(Gr, _, _, _)) :- memberchk_eq(V, Gr).
bound_var(S, V) :- ground_var(V, S), !.
bound_var(st(_, Un, _, _), V) :- memberchk_eq(V, Un).

ground_in(X, S) :- term_variables(X, Vs), forall(member(V, Vs), ground_var(V, S)).

free_vars(X, S, Fs) :- term_variables(X, Vs), exclude(bound_var(S), Vs, Fs).

no_unknown(X, st(_, Un, _, _)) :-
    term_variables(X, Vs),
    \+ ( member(V, Vs), memberchk_eq(V, Un) ).

bind_ground(X, st(Gr, Un, T, L), st(Gr1, Un, T, L)) :-
    term_variables(X, Vs),
    exclude(in_list(Gr), Vs, New),
    append(New, Gr, Gr1).

unknown_vars(X, st(Gr, Un, T, L), st(Gr, Un1, T, L)) :-
    term_variables(X, Vs),
    append(Vs, Un, Un1).

in_list(L, V) :- memberchk_eq(V, L).

memberchk_eq(X, [Y|Ys]) :- ( X == Y -> true ; memberchk_eq(X, Ys) ).

% mode_test(G): the emitted mode switch conditions (nonvar/ground conjunctions).
mode_test((A, B)) :- !, mode_test(A), mode_test(B).
mode_test(nonvar(_)).
mode_test(ground(_)).

% mode_value(+G, +S, -V): the value of a mode test known from the analysis; fails when it
% depends on a variable of unknown binding.
mode_value((A, B), S, V) :- !,
    mode_value(A, S, VA),
    (   VA == false
    ->  V = false
    ;   mode_value(B, S, V)
    ).
mode_value(nonvar(X), S, V) :- !,
    (   nonvar(X) -> V = true
    ;   ground_var(X, S) -> V = true
    ;   bound_var(S, X) -> fail
    ;   V = false
    ).
mode_value(ground(X), S, V) :-
    term_variables(X, Vs),
    (   forall(member(Y, Vs), ground_var(Y, S)) -> V = true
    ;   member(Y, Vs), \+ bound_var(S, Y) -> V = false
    ;   fail
    ).

% Goals that never bind a variable.
non_binding(\+ _).
non_binding(_ \== _).
non_binding(_ == _).

% grounding_call(C, S): a call whose answers are ground (a slot fact, a predicate of the
% copy or of the game) and that reads no variable of unknown binding.
grounding_call(C, S) :- callable_call(C), no_unknown(C, S).

callable_call(game:_) :- !.
callable_call(M:_) :- !, M == gdlsc_pcopy.
callable_call(G) :- callable(G), functor(G, N, _), ( sub_atom(N, 0, _, _, '$p:') ; sub_atom(N, 0, _, _, '$f:') ), !.

generator_call(G, S) :-
    grounding_call(G, S).

% test_goal(G, Gs, Tmpl, S): G binds nothing that the rest (Gs, Tmpl) reads, so committing
% to its first proof keeps the set of answers. Only goals the analysis understands.
test_goal(G, Gs, Tmpl, S) :-
    test_shape(G),
    term_variables(G, GVs),
    term_variables(Gs-Tmpl, RVs),
    forall(( member(V, GVs), memberchk_eq(V, RVs) ), ground_var(V, S)),
    no_unknown(G, S).

test_shape((_ ; _)).
test_shape(\+ _).
test_shape(lists:member(_, _)).
test_shape(ordsets:ord_memberchk(_, _)).
test_shape(lists:memberchk(_, _)).
test_shape(G) :- callable_call(G).

% --- tests: "does some proof exist" ----------------------------------------------------

% test_loop(Name): Name is a loop of a test over a list (test_loop_code/5).
:- dynamic test_loop/1.

%!  forget_collectors is det.
%   Forgets the test versions made so far (their predicates go with the copy).
forget_collectors :-
    retractall(made_version(_, _, _, _)),
    retractall(test_loop(_)),
    retractall(static_table(_, _)).

%!  make_test(+Copy:atom, +Arity:integer, +Test:atom) is det.
%   Defines Test(L, T) in gdlsc_pcopy: true when Copy(L, T) (a copied state predicate of
%   no arguments but the state, like terminal) has a proof, found by deterministic loops
%   over the state and by the test versions of the state predicates it calls.
make_test(Copy, 2, Test) :-
    abolish_collector(Test/2),
    dynamic(gdlsc_pcopy:Test/2),
    version(test, Copy, 2, [], Name),
    TH =.. [Test, L, T],
    TB =.. [Name, L, T],
    assertz(gdlsc_pcopy:(TH :- TB)).
make_test(Copy, Arity, _) :-
    Arity =\= 2,
    throw(error(domain_error(state_test_arity, Copy/Arity), _)).

% define_test(+Copy, +Arity, +Mode, +Name): Name(In..., L, T), the test version of Copy.
define_test(Copy, Arity, Mode, Name) :-
    include(==(b), Mode, Bs),
    length(Bs, NIn),
    TA is NIn + 2,
    dynamic(gdlsc_pcopy:Name/TA),
    length(Ins, NIn),
    append(Ins, [L, T], TArgs),
    TH =.. [Name|TArgs],
    functor(CH0, Copy, Arity),
    findall(CH0-B, clause(gdlsc_pcopy:CH0, B), Clauses),
    maplist(test_clause_code(Mode, Ins, L, T), Clauses, Codes),
    flat_alternatives(Codes, 3, Alts0),
    fuse_loops(Alts0, L, Alts),
    alternatives(Alts, Body),
    assertz(gdlsc_pcopy:(TH :- Body)).

% flat_alternatives(+Codes, +Depth, -Alts): the alternatives of a test, with those of the
% test versions it is only a call of put in their place (to Depth levels), so that their
% loops can be fused.
flat_alternatives([], _, []).
flat_alternatives([C0|Cs], D, Alts) :-
    strip_commit(C0, C),
    (   D > 0,
        callable(C), C \= (_, _), C \= (_ ; _), C \= (_ -> _),
        functor(C, N, _), made_version(test, _, _, N),
        clause(gdlsc_pcopy:C, Body)
    ->  body_alternatives(Body, Inner0),
        D1 is D - 1,
        flat_alternatives(Inner0, D1, Inner),
        append(Inner, Rest, Alts)
    ;   Alts = [C|Rest]
    ),
    flat_alternatives(Cs, D, Rest).

strip_commit(C0, C) :-
    (   nonvar(C0), C0 = (X -> true)
    ->  strip_commit(X, C)
    ;   C = C0
    ).

body_alternatives(B, [B]) :- var(B), !.
body_alternatives((C -> true ; Rest), [C|Cs]) :- !, body_alternatives(Rest, Cs).
body_alternatives(B, [B]).

% fuse_loops(+Alts, +L, -Alts1): the loops over the state list L among the alternatives of
% a test become one loop that tries each one's condition on every fluent (one pass over
% the state instead of one per loop), in the place of the first.
fuse_loops(Alts, L, Alts1) :-
    partition(state_loop(L), Alts, Loops, _),
    Loops = [_, _|_], !,
    new_aux_name(F),
    term_variables(Loops, Outer),       % L too: a condition may read the whole state
    maplist(loop_conditions(E), Loops, Condss),
    append(Condss, Conds),
    FH =.. [F, [E|Es]|Outer],
    FR =.. [F, Es|Outer],
    append(Conds, [FR], Tries),
    alternatives(Tries, FB),
    length(Outer, NO), FA is NO + 1,
    dynamic(gdlsc_pcopy:F/FA),
    assertz(gdlsc_pcopy:(FH :- FB)),
    assertz(test_loop(F)),
    FC =.. [F, L|Outer],
    put_fused(Alts, L, FC, Alts1).
fuse_loops(Alts, _, Alts).

state_loop(L, C) :-
    callable(C), C \= (_, _), C \= (_ ; _), C \= (_ -> _),
    functor(C, N, _), test_loop(N),
    arg(1, C, L0), L0 == L.

% The conditions the loop C (a call Loop(L, Outer...)) tries on the fluent E: all its
% alternatives but the last (the call for the rest of the list).
loop_conditions(E, C, Conds) :-
    C =.. [Loop, _|Outer],
    H =.. [Loop, [E|_]|Outer],
    clause(gdlsc_pcopy:H, Body),
    body_alternatives(Body, Alts),
    append(Conds, [_], Alts).

put_fused([], _, _, []).
put_fused([A|As], L, FC, Out) :-
    (   state_loop(L, A)
    ->  (   var(FC)                % placed already
        ->  Out = Out1
        ;   Out = [FC|Out1]
        ),
        put_fused(As, L, _, Out1)
    ;   Out = [A|Out1],
        put_fused(As, L, FC, Out1)
    ).

alternatives([], fail).
alternatives([C], C) :- !.
alternatives([C|Cs], ( C -> true ; Rest )) :- alternatives(Cs, Rest).

test_clause_code(Mode, Ins, L, T, H-B, Code) :-
    H =.. [_|HArgs],
    append(HArgs0, [HL, HT], HArgs),
    HL = L, HT = T,
    mode_inputs(Mode, HArgs0, HIn),
    head_goals(HIn, Ins, Ins, Goals, [B]),
    term_variables(Ins-L-T, Gr),
    e(Goals, st(Gr, [], T, L), Code).

mode_inputs([], [], []).
mode_inputs([b|Ms], [A|As], [A|Is]) :- !, mode_inputs(Ms, As, Is).
mode_inputs([f|Ms], [_|As], Is) :- mode_inputs(Ms, As, Is).

% e(+Goals, +State, -Code): Code succeeds when the conjunction Goals has a proof (it binds
% nothing the caller reads). State as for c/6.
e(Goals, S, Code) :-
    flatten_goals(Goals, Flat),
    e1(Flat, S, Code).

e1([], _, true).
e1([G0|Gs0], S, Code) :-
    ready_test_first([G0|Gs0], S, [], [G|Gs]),
    (   test_goal_code(G, Gs, S, Code0)
    ->  Code = Code0
    ;   list_conj([G|Gs], Code)             % as the rules have it: right, by backtracking
    ).

test_goal_code(G, _, _, _) :-
    var(G), !, fail.
test_goal_code(true, Gs, S, Code) :- !,
    e(Gs, S, Code).
test_goal_code(G, Gs, S, Code) :-
    lookup_goal(G, _), !,
    G = (C, (AG, NG)),
    test_goal_code(C, [AG, NG|Gs], S, Code).
test_goal_code((A, B), Gs, S, Code) :- !,
    e([A, B|Gs], S, Code).
test_goal_code((C -> Th ; El), Gs, S, Code) :-
    mode_test(C), !,
    mode_value(C, S, V),
    (   V == true
    ->  e([Th|Gs], S, Code)
    ;   e([El|Gs], S, Code)
    ).
test_goal_code((C -> true), Gs, S, ( C -> Code1 )) :-
    grounding_call(C, S), !,
    bind_ground(C, S, S1),
    e(Gs, S1, Code1).
test_goal_code(G, Gs, S, Code) :-
    mode_test(G), !,
    (   mode_value(G, S, V)
    ->  (   V == true
        ->  e(Gs, S, Code)
        ;   Code = fail
        )
    ;   e(Gs, S, Code1),
        Code = ( G, Code1 )
    ).
test_goal_code(\+ G, Gs, S, ( \+ G1, Code1 )) :- !,
    ground_test(G, S, G1),
    e(Gs, S, Code1).
test_goal_code(G, Gs, S, ( G, Code1 )) :-
    non_binding(G), !,
    e(Gs, S, Code1).
test_goal_code(arg(I, Term, P), Gs, S, ( arg(I, Term, P), Code1 )) :-
    S = st(_, _, T, _),
    ground_in(I, S), !,
    (   Term == T
    ->  unknown_vars(P, S, S1)
    ;   ground_in(Term, S)
    ->  bind_ground(P, S, S1)
    ),
    e(Gs, S1, Code1).
test_goal_code(lists:member(P, L0), Gs, S, Code) :-
    S = st(_, _, _, L), L0 == L,
    \+ ground_in(P, S), !,
    no_unknown(P, S),
    test_loop_code(L, P, Gs, S, Code).
test_goal_code(X = Y, Gs, S, ( X = Y, Code1 )) :-
    ( ground_in(X, S) ; ground_in(Y, S) ), !,
    no_unknown(X-Y, S),
    bind_ground(X-Y, S, S1),
    e(Gs, S1, Code1).
test_goal_code(G, Gs, S, ( G1 -> Code1 )) :-
    test_goal(G, Gs, [], S), !,
    ground_test(G, S, G1),
    e(Gs, S, Code1).
test_goal_code(G, Gs, S, ( G, Code1 )) :-
    generator_call(G, S), !,
    % visited by backtracking, as the rules have it; the rest is compiled
    bind_ground(G, S, S1),
    e(Gs, S1, Code1).


% state_call(+G, +S, -N, -A, -Args0, -Mode, -Ins): G calls the copied state predicate N/A
% over the state of S with the arguments Args0, each ground (b, one of Ins) or a variable
% read nowhere else in G (f).
state_call(G, S, N, A, Args0, Mode, Ins) :-
    compound(G),
    compound_name_arity(G, N, A),
    sub_atom(N, 0, _, _, '$p:'),
    G =.. [_|Args],
    append(Args0, [L, T], Args),
    S = st(_, _, T0, L0), L == L0, T == T0,
    call_mode(Args0, Args0, S, Mode, Ins).

% state_call_test(+G, +S, -G1): G1 is G, or the test version of G when G is a state call.
state_call_test(G, S, G1) :-
    state_call(G, S, N, A, _, Mode, Ins), !,
    version(test, N, A, Mode, Name),
    S = st(_, _, T, L),
    append(Ins, [L, T], TArgs),
    G1 =.. [Name|TArgs].
state_call_test(G, _, G).

% state_call_answers(+G, +S, -Call, -Sols, -P): G is a state call with some argument free;
% Call binds Sols to its answers as instances of P = v(FreeArgs...) (through the
% predicate's collector for this mode).
state_call_answers(G, S, Call, Sols, P) :-
    state_call(G, S, N, A, Args0, Mode, Ins),
    memberchk(f, Mode), !,
    mode_split(Mode, Args0, _, Outs),
    P =.. [v|Outs],
    version(answers, N, A, Mode, Name),
    S = st(_, _, T, L),
    append(Ins, [L, T, [], Sols], CArgs),
    Call =.. [Name|CArgs].

call_mode([], _, _, [], []).
call_mode([X|Xs], All, S, [M|Ms], Ins) :-
    (   ground_in(X, S)
    ->  M = b, Ins = [X|Ins1]
    ;   var(X), \+ bound_var(S, X), occurrences_of_var(X, All, 1)
    ->  M = f, Ins = Ins1
    ),
    call_mode(Xs, All, S, Ms, Ins1).

% A loop over the state list that stops at the first fluent for which the rest holds.
test_loop_code(List, P, Gs, S, Code) :-
    S = st(Gr, Un, T, L),
    term_variables(P-Gs, Vs),
    include(bound_var(S), Vs, Outer),
    new_aux_name(Loop),
    length(Outer, NO),
    LA is NO + 1,
    dynamic(gdlsc_pcopy:Loop/LA),
    copy_term(t(Outer, P, Gs, Gr, Un, T, L), t(Outer2, P2, Gs2, Gr2, Un2, T2, L2)),
    bind_ground(P2, st(Gr2, Un2, T2, L2), S2),
    e(Gs2, S2, Code1),
    NH =.. [Loop, [E|Es]|Outer2],
    RG =.. [Loop, Es|Outer2],
    assertz(gdlsc_pcopy:(NH :- ( E = P2, Code1 -> true ; RG ))),
    assertz(test_loop(Loop)),
    Code =.. [Loop, List|Outer].

% --- join order ------------------------------------------------------------------------

% ready_test_first(+Goals, +S, +Tmpl, -Goals1): Goals with a test that can run now moved to
% the front, when the first goal is not one: a test binds nothing another goal reads, so
% running it as soon as the variables it shares are ground keeps the answers and prunes
% early (a rule that enumerates two numbers and then looks up a fluent of the first does
% the lookup before enumerating the second). Only past goals whose order does not matter
% (no mode switch, if-then-else or unknown construct in between).
ready_test_first([G|Gs], S, Tmpl, Goals) :-
    \+ movable_test(G, Gs, S, Tmpl),
    movable_goal(G),
    take_ready_test(Gs, [G], S, Tmpl, T, Rest), !,
    Goals = [T, G|Rest].
ready_test_first(Goals, _, _, Goals).

take_ready_test([G|Gs], Before, S, Tmpl, T, Rest) :-
    movable_goal(G),
    append(Before, Gs, Others),
    (   movable_test(G, Others, S, Tmpl)
    ->  T = G, Rest = Gs
    ;   take_ready_test(Gs, [G|Before], S, Tmpl, T, Rest0),
        Rest = [G|Rest0]
    ).

% Goals whose place in a conjunction does not change its answers.
movable_goal(G) :- var(G), !, fail.
movable_goal(G) :- lookup_goal(G, _), !.
movable_goal(\+ _).
movable_goal(_ \== _).
movable_goal(game:_).
movable_goal(lists:member(_, _)).
movable_goal(G) :- callable(G), functor(G, N, _), sub_atom(N, 0, _, _, '$p:').

% kept_order(Copy): a call of the copied state predicate Copy is never moved ahead (its
% recursion is not tabled, and ends because a goal before each recursive call bounds it:
% gdlsc_slots:well_founded/1).
:- dynamic kept_order/1.

%!  keep_call_order(+Copy:atom) is det.
keep_call_order(Copy) :- ( kept_order(Copy) -> true ; assertz(kept_order(Copy)) ).

%!  forget_call_orders is det.
forget_call_orders :- retractall(kept_order(_)).

% movable_test(G, Others, S, Tmpl): G is a test whose variables shared with Others or Tmpl
% are ground now.
movable_test(G, Others, S, Tmpl) :-
    (   lookup_goal(G, F) -> true
    ;   G = (\+ _) -> F = G
    ;   G = (_ \== _) -> F = G
    ;   G = game:_ -> F = G
    ;   callable(G), functor(G, N, _), sub_atom(N, 0, _, _, '$p:'), \+ kept_order(N) -> F = G
    ),
    no_unknown(F, S),
    term_variables(F, FVs),
    term_variables(Others-Tmpl, OVs),
    forall(( member(V, FVs), memberchk_eq(V, OVs) ), ground_var(V, S)),
    (   lookup_goal(G, _) -> ground_in(F, S) ; true ).

% lookup_goal(G, F): G is a slot lookup ((Slot -> true), arg(I, T, X), nonvar(X)) of the
% fluent arguments F (the slot fact's arguments but the slot).
lookup_goal(G, F) :-
    nonvar(G),
    G = ((SG0 -> true), (arg(I, _, X), nonvar(X0))),
    X == X0,
    ( nonvar(SG0), SG0 = gdlsc_pcopy:SG -> true ; SG = SG0 ),
    callable(SG), functor(SG, N, _), sub_atom(N, 0, _, _, '$f:'),
    SG =.. [_|Args], append(F0, [I0], Args), I0 == I,
    F =.. [f|F0].

% flatten_goals(+Goals, -Flat): conjunctions spread into the list (true dropped), a slot
% lookup (its three goals) made one goal again.
flatten_goals(Goals, Flat) :-
    flatten_goals_(Goals, Flat0),
    group_lookups(Flat0, Flat).

group_lookups([], []).
group_lookups([A, B, C|Gs], [L|Ls]) :-
    L = (A, (B, C)),
    lookup_goal(L, _), !,
    group_lookups(Gs, Ls).
group_lookups([G|Gs], [G|Ls]) :-
    group_lookups(Gs, Ls).

flatten_goals_([], []).
flatten_goals_([G|Gs], Flat) :-
    (   var(G)
    ->  Flat = [G|Flat1]
    ;   G = (A, B)
    ->  flatten_goals_([A, B], F0),
        append(F0, Flat1, Flat)
    ;   G == true
    ->  Flat = Flat1
    ;   Flat = [G|Flat1]
    ),
    flatten_goals_(Gs, Flat1).
