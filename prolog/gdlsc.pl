/*  gdlsc -- the runtime's one entry module: the host (src/prolog/engine.cpp) loads this
    file, and it loads every module the runtime is made of, each of which declares the
    modules it calls (doc/architecture.md, "The runtime").  From the bottom up:

      gdlsc_game          the game's rules over states (on the generated module `game`)
      gdlsc_developments  developments, observations, the cells of K; knows in the rules
      gdlsc_situation     situations and their states
      gdlsc_formula       the query language
      gdlsc_knowledge     information sets, Knows, beliefs, bounded proofs (hooks into
                          gdlsc_formula for knows, common and kwhether)
      gdlsc_regression    regression to s0
      gdlsc_solve         `gdlsc solve`

    The foreign predicates of the step network (module gdlsc_native) are registered by
    the host before this file is loaded.
*/
:- module(gdlsc, []).
:- use_module(gdlsc_game, []).
:- use_module(gdlsc_developments, []).
:- use_module(gdlsc_situation, []).
:- use_module(gdlsc_formula, []).
:- use_module(gdlsc_knowledge, []).
:- use_module(gdlsc_regression, []).
:- use_module(gdlsc_solve, []).
