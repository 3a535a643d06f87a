// The printers of ProveReport (see prove_report.h).
#include "prove/prove_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/strings.h"

namespace gdlsc::query {

namespace {

void print_development(std::ostringstream& o, const std::string& title,
                       const std::vector<std::vector<std::string>>& moves,
                       const std::vector<std::vector<std::string>>& percepts, const std::string& role) {
    o << "  " << title << ":\n";
    if (moves.empty()) o << "    (the initial state)\n";
    for (size_t i = 0; i < moves.size(); ++i) {
        o << "    step " << i + 1 << ": (" << joined(moves[i]) << ")";
        if (!role.empty() && i < percepts.size()) o << "   " << role << " sees (" << joined(percepts[i]) << ")";
        o << "\n";
    }
}

}  // namespace

std::string prove_text(const ProveReport& r) {
    std::ostringstream o;
    if (r.undecided && r.method == ProveMethod::Walks) {
        o << r.property << " is undecided: no counterexample in " << r.walks << " random lockstep walks (the longest "
          << r.depth << " joint moves, " << r.states << " states); walks can refute, never prove\n";
        return o.str();
    }
    if (r.undecided) {
        o << r.property << " is undecided: not k-inductive up to k = " << r.depth << " for " << r.role
          << ", and no counterexample of length <= " << r.depth << "\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::SmtInduction) {
        o << r.property << " holds for every development of every length: proved by k-induction (k = " << r.depth;
        if (r.invariants_from > 0)
            o << "; the invariants hold from depth " << r.invariants_from << ", the depths up to "
              << r.invariants_from + r.depth << " searched";
        o << ")\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::Chc && r.over_states) {
        o << r.property << " holds for the whole game: proved " << (r.solver == "bounded" ? "by Z3" : "by IC3/PDR") << " on one copy of the game's states";
        auto it = r.invariants.find("states");
        if (it != r.invariants.end()) o << " (an inductive invariant of " << it->second << " lemmas)";
        else if (r.property == "weak-winnability") o << " (a winning terminal state is reachable for every agent)";
        else if (r.solver == "bounded")
            o << " (every development ends within " << r.depth << " joint moves: Z3 finds none of " << r.depth + 1 << ")";
        o << "\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::Chc) {
        o << r.property << " holds for every development of every length: proved on the pair system's Horn clauses "
          << "(inductive invariant";
        std::string sep = ": ";
        for (const auto& [role, lemmas] : r.invariants) {
            auto by = r.solved_by.find(role);
            o << sep << role << " " << lemmas << " lemmas"
              << (by == r.solved_by.end() ? "" : by->second == "spacer" ? " by Spacer" : " by PDR");
            sep = ", ";
        }
        o << ")\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.method == ProveMethod::Bdd && !r.invariants.empty()) {
        o << r.property << " holds for every development of every length: proved on BDDs by an inductive invariant ";
        std::string sep = "(";
        for (const auto& [role, fluents] : r.invariants) {
            o << sep << role << ": " << fluents << " equalities of fluents";
            sep = ", ";
        }
        o << ")";
        if (!r.searched.empty()) {
            o << "; the reachable pairs of";
            for (const auto& role : r.searched) o << " " << role;
            o << ": " << r.states << " states, " << r.pairs << " pairs, depth " << r.depth;
        }
        o << "\n";
        return o.str();
    }
    if (r.holds && r.whole_game && r.over_states) {
        o << r.property << " holds for the whole game (" << r.states << " reachable states searched, depth " << r.depth
          << ")\n";
        return o.str();
    }
    if (r.holds && r.whole_game) {
        o << r.property << " holds for every development of every length (whole game: " << r.states
          << " reachable states, " << r.pairs << " pairs of indistinguishable states, depth " << r.depth << ")\n";
        return o.str();
    }
    if (r.holds) {
        o << r.property << " holds for every development of length <= " << r.depth << "\n";
        return o.str();
    }
    o << r.property << " does not hold: ";
    if (!r.explanation.empty()) {  // one development (well-formedness)
        o << r.explanation << "\n";
        if (r.no_development) return o.str();
        print_development(o, "development", r.actual, {}, "");
        if (r.loop_start)
            o << "  the state after step " << *r.loop_start << " recurs after step " << r.actual.size()
              << ": the steps between can be repeated for ever\n";
        return o.str();
    }
    // One development twice (a formula under knows fails at the actual development itself, which
    // the role always considers possible): say so, and print it once.
    const bool same = !r.role.empty() && r.actual == r.alternative;
    if (same)
        o << "it fails at the end of this development of length " << r.at_depth << ", which " << r.role
          << " cannot rule out (it is the actual one)\n";
    else if (!r.role.empty())
        o << r.role << " cannot tell these two developments apart at depth " << r.at_depth << "\n";
    else
        o << "it fails after this development of length " << r.at_depth << "\n";
    print_development(o, same ? "development" : "actual", r.actual, r.actual_percepts, r.role);
    if (!r.role.empty() && !same) print_development(o, "alternative", r.alternative, r.alternative_percepts, r.role);
    if (r.first_difference) o << "  the joint moves first differ at step " << r.first_difference << "\n";
    if (r.method == ProveMethod::Walks)
        o << "  found by random lockstep walks (" << r.walks << " made): a counterexample, not necessarily a shortest one\n";
    if (!r.at_end.empty()) {
        o << "  at the end (after step " << r.at_depth << "):\n";
        std::size_t width = 0;
        for (const auto& v : r.at_end) width = std::max(width, v.what.size());
        for (const auto& v : r.at_end) {
            o << "    " << v.what << std::string(width - v.what.size() + 2, ' ') << (same ? "" : "actual ") << v.actual;
            if (!r.role.empty() && !same) o << "   alternative " << v.alternative;
            if (v.differs) o << "   <- differ";
            o << "\n";
        }
    }
    if (r.failing_members) {
        const auto& f = *r.failing_members;
        o << "  " << r.role << "'s information set at the actual development has " << f.states << " distinct state"
          << (f.states == 1 ? "" : "s") << "; " << f.phi << " fails in " << f.failing << " of them"
          << (f.shown.empty() ? "" : f.shown.size() < f.failing ? ", e.g." : ":") << "\n";
        for (const auto& st : f.shown) o << "    " << st << "\n";
    }
    return o.str();
}

const char* prove_method_name(ProveMethod m) {
    static const char* const methods[] = {"developments", "fixpoint", "smt", "smt-induction", "witness", "chc", "bdd", "walks"};
    return methods[static_cast<int>(m)];
}

std::string prove_json(const ProveReport& r) {
    nlohmann::json j;
    j["holds"] = r.holds;
    j["method"] = prove_method_name(r.method);
    j["whole_game"] = r.whole_game;
    j["undecided"] = r.undecided;
    j["depth"] = r.depth;
    if (r.method == ProveMethod::Fixpoint) {
        j["states"] = r.states;
        j["pairs"] = r.pairs;
        j["space"] = r.space;
    }
    if (r.method == ProveMethod::Walks) {
        j["states"] = r.states;
        j["walks"] = r.walks;
        j["space"] = r.space;
    }
    if (r.method == ProveMethod::Chc) j["solver"] = r.solver, j["solved_by"] = r.solved_by;
    if (r.method == ProveMethod::Bdd) {
        j["states"] = r.states;
        j["pairs"] = r.pairs;
        j["nodes"] = {{"peak", r.peak_nodes}, {"table", r.table_nodes}, {"reached", r.bdd_nodes}, {"variables", r.variables}};
    }
    if (r.method == ProveMethod::SmtInduction && !r.undecided && r.holds) j["k"] = r.depth;
    if (r.method == ProveMethod::SmtInduction && !r.invariants.empty()) j["invariants_from"] = r.invariants_from;
    if ((r.method == ProveMethod::SmtInduction || r.method == ProveMethod::Chc || r.method == ProveMethod::Bdd) &&
        !r.invariants.empty())
        j["invariants"] = r.invariants;
    if (r.holds || r.undecided) {
        j["counterexample"] = nullptr;
    } else {
        nlohmann::json c;
        c["role"] = r.role.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.role);
        c["depth"] = r.at_depth;
        c["actual"] = r.actual;
        c["alternative"] = r.alternative;
        c["actual_percepts"] = r.actual_percepts;
        c["alternative_percepts"] = r.alternative_percepts;
        if (!r.explanation.empty()) c["explanation"] = r.explanation;
        if (r.loop_start) c["loop_start"] = *r.loop_start;
        if (r.no_development) c["actual"] = nullptr;
        if (r.first_difference) c["first_difference"] = r.first_difference;
        if (r.failing_members)
            c["information_set"] = {{"phi", r.failing_members->phi},
                                    {"states", r.failing_members->states},
                                    {"failing", r.failing_members->failing},
                                    {"failing_shown", r.failing_members->shown}};
        if (!r.at_end.empty()) {
            c["at_end"] = nlohmann::json::array();
            for (const auto& v : r.at_end)
                c["at_end"].push_back({{"what", v.what}, {"actual", v.actual}, {"alternative", v.alternative}, {"differs", v.differs}});
        }
        j["counterexample"] = c;
    }
    return j.dump(2) + "\n";
}

}  // namespace gdlsc::query
