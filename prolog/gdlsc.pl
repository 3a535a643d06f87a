/*  gdlsc -- the runtime's one entry module: the host (src/prolog/engine.cpp) loads this
    file, and it loads every module the runtime is made of, each of which declares the
    modules it calls (doc/architecture.md, "The runtime").  From the bottom up:

      gdlsc_game          the game's rules over states (on the generated module `game`)
      the slot copy, for random playouts:
        gdlsc_slot_recursion  which recursive state relations need a table
        gdlsc_slot_states     slot numbers and slot states
        gdlsc_collect_binding the collectors' binding analysis (and shared code)
        gdlsc_collect_order   the collectors' join order
        gdlsc_collect_static  static relations in the collectors, evaluated once
        gdlsc_collect_test    the copy's tests (does some proof exist)
        gdlsc_collect         the copy's collectors (every answer)
        gdlsc_slot_fold       ground lookups folded into collectors and tests
        gdlsc_slot_copy       the copy of the state rules, derived once per game
        gdlsc_slots           what a playout asks of a slot state
      developments:
        gdlsc_dev_nodes       developments as interned nodes; the host's state API
        gdlsc_dev_cells       observations and the cells of K
        gdlsc_developments    the entry: resets; knows in the rules (GDL-III)
      gdlsc_playout       random playouts (lists, slot states, developments)
      gdlsc_situation     situations and their states
      gdlsc_formula       the query language
      gdlsc_infoset_merge one information-set step by the rules, merged in threads
      gdlsc_infoset       information sets: developments and weighted states
      gdlsc_knows         knows, common, kwhether (hooks into gdlsc_formula)
      gdlsc_belief        degrees of belief
      gdlsc_infoset_dot   information sets drawn in Graphviz
      gdlsc_properties    knowledge properties up to a depth
      gdlsc_regression_simplify  regressed formulas: constructors, simplifier, size
      gdlsc_regression_rewrite   regression to s0 (with gdlsc_regression_eval, evaluation at s0)
      gdlsc_regression_print     regressed formulas as text
      gdlsc_regression    the regression engine's entry (answers, regress_query)
      gdlsc_solve         `gdlsc solve`

    A module uses only modules listed above it (doc/architecture.md, "The runtime";
    tests/feature/architecture/prolog_modules_test.cpp checks it).
    The foreign predicates of the step network (module gdlsc_network) are registered by
    the host before this file is loaded.
*/
:- module(gdlsc, []).
:- use_module(gdlsc_game, []).
:- use_module(gdlsc_developments, []).
:- use_module(gdlsc_playout, []).
:- use_module(gdlsc_situation, []).
:- use_module(gdlsc_formula, []).
:- use_module(gdlsc_infoset, []).
:- use_module(gdlsc_knows, []).
:- use_module(gdlsc_belief, []).
:- use_module(gdlsc_infoset_dot, []).
:- use_module(gdlsc_properties, []).
:- use_module(gdlsc_regression, []).
:- use_module(gdlsc_solve, []).
