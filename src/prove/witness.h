// Checking a claimed counterexample: `gdlsc prove GAME PROPERTY --witness FILE`
// (doc/knowledge.md, "Checking a counterexample"). A witness is two developments of the same
// length that a role cannot tell apart and at whose ends the property fails -- what `prove`
// prints when it refutes, written by hand, or produced by another reasoner. The check replays
// both developments in an engine (every move legal, no move after a terminal state), compares
// the role's moves and percepts step by step, and evaluates the property at the two final
// states, exactly as the whole-game fixpoint judges a pair (proof.h). It needs no search, so
// it decides counterexamples far deeper than any search reaches.
//
// Three engines replay: progression (the game's rules in Prolog, the reference), the step
// network, and Z3 (the stable model of the ground program along each development, proved
// unique). `--engine all` runs every one that applies; their traces must be equal.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "session/game_file.h"
#include "session/history.h"
#include "prove/prove_report.h"

namespace gdlsc::query {

/// Two developments, and the role that cannot tell them apart ("" when the property is a
/// formula whose failing conjunct mentions no knowledge: then only `actual` matters).
struct Witness {
    std::string role;
    History actual, alternative;
};

/// Reads a witness: the JSON that `prove --json` prints (its "counterexample" object, or that
/// object alone): {"role": R, "actual": [[m1, ..., mk], ...], "alternative": [...]}, each
/// joint move a list of KIF moves in role order. Throws UserError naming the file and what is
/// wrong (not JSON, a missing field, an unknown role, a malformed move).
Witness read_witness(const std::string& path, const Game& g);

/// What one engine computed along one development, for the witness's role.
struct Trace {
    std::vector<std::vector<std::string>> percepts;  ///< per step, sorted KIF
    bool terminal = false;                            ///< at the end
    std::vector<std::string> legal, goals;            ///< the role's, at the end, sorted KIF
    std::vector<bool> phi;                            ///< per conjunct of a formula property: φ at the end
};

struct WitnessCheck {
    std::string engine;  ///< progression, network or smt
    Trace actual, alternative;
};

/// `prove --witness`: replays the witness in each engine of `engines` ("progression",
/// "network", "smt"; the first is the reference); an engine that does not apply to the game
/// (no network, knows in the rules for smt) is listed in `not_applicable` unless it is the
/// only one asked for. Returns the refutation (method Witness, holds false) when the witness
/// is a counterexample; throws UserError (exit 2) saying where it is not: a step with an
/// illegal move, a move after a terminal state, the first step at which the role's moves or
/// percepts differ, or what holds at the end. `disagree` is set when two engines' traces
/// differ (the caller exits 3).
struct WitnessResult {
    ProveReport report;
    std::vector<WitnessCheck> checks;
    std::vector<std::string> not_applicable;
    std::string disagreement;  ///< empty when every engine agreed
};
WitnessResult check_witness(const Game& g, const std::string& property, const Witness& w,
                            const std::vector<std::string>& engines, double timeout_seconds);

/// A counterexample that `prove` found, explained: its two developments replayed in one engine
/// (the step network where the game has one, else the game's rules), filling r.at_end with
/// what the property compares at the two ends (the role's legal moves, terminal, its goals, or
/// each conjunct's φ) with the difference marked, and r.first_difference. Nothing for a report
/// that holds, a well-formedness report, a GDL-III game, or a formula the pair methods do not
/// decide. A counterexample that does not replay is a bug of the method that found it
/// (EngineError, exit 5).
void explain_counterexample(const Game& g, ProveReport& r, double timeout_seconds);

}  // namespace gdlsc::query
