// Test seams of the whole-game provers: mutations that their tests must catch (a test that
// passes with the mutation in force could not have failed). Not part of the product: the
// request structs of proof.h and prove_chc.h carry no mutation, and nothing in src/cli,
// src/api or src/python includes this header (tests/feature/architecture/layering_test.cpp
// checks that only a header's own folder includes a *_testing.h header of src/).
#pragma once
#include <string>

#include "prove/proof.h"
#include "prove/prove_smt.h"
#include "prove/prove_chc.h"

namespace gdlsc::query::testing {

struct ProveMutation {
    /// The fixpoint (prove_whole_game) pairs developments ignoring the role's percepts.
    bool ignore_percepts = false;
    /// smt and chc: the two copies need not make the same move of the role.
    bool drop_same_move = false;
};

/// query::prove_whole_game, prove_smt and prove_chc with `mutation` in force.
ProveReport prove_whole_game(const Game& g, const std::string& property, const WholeGameOptions& o,
                             const ProveMutation& mutation);
ProveReport prove_smt(const Game& g, const std::string& property, const SmtProveOptions& o,
                      const ProveMutation& mutation);
ProveReport prove_chc(const Game& g, const std::string& property, const ChcProveOptions& o,
                      const ProveMutation& mutation);

}  // namespace gdlsc::query::testing
