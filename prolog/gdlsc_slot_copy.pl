/*  gdlsc_slot_copy: the copy of the game's state rules over slot states (gdlsc_slot_states),
    derived once per loaded game (doc/engines.md, "Slot states"; doc/benchmarks.md).

    The generated program (module `game`, doc/architecture.md) reads a state as a sorted
    list: a ground lookup is ord_memberchk/2, linear in the state. The copy of every
    state-dependent predicate reads the slot state (L, T) instead: a ground lookup becomes a
    hash lookup of the fluent's slot (a fact '$f:Name'(Args..., I), indexed by SWI-Prolog)
    and one arg/3; enumerations (member(F-_, L)) and everything else are the rules' own
    code. The copy of next answers pairs: a frame rule carries the slot of the fluent it
    reads into the next state (head_args/5), so building the next slot term needs few
    lookups.

    The copy is derived mechanically from the clauses of `game` and refused (the caller
    keeps the list states) when a clause does something the rewrite does not know: the
    state variable left anywhere but in a lookup or a call of a state predicate, and not
    made for GDL-III games (knows reads whole developments). A tabled (recursive) state
    predicate is copied as a predicate tabled without the state, which reads the state from
    a global variable that slot_enter/1 (gdlsc_slots) sets, dropping the copy's tables,
    before each state is evaluated; one whose recursion a static acyclic relation bounds is
    copied untabled (gdlsc_slot_recursion). What the playout loop asks of a state
    (terminal, legal moves, next fluents) goes through deterministic collectors and a test
    compiled from the copy (gdlsc_collect, gdlsc_slot_fold).
*/
:- module(gdlsc_slot_copy,
          [ slot_copy/1,         % -Status: ready or none(Why)
            forget_slot_copy/0,
            state_tables/0,
            tabled_copy/1,       % ?Relation (for the test seams)
            tabled_name/2,       % +Relation, -Name (for the test seams)
            copy_name/2,         % +Relation, -Name (for the test seams)
            occurs_var/2,        % +Var, +Term
            make_collectors/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(gdlsc_game, []).
:- use_module(gdlsc_slot_recursion, [state_tabled/1, well_founded/1]).
:- use_module(gdlsc_slot_states, [start_slots/0, forget_slots/0, track/2,
                                  finish_slot_dispatch/0, ensure_slot/1]).
:- use_module(gdlsc_slot_fold, [fold_ground_lookups/0]).
:- use_module(gdlsc_collect_order, [keep_call_order/1, forget_call_orders/0]).
:- use_module(gdlsc_collect_test, [make_test/3]).
:- use_module(gdlsc_collect, [make_collector/4, forget_collectors/0]).

% copy_status(Status): the copy of the game loaded now (ready or none(Why)); absent:
% not derived yet.
:- dynamic copy_status/1.
% tabled_copy(B): the copy of the state relation B is tabled (state_tabled/1).
:- dynamic tabled_copy/1.

% A game about to be replaced takes its copy with it.
:- multifile gdlsc_game:on_game_unloading/0.
gdlsc_game:on_game_unloading :- forget_slot_copy.

%!  forget_slot_copy is det.
%   Drops the copy (a new game was loaded).
forget_slot_copy :-
    retractall(copy_status(_)),
    forget_slots,
    retractall(tabled_copy(_)),
    forget_call_orders,
    (   current_table(gdlsc_pcopy:_, _)
    ->  abolish_module_tables(gdlsc_pcopy)
    ;   true
    ),
    % Not the tabled copies: abolishing a tabled dynamic predicate and tabling its name again
    % leaves it undefined in SWI-Prolog 9.0.4 (and erasing clauses then crashed), so each
    % derivation names its tabled copies afresh (tabled_name/2) and leaves the old ones,
    % which nothing calls any more.
    forall(( current_predicate(gdlsc_pcopy:P/A), functor(H, P, A),
             \+ predicate_property(gdlsc_pcopy:H, imported_from(_)),
             \+ predicate_property(gdlsc_pcopy:H, tabled) ),
           abolish(gdlsc_pcopy:P/A)).

%!  slot_copy(-Status) is det.
%   Derives the copy for the game loaded now, once: Status = ready, or none(Why) when
%   playouts must use list states.

slot_copy(Status) :-
    copy_status(S0),
    !,
    Status = S0.
slot_copy(Status) :-
    forget_slot_copy,
    flag(gdlsc_slot_generation, G, G + 1),
    % With signals blocked: the derivation is short (under 50 ms on every corpus game), and
    % SWI-Prolog 9.0.4 could lose a time limit delivered inside a foreign predicate
    % (nb_setarg/3, arg/3: tests/feature/limits/stress_test.cpp); the limit then ends the
    % playouts right after it.
    (   catch(sig_atomic(derive(Why)), E, (Why = error(E)))
    ->  true
    ;   Why = rewrite_failed
    ),
    (   Why == none
    ->  Status = ready
    ;   forget_slot_copy, Status = none(Why)
    ),
    assertz(copy_status(Status)).


derive(Why) :-
    (   predicate_property(game:epistemic, number_of_clauses(N)), N > 0
    ->  Why = epistemic
    ;   two_arities(B)
    ->  Why = two_arities(B)
    ;   start_slots,
        findall(B-C, ( game:relation(B, _, C), C \== static ), Rels),
        forall(( member(B-_, Rels), state_tabled(B) ),
               (   well_founded(B)
               ->  copy_name(B, P), keep_call_order(P)
               ;   assertz(tabled_copy(B))
               )),
        forall(member(B-_, Rels), declare_copy(B)),
        forall(member(B-_, Rels), copy_relation(B)),
        finish_slot_dispatch,
        slot_ground_heads,
        make_collectors,
        Why = none
    ).

% two_arities(-B): the state relation B is used with two arities (an accepted deviation:
% two relations, doc/validation.md). The copy names a relation by its name alone ('$p:B'),
% so it would copy one of them only and the other would fail: no copy for such a game.
two_arities(B) :-
    game:relation(B, A1, C1), C1 \== static,
    game:relation(B, A2, C2), C2 \== static, A1 < A2,
    !.

%!  state_tables is semidet.
%   The copy has tabled state predicates (see state_tabled/1).
state_tables :- tabled_copy(_), !.

% Every copied predicate exists (a relation without rules fails rather than raising). A
% tabled one is a wrapper '$p:B'(Args..., L, T) :- '$t:B'(Args...) around its tabled copy.
declare_copy(B) :-
    game:relation(B, Arity, Class),
    copy_arity(Class, Arity, CA),
    copy_name(B, P),
    dynamic(gdlsc_pcopy:P/CA),
    (   tabled_copy(B)
    ->  TA is CA - 2,
        tabled_name(B, TP),
        table(gdlsc_pcopy:TP/TA),
        functor(W, P, CA), W =.. [_|WArgs], append(TArgs, [_, _], WArgs), TG =.. [TP|TArgs],
        assertz(gdlsc_pcopy:(W :- TG))
    ;   true
    ).

tabled_name(B, P) :- flag(gdlsc_slot_generation, G, G), format(atom(P), '$t~w:~w', [G, B]).

copy_arity(action, Arity, CA) :- !, CA is Arity + 3.   % Args, A, L, T
copy_arity(_, Arity, CA) :- CA is Arity + 2.           % Args, L, T

copy_name(B, P) :- atom_concat('$p:', B, P).

copy_relation(B) :-
    game:relation(B, Arity, Class),
    atom_concat('g:', B, G),
    ( Class == action -> GA is Arity + 2 ; GA is Arity + 1 ),
    functor(H, G, GA),
    (   predicate_property(game:H, number_of_clauses(_))
    ->  forall(clause(game:H, Body), copy_clause(B, H, Body))
    ;   true
    ).

copy_clause(B, H, Body) :-
    H =.. [_|Args],
    append(Args0, [S], Args),
    copy_name(B, P),
    rewrite(Body, S, L, T, Body1),
    head_args(B, Args0, Body1, L, Args00),
    append(Args00, [L, T], Args1),
    H1 =.. [P|Args1],
    (   occurs_var(S, Body1)
    ->  throw(state_left(B))
    ;   tabled_copy(B)
    ->  tabled_name(B, TP),
        TH =.. [TP|Args00],
        assertz(gdlsc_pcopy:(TH :- nb_getval('$gdlsc_slot_state', st(L, T)), Body1))
    ;   assertz(gdlsc_pcopy:(H1 :- Body1))
    ).

occurs_var(V, Term) :- sub_term(X, Term), X == V, !.

% head_args(+B, +Args0, +Body1, +L, -Args): the copy's head arguments (but the state). The
% copy of next answers F-I, the fluent F with its slot I where the clause reads F itself in
% the state (a member of L, a slot lookup: a frame rule; every such read, in whichever
% branch of a mode switch, gives I), else I unbound (slot_next_state/3 looks it up, or
% slot_ground_heads/0 fills it in for a ground F): most fluents of a next state are
% carried over, their slots with them.
head_args(next, [F|Args], Body1, L, [F-I|Args]) :- !,
    unify_reads(Body1, L, F, I).
head_args(_, Args, _, _, Args).

% unify_reads(+G, +L, +F, ?I): the slot variable of every read of F in G is I.
unify_reads(G, _, _, _) :- var(G), !.
unify_reads(G, L, F, I) :-
    (   state_read(G, L, F0, I0), F0 == F
    ->  I0 = I
    ;   compound(G)
    ->  compound_name_arguments(G, _, As),
        maplist(unify_reads_in(L, F, I), As)
    ;   true
    ).

unify_reads_in(L, F, I, G) :- unify_reads(G, L, F, I).

% state_read(+G, +L, -F, -I): G reads the fluent F, of slot I, in the slot state (L, _)
% (binds nothing of G).
state_read(G, L, F, I) :-
    compound(G), G = M:MG, M == lists,
    compound(MG), compound_name_arguments(MG, member, [P, L0]), L0 == L,
    compound(P), compound_name_arguments(P, -, [F, I]).
state_read(G, _, F, I) :-
    compound(G), compound_name_arguments(G, ',', [C, R]),
    compound(C), compound_name_arguments(C, ->, [SG0, True]), True == true,
    compound(R), compound_name_arguments(R, ',', [A, _]),
    compound(A), compound_name_arguments(A, arg, [I0, _, _]),
    compound(SG0), SG0 = M:SG, M == gdlsc_pcopy,
    compound(SG), compound_name_arguments(SG, N, SArgs),
    atom_concat('$f:', Name, N),
    last(SArgs, I), I == I0,
    append(FArgs, [_], SArgs),
    F =.. [Name|FArgs].

% rewrite(+Goal, +S, +L, +T, -Goal1): Goal of a clause of `game` with state variable S,
% over the slot state (L, T). Calls of `game` predicates are module-qualified.
rewrite(G, _, _, _, G) :- var(G), !.
rewrite((A, B), S, L, T, (A1, B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite((A ; B), S, L, T, (A1 ; B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite((A -> B), S, L, T, (A1 -> B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite((A *-> B), S, L, T, (A1 *-> B1)) :- !, rewrite(A, S, L, T, A1), rewrite(B, S, L, T, B1).
rewrite(\+ A, S, L, T, \+ A1) :- !, rewrite(A, S, L, T, A1).
rewrite(M:G, S, L, T, G1) :- atom(M), !, rewrite_qualified(M, G, S, L, T, G1).
rewrite(G, S, L, T, G1) :- rewrite_qualified(game, G, S, L, T, G1).

rewrite_qualified(_, G, S, L, T, G1) :-
    ( G = ord_memberchk(F, S0) ; G = memberchk(F, S0) ), S0 == S, !,
    (   var(F)                      % a fluent bound (ground) at run time (true(?x)): the list
    ->  G1 = lists:memberchk(F-_, L)
    ;   lookup(F, T, G1)
    ).
rewrite_qualified(_, member(F, S0), S, L, _, lists:member(F-_, L)) :- S0 == S, !.
rewrite_qualified(_, G, S, L, T, gdlsc_pcopy:G1) :-
    compound(G), compound_name_arguments(G, N, Args),
    atom_concat('g:', B, N), game:relation(B, _, Class), Class \== static,
    last(Args, S0), S0 == S, !,
    append(Args0, [_], Args),
    copy_name(B, P),
    append(Args0, [L, T], Args1),
    G1 =.. [P|Args1].
rewrite_qualified(M, G, _, _, _, G1) :-
    (   callable(G), M == game, predicate_property(game:G, number_of_clauses(_)),
        \+ predicate_property(game:G, imported_from(_))
    ->  G1 = game:G                 % a predicate of the game (static relations, role_index)
    ;   M == game
    ->  G1 = G                      % a built-in or library predicate
    ;   G1 = M:G
    ).

% A ground lookup of F in (_, T): its slot's argument of T is bound. The slot fact is
% '$f:Name'(Args..., I); a fluent without a slot holds in no state built so far. A
% conjunction, not a bare if-then, so that it means the same as the first branch of a
% disjunction (( C -> G ) ; E would be an if-then-else).
lookup(F, T, ((SlotGoal -> true), arg(I, T, X), nonvar(X))) :-
    compound(F), !,
    compound_name_arguments(F, N, Args),
    length(Args, A),
    track(N, A),
    atom_concat('$f:', N, FN),
    append(Args, [I], Args1),
    SG =.. [FN|Args1],
    SlotGoal = gdlsc_pcopy:SG.
lookup(F, T, ((SlotGoal -> true), arg(I, T, X), nonvar(X))) :-
    atom(F), !,
    track(F, 0),
    atom_concat('$f:', F, FN),
    SG =.. [FN, I],
    SlotGoal = gdlsc_pcopy:SG.
lookup(F, _, _) :- throw(lookup_not_callable(F)).

% slot_ground_heads: a clause of the copy of next whose fluent F is ground and whose slot
% the body does not give (head_args/5) gets F's slot now (0 for a fluent no lookup reads).
slot_ground_heads :-
    functor(H, '$p:next', 4),
    (   \+ tabled_copy(next),
        predicate_property(gdlsc_pcopy:H, number_of_clauses(_))
    ->  findall(H-B, clause(gdlsc_pcopy:H, B), Cls),
        retractall(gdlsc_pcopy:H),
        forall(member(H1-B1, Cls),
               ( arg(1, H1, F-I),
                 (   var(I), ground(F)
                 ->  ensure_slot(F), gdlsc_pcopy:'$slot'(F, I)
                 ;   true
                 ),
                 assertz(gdlsc_pcopy:(H1 :- B1)) ))
    ;   true
    ).

% The collectors of legal moves and next fluents (gdlsc_collect): what the playout loop asks.
make_collectors :-
    forget_collectors,
    make_test('$p:terminal', 2, '$c:terminal'),
    make_collector('$p:legal', 4, 2, '$c:legal'),
    make_collector('$p:next', 4, 1, '$c:next'),
    fold_ground_lookups.
