// The state API of pl::Engine (engine.h): states, moves, percepts, goals and playouts through
// gdlsc_game, gdlsc_dev_nodes (a GDL-III game's states are those of its developments) and
// gdlsc_playout. Written with SWI-cpp2.h; compiled as C++17, see CMakeLists.txt.
#include <algorithm>

#include "prolog/calls.h"
#include "prolog/engine.h"
#include "sc/emit_prolog.h"

namespace gdlsc::pl {

using namespace detail;

// --- states ---

State Engine::initial_state() {
    Frame f;
    PlTerm_var s;
    if (!run_once(qualified("gdlsc_dev_nodes", compound("dev_init_state", {s})), "init_state/1", limits_))
        throw EngineError("init_state/1 failed");
    return record(s);
}

State Engine::make_state(const std::vector<gdl::Term>& fluents) {
    Frame f;
    VarMap vars;
    PlTerm_var s;
    PlTerm list = gdl_term(gdl::make_list(fluents), vars);
    if (!run_once(qualified("system", compound("sort", {list, s})), "sort/2", limits_))
        throw EngineError("sort/2 failed on a state");
    return record(s);
}

std::vector<gdl::Term> Engine::fluents(const State& st) {
    Frame f;
    std::vector<gdl::Term> ts = list_terms(recorded(st));
    // A GDL-III game's states carry the marker of their development
    // (prolog/gdlsc_dev_nodes.pl); it is not a fluent.
    ts.erase(std::remove_if(ts.begin(), ts.end(), [](const gdl::Term& t) { return t.name == sc::kWorldMarkerName; }),
             ts.end());
    return ts;
}

std::vector<gdl::Term> Engine::legal_moves(const std::string& role, const State& st) {
    Frame f;
    VarMap vars;
    PlTerm_var ms;
    PlTerm goal = compound("legal_moves", {gdl_term(gdl::Term::constant(role), vars), recorded(st), ms});
    if (!run_once(qualified("gdlsc_game", goal), "legal_moves/3", limits_)) return {};
    return list_terms(ms);
}

std::vector<JointMove> Engine::joint_moves(const State& st) {
    Frame f;
    PlTerm_var as;
    if (!run_once(qualified("gdlsc_game", compound("joint_moves", {recorded(st), as})), "joint_moves/2", limits_))
        return {};
    std::vector<JointMove> out;
    for (auto& a : list_terms(as)) out.push_back(a.args);
    return out;
}

namespace {
PlTerm joint_term(const JointMove& joint, VarMap& vars) {
    if (joint.empty()) return PlTerm_atom("a");
    return gdl_term(gdl::Term::compound("a", joint), vars);
}
}  // namespace

State Engine::next_state(const State& st, const JointMove& joint) {
    Frame f;
    VarMap vars;
    PlTerm_var s1;
    PlTerm goal = compound("dev_next_state", {joint_term(joint, vars), recorded(st), s1});
    if (!run_once(qualified("gdlsc_dev_nodes", goal), "next_state/3", limits_))
        throw EngineError("next_state/3 failed");
    return record(s1);
}

bool Engine::terminal(const State& st) {
    Frame f;
    return run_once(qualified("gdlsc_game", compound("terminal", {recorded(st)})), "terminal/1", limits_);
}

std::vector<std::pair<std::string, gdl::Term>> Engine::goals(const State& st) {
    auto rows = solve("gdlsc_game", "goal", {gdl::Term::variable("r"), gdl::Term::variable("v"),
                                             gdl::Term::variable("$state")}, SIZE_MAX, &st);
    std::vector<std::pair<std::string, gdl::Term>> out;
    for (auto& b : rows) out.emplace_back(b.at("r").name, b.at("v"));
    std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
        return x.first != y.first ? x.first < y.first : x.second < y.second;
    });
    return out;
}

std::vector<gdl::Term> Engine::percepts(const std::string& role, const JointMove& joint, const State& st) {
    Frame f;
    VarMap vars;
    PlTerm_var ps;
    PlTerm goal = compound("percepts", {gdl_term(gdl::Term::constant(role), vars), joint_term(joint, vars),
                                        recorded(st), ps});
    if (!run_once(qualified("gdlsc_game", goal), "percepts/4", limits_)) return {};
    return list_terms(ps);
}

PlayoutStats Engine::playouts(std::int64_t n, std::int64_t seed, std::int64_t max_depth) {
    Frame f;
    PlTerm_var st, mv, te;
    PlTerm stats = compound("stats", {st, mv, te});
    PlTerm goal = compound("dev_playouts", {int_term(n), int_term(seed), int_term(max_depth), stats});
    if (!run_once(qualified("gdlsc_playout", goal), "playouts/4", limits_)) throw EngineError("playouts/4 failed");
    PlayoutStats out;
    if (st.is_integer()) out.states = st.as_int64_t();
    if (mv.is_integer()) out.moves = mv.as_int64_t();
    if (te.is_integer()) out.terminals = te.as_int64_t();
    return out;
}

}  // namespace gdlsc::pl
