// The GDL-II execution model on the loaded game: one match with its messages, or timed
// random playouts. Moves are drawn with a std::mt19937_64 seeded by --seed (portable and
// deterministic) over the sorted legal moves, the same under both forward engines; the
// Prolog playout loop runs inside Prolog with its own seeded generator.
#include "simulate/simulation.h"

#include <sys/resource.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "network/network_play.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/environment.h"
#include "base/errors.h"

namespace gdlsc::query {
namespace {

std::string kif_list(const std::vector<gdl::Term>& ts) {
    if (ts.empty()) return "nil";
    std::string s = "(";
    for (size_t i = 0; i < ts.size(); ++i) s += (i ? " " : "") + ts[i].to_kif();
    return s + ")";
}

std::string joined(const std::vector<gdl::Term>& ts) {
    std::string s;
    for (size_t i = 0; i < ts.size(); ++i) s += (i ? " " : "") + ts[i].to_kif();
    return s;
}

bool is_random(const std::string& role) { return role == "random"; }

StateRecord record(Forward& fwd, std::size_t nroles, bool terminal) {
    StateRecord r;
    r.terminal = terminal;
    r.fluents = fwd.fluents();
    for (std::size_t i = 0; i < nroles; ++i) r.legal.push_back(terminal ? std::vector<gdl::Term>{} : fwd.legal(i));
    return r;
}

// A goal value as JSON: a number when it is one, else its KIF text.
nlohmann::ordered_json goal_json(const gdl::Term& v) {
    const std::string& t = v.name;
    bool digits = v.is_constant() && !t.empty() && t.size() < 10 &&
                  t.find_first_not_of("0123456789") == std::string::npos;
    if (digits) return std::stoi(t);
    return v.to_kif();
}

const char* end_name(MatchEnd e) {
    switch (e) {
        case MatchEnd::Terminal: return "terminal";
        case MatchEnd::StepBound: return "step-bound";
        case MatchEnd::NoLegalMove: return "no-legal-move";
    }
    return "?";
}

// Throws UserError when a move of the history step is not legal in `s` (the same
// message as `gdlsc query --history`: position, step, role, move and the legal moves).
// `known`: the legal moves per role when already computed (--verbose), else null.
void check_prefix_step(Forward& fwd, const Step& step, size_t index, const std::vector<std::string>& roles,
                       const StateRecord* known) {
    for (size_t i = 0; i < roles.size(); ++i) {
        auto legal = known ? known->legal[i] : fwd.legal(i);
        bool ok = false;
        for (const auto& mv : legal) ok = ok || mv == step.moves[i];
        if (ok) continue;
        std::string list;
        for (size_t j = 0; j < legal.size() && j < 8; ++j) list += (j ? " " : "") + legal[j].to_kif();
        if (legal.size() > 8) list += " ...";
        const gdl::Location& loc = step.moves[i].loc.valid() ? step.moves[i].loc : step.loc;
        std::string where = loc.valid() ? loc.str() + ": " : std::string();
        throw UserError(where + "history step " + std::to_string(index) + ": move " + step.moves[i].to_kif() +
                        " of role " + roles[i] + " is not legal" +
                        (legal.empty() ? " (the role has no legal move)" : " (legal: " + list + ")"));
    }
}

double process_cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

}  // namespace

Match simulate_match(pl::Engine& engine, const SimulationOptions& opt) {
    auto fwd = progression_forward(engine);
    return simulate_match(*fwd, engine.roles(), opt);
}

Match simulate_match(Forward& fwd, const std::vector<std::string>& roles, const SimulationOptions& opt) {
    Match m;
    m.seed = opt.seed;
    m.id = "sim" + std::to_string(opt.seed);
    m.roles = roles;
    m.engine = fwd.name();
    std::mt19937_64 rng(opt.seed);
    fwd.restart();
    while (true) {
        bool terminal = fwd.terminal();
        if (terminal && m.steps.size() < opt.prefix.size()) {
            const Step& next = opt.prefix[m.steps.size()];
            std::string where = next.loc.valid() ? next.loc.str() + ": " : std::string();
            throw UserError(where + "history step " + std::to_string(m.steps.size() + 1) +
                            ": the game is already over (terminal state " +
                            (m.steps.empty() ? std::string("initially") : "after step " + std::to_string(m.steps.size())) +
                            "): no more moves");
        }
        if (opt.record_states) m.states.push_back(record(fwd, m.roles.size(), terminal));
        if (terminal) {
            m.end = MatchEnd::Terminal;
            break;
        }
        if (m.steps.size() >= opt.max_steps) {
            m.end = MatchEnd::StepBound;
            break;
        }
        MatchStep step;
        const size_t k = m.steps.size();
        if (k < opt.prefix.size()) {
            check_prefix_step(fwd, opt.prefix[k], k + 1, m.roles, opt.record_states ? &m.states.back() : nullptr);
            step.joint = opt.prefix[k].moves;
            step.from_history = true;
        } else {
            for (size_t i = 0; i < m.roles.size(); ++i) {
                auto legal = opt.record_states ? m.states.back().legal[i] : fwd.legal(i);
                if (legal.empty()) {
                    m.end = MatchEnd::NoLegalMove;
                    m.stuck_role = m.roles[i];
                    break;
                }
                step.joint.push_back(legal[rng() % legal.size()]);
            }
            if (m.end == MatchEnd::NoLegalMove) break;
        }
        for (size_t i = 0; i < m.roles.size(); ++i) step.percepts.push_back(fwd.percepts(i, step.joint));
        fwd.play(step.joint);
        m.steps.push_back(std::move(step));
    }
    m.goals = fwd.goals();
    return m;
}

std::string play_message(const Match& m, size_t role_index, size_t turn, bool stop) {
    std::string head = std::string(stop ? "(stop " : "(play ") + m.id + " " + std::to_string(turn) + " ";
    if (turn == 0) return head + "nil nil)";
    const MatchStep& st = m.steps.at(turn - 1);
    return head + st.joint.at(role_index).to_kif() + " " + kif_list(st.percepts.at(role_index)) + ")";
}

std::string format_match_text(const Match& m, bool verbose) {
    std::ostringstream out;
    out << "; match " << m.id << " (seed " << m.seed << "), roles:";
    for (const auto& r : m.roles) out << " " << r;
    out << "\n";
    auto print_state = [&](size_t k) {
        if (!verbose || k >= m.states.size()) return;
        out << "state " << k << ": " << joined(m.states[k].fluents) << "\n";
        if (m.states[k].terminal) return;
        for (size_t i = 0; i < m.roles.size(); ++i)
            out << "legal " << k << " " << m.roles[i] << ": " << joined(m.states[k].legal[i]) << "\n";
    };
    const bool finished = m.end == MatchEnd::Terminal;
    print_state(0);
    out << "step 0\n";
    for (size_t i = 0; i < m.roles.size(); ++i)
        if (!is_random(m.roles[i]))
            out << "  " << m.roles[i] << " <- " << play_message(m, i, 0, finished && m.steps.empty()) << "\n";
    for (size_t k = 1; k <= m.steps.size(); ++k) {
        const MatchStep& st = m.steps[k - 1];
        out << "step " << k << ": (" << joined(st.joint) << ")" << (st.from_history ? "  ; history" : "") << "\n";
        bool last = finished && k == m.steps.size();
        for (size_t i = 0; i < m.roles.size(); ++i)
            if (!is_random(m.roles[i])) out << "  " << m.roles[i] << " <- " << play_message(m, i, k, last) << "\n";
        print_state(k);
    }
    switch (m.end) {
        case MatchEnd::Terminal:
            out << "terminal after " << m.steps.size() << " step" << (m.steps.size() == 1 ? "" : "s") << "\n";
            break;
        case MatchEnd::StepBound:
            out << "not terminal after " << m.steps.size() << " steps (step bound reached)\n";
            break;
        case MatchEnd::NoLegalMove:
            out << "role " << m.stuck_role << " has no legal move in the non-terminal state after step "
                << m.steps.size() << "\n";
            break;
    }
    for (const auto& r : m.roles) {
        if (is_random(r)) continue;
        bool any = false;
        for (const auto& [role, v] : m.goals)
            if (role == r) {
                out << "goal " << r << " " << v.to_kif() << "\n";
                any = true;
            }
        if (!any) out << "goal " << r << " none\n";
    }
    return out.str();
}

std::string format_match_json(const Match& m, bool verbose) {
    using json = nlohmann::ordered_json;
    json out;
    out["match"] = m.id;
    out["seed"] = m.seed;
    out["roles"] = m.roles;
    const bool finished = m.end == MatchEnd::Terminal;
    out["steps"] = json::array();
    for (size_t k = 0; k <= m.steps.size(); ++k) {
        json step;
        step["step"] = k;
        if (k > 0) {
            const MatchStep& st = m.steps[k - 1];
            json joint = json::array(), percepts = json::object();
            for (size_t i = 0; i < m.roles.size(); ++i) {
                joint.push_back(st.joint[i].to_kif());
                if (is_random(m.roles[i])) continue;
                json ps = json::array();
                for (const auto& p : st.percepts[i]) ps.push_back(p.to_kif());
                percepts[m.roles[i]] = ps;
            }
            step["joint_move"] = joint;
            step["from_history"] = st.from_history;
            step["percepts"] = percepts;
        }
        json messages = json::object();
        bool last = finished && k == m.steps.size();
        for (size_t i = 0; i < m.roles.size(); ++i)
            if (!is_random(m.roles[i])) messages[m.roles[i]] = play_message(m, i, k, last);
        step["messages"] = messages;
        if (verbose && k < m.states.size()) {
            json fl = json::array(), legal = json::object();
            for (const auto& f : m.states[k].fluents) fl.push_back(f.to_kif());
            for (size_t i = 0; i < m.roles.size(); ++i) {
                json ms = json::array();
                for (const auto& mv : m.states[k].legal[i]) ms.push_back(mv.to_kif());
                legal[m.roles[i]] = ms;
            }
            step["state"] = fl;
            if (!m.states[k].terminal) step["legal"] = legal;
        }
        out["steps"].push_back(step);
    }
    out["end"] = end_name(m.end);
    out["terminal"] = finished;
    if (m.end == MatchEnd::NoLegalMove) out["stuck_role"] = m.stuck_role;
    json goals = json::object();
    for (const auto& r : m.roles) {
        if (is_random(r)) continue;
        json vs = json::array();
        for (const auto& [role, v] : m.goals)
            if (role == r) vs.push_back(goal_json(v));
        goals[r] = vs;
    }
    out["goals"] = goals;
    return out.dump(2) + "\n";
}

namespace {

// How gdlsc_game:playouts/4 read the states of the game loaded now (after the call: the slot
// copy is derived on the first playouts).
std::string states_as(pl::Engine& engine) {
    if (environment().slots == "off") return "sorted lists (GDLSC_SLOTS=off)";
    const std::string status = pl::runtime::slot_copy_status(engine);
    if (status.empty()) return "sorted lists";
    if (status == "ready") return "slot states";
    std::string why = status;
    if (why.rfind("(none ", 0) == 0) why = why.substr(6, why.size() - 7);
    if (why == "epistemic") why = "GDL-III: knows in the rules";
    else if (why.rfind("(two_arities ", 0) == 0)
        why = "the state relation " + why.substr(13, why.size() - 14) + " is used with two arities";
    else if (why.find("state_left") != std::string::npos) why = "a rule reads the state in a form the slot copy does not rewrite: " + why;
    return "sorted lists (no slot copy: " + why + ")";
}

}  // namespace

PlayoutReport run_playouts(pl::Engine& engine, std::int64_t n, std::uint64_t seed, std::size_t max_steps) {
    PlayoutReport r;
    r.playouts = n;
    r.engine = "progression";
    // SWI-Prolog's set_random(seed(S)) takes an integer; keep it in the int64 range.
    auto pl_seed = static_cast<std::int64_t>(seed & 0x7fffffffffffffffULL);
    const double c0 = process_cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    pl::PlayoutStats st = engine.playouts(n, pl_seed, static_cast<std::int64_t>(max_steps));
    auto t1 = std::chrono::steady_clock::now();
    r.cpu_seconds = process_cpu_seconds() - c0;
    r.states_as = states_as(engine);
    r.seconds = std::chrono::duration<double>(t1 - t0).count();
    r.states = st.states;
    r.moves = st.moves;
    r.terminals = st.terminals;
    return r;
}

PlayoutReport run_playouts(const BuiltNetwork& built, std::int64_t n, std::uint64_t seed, std::size_t max_steps,
                           double timeout_seconds) {
    PlayoutReport r;
    r.playouts = n;
    r.engine = "network";
    r.network = built.net->size_text();
    r.build_seconds = built.build_seconds;
    const double c0 = process_cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    auto keep_going = [&] {
        return timeout_seconds <= 0 ||
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < timeout_seconds;
    };
    ground::PlayoutCounts c = ground::network_playouts(*built.net, built.init, n, seed, max_steps, keep_going);
    auto t1 = std::chrono::steady_clock::now();
    if (c.stopped) {
        std::ostringstream t;
        t << timeout_seconds;
        throw LimitError("time limit of " + t.str() + " s reached after " + std::to_string(c.playouts) + " of " +
                         std::to_string(n) + " playouts (raise --timeout)");
    }
    r.cpu_seconds = process_cpu_seconds() - c0;
    r.seconds = std::chrono::duration<double>(t1 - t0).count();
    r.states = c.states;
    r.moves = c.moves;
    r.terminals = c.terminals;
    return r;
}

std::string format_playouts_text(const PlayoutReport& r) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(3);
    out << "engine:   " << r.engine << (r.engine_note.empty() ? "" : " (" + r.engine_note + ")");
    if (!r.network.empty()) out << " (" << r.network << ", built in " << r.build_seconds << " s)";
    if (!r.states_as.empty()) out << " over " << r.states_as;
    out << "\n";
    out << "playouts: " << r.playouts << " (" << r.terminals << " ended in a terminal state)\n"
        << "states:   " << r.states << " (every state visited, each playout's initial state included)\n"
        << "moves:    " << r.moves << "\n"
        << "seconds:  " << r.seconds << " (CPU " << r.cpu_seconds << ")\n";
    out.precision(0);
    out << "states/s: " << r.states_per_second() << " (per CPU second " << r.states_per_cpu_second() << ")\n";
    return out.str();
}

std::string format_playouts_json(const PlayoutReport& r) {
    nlohmann::ordered_json out;
    out["playouts"] = r.playouts;
    out["engine"] = r.engine;
    if (!r.engine_note.empty()) out["engine_note"] = r.engine_note;
    if (!r.states_as.empty()) out["states_as"] = r.states_as;
    if (!r.network.empty()) {
        out["network"] = r.network;
        out["build_seconds"] = r.build_seconds;
    }
    out["states"] = r.states;
    out["seconds"] = r.seconds;
    out["states_per_second"] = r.states_per_second();
    out["moves"] = r.moves;
    out["terminal_playouts"] = r.terminals;
    out["cpu_seconds"] = r.cpu_seconds;
    out["states_per_cpu_second"] = r.states_per_cpu_second();
    return out.dump() + "\n";
}

}  // namespace gdlsc::query
