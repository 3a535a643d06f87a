// The front door of `prove` (doc/knowledge.md, "Proofs"), shared by the command and the C++
// API: one request, a table of methods — each with its name, its run, and why it does not
// apply to a request — and one function that runs the chosen method, or the table whole
// (`--engine all`, which must agree). To add a method, add one row to prove_methods().
//
//   ProveRequest r;  r.property = "legal-knowledge";  r.engine = "all";
//   ProveOutcome o = prove(game, r);
//   std::cout << o.text();  return o.exit_code();
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "session/game_file.h"
#include "prove/prove_report.h"
#include "prove/witness.h"

namespace gdlsc::query {

/// What `prove` is asked: the property, the bound (none: the whole game), the method and the
/// limits. Every option of `gdlsc prove` is a field here.
struct ProveRequest {
    std::string property;              ///< legal-knowledge, ..., or a closed KIF formula
    std::optional<std::size_t> depth;  ///< developments of length <= depth; none: the whole game
    /// A method of prove_methods(), "explicit" (developments with a depth, else fixpoint),
    /// "all" or "auto" (the whole game: the methods in turn with growing time slices, the first
    /// verdict wins); "smt" with `induction` is the method "induction".
    std::string engine = "explicit";
    bool induction = false;
    std::optional<std::size_t> max_k;  ///< induction: the largest k (default SmtProveOptions::max_k)
    std::size_t max_pairs = 0;         ///< fixpoint: the pair bound (0: its default)
    std::string chc_solver = "both";   ///< chc: who solves the Horn clauses, both (a race), pdr or spacer
    std::size_t max_nodes = 0;         ///< bdd: the BDD node bound (0: its default)
    std::string bdd_order;             ///< bdd: the fluents' variable order ("": structure)
    bool bdd_reorder = false;          ///< bdd: dynamic variable reordering (sifting)
    bool bdd_pairs = false;            ///< bdd: search the reachable pairs even where an invariant proves it
    std::size_t walks = 0;             ///< walks: how many per role (0: WalkOptions::kDefaultWalks)
    std::optional<std::uint64_t> seed;  ///< walks: the random numbers' seed (none: 1)
    double timeout_seconds = 0;        ///< the whole command, `all` included (0: none)
    bool progress = false;             ///< progress lines on stderr
    std::string witness;  ///< a counterexample to replay (the JSON --json prints) instead of a search
};

/// One method of `prove`.
struct ProveMethodEntry {
    std::string name;
    std::string summary;  ///< one line for --help and doc/usage.md
    std::function<ProveReport(const Game&, const ProveRequest&)> run;
    /// Why the method does not apply to the request ("": it applies). `all` lists it and goes on.
    std::function<std::string(const Game&, const ProveRequest&)> not_applicable;
};

/// The methods, in the order `all` runs them (the first that runs is the reference).
const std::vector<ProveMethodEntry>& prove_methods();

/// What prove() did: one report per method run (one unless `all`), the methods that did not
/// apply (with why), whether they agree; or, for a witness, the replays.
struct ProveOutcome {
    bool all = false;
    std::vector<std::pair<std::string, ProveReport>> runs;  ///< (method, report)
    std::vector<std::string> not_applicable;                ///< "method: why"
    int at_limit = 0;  ///< how many of not_applicable applied but reached a bound
    bool agree = true;
    std::optional<WitnessResult> witness;  ///< --witness: the replays (runs empty)
    /// `auto`: the method that decided, and each try before it ("fixpoint: 0.5 s: time limit ...").
    std::string decided_by;
    std::vector<std::string> tries;

    /// The reference: the first run with a verdict (walks and k-induction may end undecided),
    /// else the first run.
    const ProveReport& report() const;
    /// 0 holds, 1 refuted (or a witness that refutes), 3 disagreement, 6 undecided.
    int exit_code() const;
    std::string text() const;
    std::string json() const;
};

/// `auto`'s first time slice per method, and how it grows from one round to the next.
inline constexpr double kAutoFirstSliceSeconds = 1;
inline constexpr double kAutoSliceGrowth = 4;

/// Runs the request's method (or all of them) on `g`. UserError for a bad request (an unknown
/// method, options that do not go together, a property no method decides); LimitError (exit 4)
/// when the chosen method reaches a bound — under `all` only when no method gives a verdict.
/// Under `all` the time limit is the whole run's: each method gets what the earlier ones left,
/// and one that gets nothing is listed as not run.
ProveOutcome prove(const Game& g, const ProveRequest& r);

}  // namespace gdlsc::query
