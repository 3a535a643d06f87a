// `prove --engine chc`: legal-, terminal-, goal-knowledge and perfect information for every
// development by PDR and Z3's Spacer on the pair system as constrained Horn clauses (smt/pair_chc.h):
// one query per role that is not random; a refuted role's shortest counterexample comes from
// the bounded two-copy search (smt/two_copy.h), depth by depth, the shortest over all roles.
// doc/knowledge.md, "Whole-game proofs by Horn clauses"; doc/engines.md.
#pragma once
#include <string>

#include "session/game_file.h"
#include "prove/prove_report.h"

namespace gdlsc::query {

struct ChcProveOptions {
    bool progress = false;          ///< per role: verdict, lemmas, seconds on stderr
    double timeout_seconds = 0;     ///< the whole proof (grounding, Spacer, the bounded search); past it LimitError (exit 4)
    /// Who solves the clauses (smt/pair_chc.h, ChcEngine): "both" (PDR and Spacer racing, the
    /// first answer wins), "pdr" or "spacer".
    std::string solver = "both";
};

/// With solver "both" a short bounded search (two copies, up to 8 joint moves, a quarter of the
/// time and at most 5 s) comes first: a refutation found there says "bounded" in `solved_by`.
/// The report has method Chc and whole_game set: holds, with the lemmas of each role's
/// invariant in `invariants` and who found it in `solved_by`; or refuted with a shortest counterexample (its role, depth and
/// developments, as the other methods print it). Formulas and games without a step program
/// are refused as by prove_smt (UserError, TooLargeError).
ProveReport prove_chc(const Game& g, const std::string& property, const ChcProveOptions& o);

}  // namespace gdlsc::query
