/*  gdlsc_collect_static: goals of static relations (module `game`) in the compiled
    collectors and tests of the slot copy, evaluated once when the code is made: a constant
    list of answers, a table looked up by the bound arguments, or a table that tests a
    ground goal (doc/engines.md, "Collectors and tests").
*/
:- module(gdlsc_collect_static,
          [ static_plan/3,        % +G, +S, -Plan
            static_test/2,        % +G, -Test
            forget_static_tables/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(gdlsc_collect_binding, [bound_var/2, no_unknown/2, new_aux_name/1]).

%!  forget_static_tables is det.
%   Forgets the tables made for the copy before (their predicates go with the copy).
forget_static_tables :- retractall(static_table(_, _)).

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
% runs with signals blocked, gdlsc_slot_copy:slot_copy/1: limit/2's nb_setarg/3 lost a time
% limit delivered inside it in SWI-Prolog 9.0.4.)
static_answers(P, G, Max, Answers) :-
    Max1 is Max + 1,
    catch(call_with_inference_limit(findall(P, limit(Max1, G), Answers), 2000000, R), _, fail),
    R \== inference_limit_exceeded,
    length(Answers, N),
    N =< Max.

