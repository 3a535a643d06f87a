// The Dresden game-controller match traces (fixtures/dresden_traces/*.trace.xml) as the
// trace tests compare them: per step the state fluents, every role's legal moves, the joint
// move taken, and at the end the terminal flag and goal values, as KIF text. Read by the
// product's reader (src/simulate/match_record.h, the one `gdlsc replay` uses).
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "simulate/match_record.h"

namespace gdlsc::test {

struct TraceStep {
    int number = 0;
    std::vector<std::string> fluents;                           ///< KIF
    std::map<std::string, std::vector<std::string>> legal;      ///< role -> legal moves
    std::vector<std::pair<std::string, std::string>> moves;     ///< (role, move) in file order
    bool terminal = false;
    std::map<std::string, std::string> goals;                   ///< role -> value (last step)
};

struct Trace {
    std::string game;
    std::vector<TraceStep> steps;
};

/// Reads a trace file; throws (UserError, located) on one that does not read.
inline Trace read_trace(const std::string& path) {
    const query::MatchRecord rec = query::read_match_record(path);
    Trace trace;
    trace.game = rec.game;
    for (const auto& s : rec.steps) {
        TraceStep t;
        t.number = s.number;
        t.terminal = s.terminal;
        if (s.state)
            for (const auto& f : *s.state) t.fluents.push_back(f.term.to_kif());
        if (s.legal)
            for (const auto& [role, ms] : *s.legal)
                for (const auto& m : ms) t.legal[role].push_back(m.term.to_kif());
        for (const auto& m : s.moves) t.moves.emplace_back(m.role, m.move.term.to_kif());
        trace.steps.push_back(std::move(t));
    }
    if (rec.goals && !trace.steps.empty())
        for (const auto& [role, vs] : *rec.goals)
            if (!vs.empty()) trace.steps.back().goals[role] = vs.front().term.to_kif();
    return trace;
}

}  // namespace gdlsc::test
