// Information sets through prolog/gdlsc_infoset.pl (see infoset.h). Counts come back from
// Prolog as decimal text because development counts outgrow 64 bits.
#include "infoset/infoset.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/strings.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "session/decimal.h"
#include "session/session.h"

namespace gdlsc::query {
namespace {

using gdl::Term;


}  // namespace

InfosetReport compute_infoset(const Game& g, const std::string& role, const History& h, InfosetDot dot,
                              double timeout_seconds, bool step_stats) {
    check_agent_role(g, role);
    auto& pl = prepare_engine(g, timeout_seconds);
    Term sit = check_history(pl, h);
    InfosetReport r;
    r.role = role;
    r.steps = h.size();
    pl::runtime::InfosetCounts counts = pl::runtime::infoset_report(pl, role, sit, step_stats);
    r.developments = counts.developments;
    for (const auto& s : counts.steps) {
        if (s.args.size() != 7) throw EngineError("infoset_report/5: unexpected step " + s.to_kif());
        InfosetStep st;
        st.step = std::stoul(s.args[0].name);
        st.developments = s.args[1].name;
        st.states = std::stoul(s.args[2].name);
        st.wall_ms = std::stod(s.args[3].name);
        st.cpu_ms = std::stod(s.args[4].name);
        st.update = s.args[5].name;
        const Term& built = s.args[6];
        if (built.args.size() == 3) {
            st.network = built.name;
            st.network_ms = std::stod(built.args[0].name);
            st.network_cpu_ms = std::stod(built.args[1].name);
            st.network_about = built.args[2].name;
        }
        r.step_stats.push_back(st);
    }
    r.state_count = counts.states;
    if (dot != InfosetDot::None) {
        const bool too_many = r.developments.size() > 3 || std::stoul(r.developments) > kMaxDotDevelopments;
        if (too_many)
            throw LimitError("infoset --dot draws at most " + std::to_string(kMaxDotDevelopments) +
                             " developments; this information set has " + r.developments +
                             " (its distinct states: infoset --json)");
        r.dot = pl::runtime::infoset_dot(pl, role, sit, dot == InfosetDot::Full);
    }
    return r;
}

void for_each_infoset_state(const std::function<void(const std::vector<std::string>&)>& each) {
    constexpr std::size_t kPage = 1000;
    auto& pl = pl::Engine::instance();
    for (std::size_t from = 1;; from += kPage) {
        const auto page = pl::runtime::infoset_states_page(pl, from, kPage);
        for (const auto& s : page) each(gdl::list_items_kif(s));
        if (page.size() < kPage) return;
    }
}

void write_infoset_text(std::ostream& o, const InfosetReport& r) {
    o << "information set of " << r.role << " after " << r.steps << " step(s): " << r.developments
      << " development(s), " << r.state_count << " distinct state(s)\n";
    std::size_t i = 0;
    for_each_infoset_state([&](const std::vector<std::string>& s) { o << "state " << ++i << ": " << joined(s) << "\n"; });
    if (!r.step_stats.empty()) {
        o << "step  developments  states  wall_ms  cpu_ms  update\n";
        for (const auto& s : r.step_stats) {
            char line[160];
            std::snprintf(line, sizeof line, "%4zu  %12s  %6zu  %7.1f  %6.1f  %s\n", s.step, s.developments.c_str(),
                          s.states, s.wall_ms, s.cpu_ms, s.update.c_str());
            o << line;
        }
        for (const auto& s : r.step_stats) {
            if (s.network.empty()) continue;
            char ms[32];
            std::snprintf(ms, sizeof ms, "%.1f", s.network_ms);
            o << (s.network == "network" ? "step network built" : "no step network") << " at step " << s.step << " ("
              << ms << " ms, part of that update): " << s.network_about << "\n";
        }
    }
}

namespace {
// `"key": value` at indent 2 inside an object, as nlohmann's dump(2) writes it.
void json_member(std::ostream& o, const std::string& key, const nlohmann::json& value, bool last) {
    std::string v = value.dump(2);
    std::string indented;
    for (char c : v) indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
    o << "  " << nlohmann::json(key).dump() << ": " << indented << (last ? "\n" : ",\n");
}
}  // namespace

void write_infoset_json(std::ostream& o, const InfosetReport& r) {
    // Keys in nlohmann's (sorted) order; state_list streamed in the same layout as dump(2).
    o << "{\n";
    json_member(o, "developments", decimal_json(r.developments), false);
    json_member(o, "role", r.role, false);
    o << "  \"state_list\": [";
    bool first = true;
    for_each_infoset_state([&](const std::vector<std::string>& s) {
        o << (first ? "\n" : ",\n") << "    [";
        for (std::size_t k = 0; k < s.size(); ++k) o << (k ? ",\n" : "\n") << "      " << nlohmann::json(s[k]).dump();
        o << (s.empty() ? "]" : "\n    ]");
        first = false;
    });
    o << (first ? "],\n" : "\n  ],\n");
    json_member(o, "states", r.state_count, r.step_stats.empty());
    if (!r.step_stats.empty()) {
        nlohmann::json steps = nlohmann::json::array();
        for (const auto& s : r.step_stats) {
            nlohmann::json st = {{"step", s.step}, {"developments", decimal_json(s.developments)},
                                 {"states", s.states}, {"wall_ms", s.wall_ms}, {"cpu_ms", s.cpu_ms},
                                 {"update", s.update}};
            if (!s.network.empty())
                st["network"] = {{"built", s.network == "network"}, {"wall_ms", s.network_ms},
                                 {"cpu_ms", s.network_cpu_ms}, {"about", s.network_about}};
            steps.push_back(st);
        }
        json_member(o, "steps", steps, true);
    }
    o << "}\n";
}

}  // namespace gdlsc::query
