// `gdlsc solve` through prolog/gdlsc_solve.pl (see solve.h).
#include "query/solve.h"

#include <nlohmann/json.hpp>
#include <cstdio>
#include <optional>
#include <sstream>

#include "base/environment.h"
#include "base/errors.h"
#include "base/strings.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "session/decimal.h"
#include "query/epistemic_network.h"

namespace gdlsc::query {
namespace {

using gdl::Term;

// The developments of at most `depth` joint moves that start with the history: none when
// the history is longer -- a mistake in the command, not an empty answer.
void check_depth(const SolveOptions& o) {
    if (o.depth < o.history.size())
        throw UserError("--depth " + std::to_string(o.depth) + " is less than the history's " +
                        std::to_string(o.history.size()) + " joint moves (the depth counts them too)");
}

}  // namespace

SolveReport prolog_solve(const Session& s, const Formula& f, const SolveOptions& o);

std::optional<SolveReport> solve_without_engine(const Game& g, const Formula& f, const SolveOptions& o) {
    check_depth(o);
    if (environment().network != "on") return std::nullopt;
    std::string why;
    return bdd_solve(g.program, g.analysis, f, o, o.timeout_seconds, why);
}

SolveReport run_solve(const Session& s, const Formula& f, const SolveOptions& o) {
    check_depth(o);
    std::optional<SolveReport> fast;
    if (environment().network == "check") {
        std::string why;
        fast = bdd_solve(s.game().program, s.game().analysis, f, o, o.timeout_seconds, why);
        if (!fast) std::fprintf(stderr, "note: GDLSC_NETWORK=check: the BDD developments do not apply: %s\n", why.c_str());
    }
    SolveReport r = prolog_solve(s, f, o);
    if (fast && solve_json(*fast) != solve_json(r))
        throw UserError("engines disagree:\n  the BDD developments say " + solve_json(*fast) + "  the rules in Prolog say " +
                            solve_json(r),
                        kExitDisagreement);
    return r;
}

SolveReport prolog_solve(const Session& s, const Formula& f, const SolveOptions& o) {
    auto& pl = s.engine();
    const Term sit = check_history(pl, o.history);
    pl::runtime::Solutions raw = pl::runtime::solve_report(pl, f.term, sit, o.depth, o.limit, o.progress);
    SolveReport r;
    r.depth = o.depth;
    r.history_length = o.history.size();
    r.count = raw.count;
    for (const auto& sol : raw.listed) {  // s(JointMoves, Fluents)
        if (sol.args.size() != 2) throw EngineError("solve_report/7: unexpected solution " + sol.to_kif());
        Solution out;
        for (const auto& a : gdl::list_items(sol.args[0])) {
            std::vector<std::string> moves;
            for (const auto& m : a.args) moves.push_back(m.to_kif());
            out.history.push_back(std::move(moves));
        }
        for (const auto& fl : gdl::list_items(sol.args[1])) out.state.push_back(fl.to_kif());
        r.solutions.push_back(std::move(out));
    }
    for (const auto& l : raw.levels) {  // level(D, N, K)
        if (l.args.size() != 3) throw EngineError("solve_report/7: unexpected level " + l.to_kif());
        r.levels.push_back({std::stoul(l.args[0].name), l.args[1].name, l.args[2].name});
    }
    return r;
}

std::string solve_text(const SolveReport& r) {
    std::ostringstream o;
    o << r.count << " solution" << (r.count == "1" ? "" : "s") << " among the developments of at most " << r.depth
      << " joint move" << (r.depth == 1 ? "" : "s");
    if (r.history_length > 0)
        o << " that start with the history (" << r.history_length << " joint move" << (r.history_length == 1 ? "" : "s")
          << ")";
    o << "\n";
    for (const auto& s : r.solutions) {
        std::string h;
        for (const auto& a : s.history) h += (h.empty() ? "(" : " (") + joined(a) + ")";
        o << (h.empty() ? "(the initial situation)" : h) << "  =>  " << joined(s.state) << "\n";
    }
    if (std::to_string(r.solutions.size()) != r.count)
        o << "(" << r.solutions.size() << " listed; --limit lists more)\n";
    return o.str();
}

std::string solve_json(const SolveReport& r) {
    nlohmann::ordered_json j;
    j["depth"] = r.depth;
    j["count"] = decimal_json(r.count);
    j["solutions"] = nlohmann::ordered_json::array();
    for (const auto& s : r.solutions) j["solutions"].push_back({{"history", s.history}, {"state", s.state}});
    j["levels"] = nlohmann::ordered_json::array();
    for (const auto& l : r.levels)
        j["levels"].push_back({{"depth", l.depth},
                               {"developments", decimal_json(l.developments)},
                               {"solutions", decimal_json(l.solutions)}});
    return j.dump() + "\n";
}

}  // namespace gdlsc::query
