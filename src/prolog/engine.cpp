// The embedded SWI-Prolog engine: start-up flags, loading the runtime and the game,
// calls under limits, and the mapping of Prolog exceptions to EngineError/LimitError.
// Written with SWI-cpp2.h (PlEngine, PlFrame, PlQuery, PlTerm...); compiled as C++17, see CMakeLists.txt.
#include "prolog/engine.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "prolog/convert.h"
#include "network/step_network.h"
#include "prolog/network.h"
#include "prolog/watchdog.h"
#include "base/environment.h"
#include "base/errors.h"
#include "sc/emit_prolog.h"

namespace gdlsc::pl {
namespace {

bool g_alive = false;  // records are erased only while the engine runs
// The engine (PL_initialise). Never deleted: ~PlEngine calls PL_cleanup, which can hang at
// exit (see Engine::~Engine).
PlEngine* g_engine = nullptr;

// A foreign frame: every term reference made inside is released, and every binding undone,
// at the end of the scope (PlFrame alone closes the frame; rewinding first discards it).
struct Frame : PlFrame {
    ~Frame() { rewind(); }
};

// SWI-cpp2.h reports a failed PL_* call (Prolog out of memory) by throwing PlFail: every
// term the host builds goes through here, which turns it into EngineError(what).
template <class F>
decltype(auto) or_out_of_memory(const std::string& what, F&& build) {
    try {
        return build();
    } catch (const PlFail&) {
        PL_clear_exception();
        throw EngineError(what);
    }
}
constexpr const char* kBuildingGoal = "out of Prolog memory building a goal";

PlTerm compound(const char* name, std::initializer_list<PlTerm> args) {
    return or_out_of_memory(kBuildingGoal, [&]() -> PlTerm {
        PlTermv av(args.size());
        size_t i = 0;
        for (const PlTerm& a : args) PlPutTerm(av[i++].C_, a.C_);
        return PlCompound(name, av);
    });
}

PlTerm int_term(std::int64_t v) {
    return or_out_of_memory(kBuildingGoal, [&]() -> PlTerm { return PlTerm_integer(v); });
}

PlTerm gdl_term(const gdl::Term& t, VarMap& vars) {
    try {
        PlTerm_var out;
        put_term(out, t, vars);
        return out;
    } catch (const PlFail&) {  // not or_out_of_memory: the message is built only on failure
        PL_clear_exception();
        throw EngineError("out of Prolog memory converting " + t.to_kif());
    }
}

PlTerm qualified(const std::string& module, const PlTerm& goal) {
    return compound(":", {PlTerm_atom(atom_for(module)), goal});
}

// call/1 in module system: every query goes through it.
const PlPredicate& call1() {
    static const PlPredicate p(PlFunctor("call", 1), PlModule("system"));
    return p;
}

std::string term_text(const PlTerm& t) {
    try {
        return t.get_nchars(CVT_WRITEQ | CVT_ALL | REP_UTF8 | BUF_STACK);
    } catch (const PlFail&) {
        PL_clear_exception();
        return "<term>";
    }
}

std::vector<gdl::Term> list_terms(const PlTerm& list) {
    std::vector<gdl::Term> out;
    if (!list.is_list()) return out;
    PlTerm_tail tail(list);
    PlTerm_var head;
    try {
        while (tail.next(head)) out.push_back(get_term(head));
    } catch (const PlTypeError&) {
        // a partial list: the items before its open tail
    }
    return out;
}

// The message SWI-Prolog would print for exception `ex`.
std::string exception_message(const PlTerm& ex) {
    std::string msg;
    try {
        Frame f;
        PlTerm_var text;
        PlTerm goal = qualified("gdlsc_game", compound("exception_text", {ex, text}));
        PlQuery q(call1(), PlTermv(goal), PL_Q_CATCH_EXCEPTION | PL_Q_NODEBUG);
        if (q.next_solution()) msg = text.get_nchars(CVT_ALL | REP_UTF8 | BUF_STACK);
    } catch (const PlFail&) {
        PL_clear_exception();
    }
    return msg.empty() ? term_text(ex) : msg;
}

// Throws LimitError or EngineError for the exception `ex` raised by the goal described by `context`.
[[noreturn]] void rethrow(const PlTerm& ex, const std::string& context, const Limits& lim) {
    PlAtom a(PlAtom::null);
    if (ex.get_if_atom(&a) && atom_text(a) == "time_limit_exceeded") {
        std::ostringstream m;
        m << "time limit of " << lim.seconds << " s exceeded in " << context;
        throw TimeLimitError(m.str());
    }
    PlAtom name(PlAtom::null);
    size_t arity = 0;
    if (ex.name_arity(&name, &arity) && atom_text(name) == "error" && arity == 2) {
        PlTerm formal = ex[1];
        if (formal.name_arity(&name, &arity) && atom_text(name) == "resource_error") {
            throw LimitError("Prolog ran out of resources (" + term_text(formal) + ") in " + context);
        }
    }
    throw EngineError(context + ": " + exception_message(ex));
}

}  // namespace

// --- handles ---

std::uintptr_t Handle::raw() const {
    return rec_ ? reinterpret_cast<std::uintptr_t>(rec_.get()) : 0;
}

Handle Handle::adopt(std::uintptr_t record) {
    Handle h;
    h.rec_ = std::shared_ptr<void>(reinterpret_cast<void*>(record), [](void* r) {
        if (g_alive && r) PL_erase(reinterpret_cast<record_t>(r));
    });
    return h;
}

namespace {

// Records stay C calls: SWI-cpp2.h 9.0.4 has PlTerm::record() and PlTerm_recorded but no erase.
Handle record(const PlTerm& t) { return Handle::adopt(reinterpret_cast<std::uintptr_t>(PL_record(t.C_))); }

PlTerm recorded(const Handle& h) {
    if (!h.valid()) throw EngineError("use of an empty state handle");
    return or_out_of_memory("out of Prolog memory",
                            [&]() -> PlTerm { return PlTerm_recorded(reinterpret_cast<record_t>(h.raw())); });
}

// Runs `goal` once under the limits; true on success (bindings stay), false on failure.
bool run_once(const PlTerm& goal, const std::string& context, const Limits& lim) {
    PlTerm_var inference_result;
    PlTerm g = or_out_of_memory(kBuildingGoal, [&]() -> PlTerm {
        PlTerm timed = lim.seconds > 0 ? compound("call_with_time_limit", {PlTerm_float(lim.seconds), goal}) : goal;
        if (lim.inferences <= 0) return timed;
        return compound("call_with_inference_limit", {timed, int_term(lim.inferences), inference_result});
    });
    int rc = 0;
    // The hard bound behind the alarm: a call that outlives its limit by the grace period
    // ends the process (exit 4) instead of hanging it.
    WatchdogScope watchdog(lim.seconds > 0 ? lim.seconds + kWatchdogGraceSeconds : 0, context.c_str(), lim.seconds);
    try {
        // PL_Q_PASS_EXCEPTION: PlQuery::next_solution() closes the query when it fails, and an
        // exception then stays pending for PlException_qid (PL_exception(0)).
        PlQuery q(call1(), PlTermv(g), PL_Q_PASS_EXCEPTION | PL_Q_NODEBUG);
        rc = q.next_solution();
    } catch (const PlFail&) {
        if (!PL_exception(0)) throw EngineError("cannot open a Prolog query for " + context);
        rc = 0;
    }
    if (!rc) {
        PlException_qid pending;
        if (pending.not_null()) {
            record_t r = PL_record(pending.C_);
            PlTerm_var copy;
            PL_recorded(r, copy.C_);
            PL_erase(r);
            PL_clear_exception();
            rethrow(copy, context, lim);
        }
        return false;
    }
    if (lim.inferences > 0) {
        PlAtom a(PlAtom::null);
        if (inference_result.get_if_atom(&a) && atom_text(a) == "inference_limit_exceeded")
            throw LimitError("inference limit of " + std::to_string(lim.inferences) + " exceeded in " + context);
    }
    return true;
}

}  // namespace

// --- engine life ---

Engine& Engine::instance() {
    static Engine e;
    return e;
}

namespace {

// A quarter of the address-space limit (ulimit -v, RLIMIT_AS) when there is one, else 0. Past
// its own stack or table limit SWI-Prolog raises a resource error (exit 4); a malloc that fails
// first ends the process with "FATAL ERROR: Could not allocate memory" instead, so under an
// address-space limit the stacks and the tables are kept well inside it.
std::size_t address_space_share() {
    rlimit r{};
    if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return 0;
    return static_cast<std::size_t>(r.rlim_cur / 4);
}

}  // namespace

Engine::Engine() {
    const Environment& env = environment();  // a bad value ends the command before anything starts
    // Below this much address space SWI-Prolog's own threads and start-up allocations fail with
    // an assertion or a fatal error (measured: 50-70 MB), not a resource error: refuse up front.
    constexpr std::size_t kMinAddressSpace = std::size_t{128} << 20;
    if (std::size_t share = address_space_share(); share > 0 && share * 4 < kMinAddressSpace)
        throw LimitError("the address-space limit (ulimit -v) of " + std::to_string(share * 4 >> 20) +
                         " MB is below the 128 MB the embedded Prolog engine needs");
    // Quiet and safe: no init file, no signal handlers, no packs, no toplevel;
    // -O compiles arithmetic (about 10% faster playouts).
    static const char* argv[] = {"gdlsc", "-q", "-O", "--no-signals", "--no-tty", "--no-packs",
                                 "-f", "none", "-F", "none", "--no-debug", nullptr};
    int argc = static_cast<int>(sizeof(argv) / sizeof(argv[0])) - 1;
    WatchdogScope watchdog(kWatchdogStartSeconds, "starting SWI-Prolog and loading the runtime");
    try {
        g_engine = new PlEngine(argc, const_cast<char**>(argv));
    } catch (const PlFail&) {
        throw EngineError("cannot start SWI-Prolog (set SWI_HOME_DIR to its home, e.g. /usr/lib/swi-prolog)");
    }
    g_alive = true;
    register_network();
    runtime_dir_ = find_runtime_dir();
    namespace fs = std::filesystem;
    if (std::size_t share = address_space_share()) {
        Frame fr;
        const auto bytes = static_cast<std::int64_t>(share);
        run_once(compound("set_prolog_flag", {PlTerm_atom("stack_limit"), int_term(bytes)}), "setting the stack limit",
                 Limits{});
        run_once(compound("set_prolog_flag", {PlTerm_atom("table_space"), int_term(bytes)}), "setting the table space",
                 Limits{});
    }
    {
        // Our sources and every text we hand to Prolog are UTF-8, whatever the locale
        // (a fresh machine or CI may run with LANG unset, i.e. the C locale).
        Frame fr;
        run_once(compound("set_prolog_flag", {PlTerm_atom("encoding"), PlTerm_atom("utf8")}),
                 "setting the encoding", Limits{});
    }
    {
        // Prolog never waits for the terminal: no debugger on an uncaught error, and
        // user_input (and the current input) is an empty stream, so any read gets
        // end_of_file at once instead of blocking on an open stdin (a terminal, ctest).
        Frame fr;
        run_once(compound("set_prolog_flag", {PlTerm_atom("debug_on_error"), PlTerm_atom("false")}),
                 "turning the debugger off", Limits{});
        PlTerm_var in;
        PlTerm none = compound(",", {compound("set_stream", {in, compound("alias", {PlTerm_atom("user_input")})}),
                                     compound("set_input", {in})});
        PlTerm_string empty("");
        run_once(compound(",", {compound("open_string", {empty, in}), none}), "closing user_input", Limits{});
    }
    {
        // The runtime's one entry module, which loads every module it is made of.
        Frame fr;
        std::string path = (std::filesystem::path(runtime_dir_) / "gdlsc.pl").string();
        if (!run_once(compound("ensure_loaded", {PlTerm_atom(atom_for(path))}), "loading the runtime " + path, Limits{}))
            throw EngineError("cannot load the runtime " + path);
    }
    {
        // The runtime's settings from the environment (src/base/environment.h), as flags.
        Frame fr;
        run_once(compound(",", {compound("set_prolog_flag", {PlTerm_atom("gdlsc_network"), PlTerm_atom(env.network.c_str())}),
                                compound(",", {compound("set_prolog_flag", {PlTerm_atom("gdlsc_infoset_threads"),
                                                                            int_term(env.infoset_threads)}),
                                               compound("set_prolog_flag", {PlTerm_atom("gdlsc_slots"),
                                                                            PlTerm_atom(env.slots.c_str())})})}),
                 "setting the runtime's flags", Limits{});
    }
}

// The engine lives until the process ends, and is not cleaned up: this destructor runs at
// exit and only flushes Prolog's output streams. PL_cleanup would run library(time)'s halt
// hook, which in SWI-Prolog 9.0.4 can deadlock: it sets the alarm scheduler's stop flag
// without holding the scheduler's mutex, then locks that mutex to wake the thread; a
// scheduler that wakes in between (woken by the last call's remove_alarm, late on a busy
// machine) sees the flag and returns with the mutex still locked, and the hook then waits
// for it for ever (one process in ~8000 loaded runs of `simulate nim1.kif --timeout 60`:
// main thread in PL_cleanup -> time.so -> pthread_mutex_lock, scheduler thread gone).
// Memory, threads and files are the operating system's to reclaim at exit.
Engine::~Engine() {
    if (g_engine) {
        try {
            Frame f;
            run_once(compound(",", {compound("flush_output", {PlTerm_atom("user_output")}),
                                    compound("flush_output", {PlTerm_atom("user_error")})}),
                     "flushing Prolog's output", Limits{});
        } catch (const std::exception&) {
            // nothing more can be reported at exit
        } catch (const PlFail&) {
        }
    }
    g_alive = false;
}

std::string Engine::prolog_version() {
    Frame f;
    PlTerm_var v;
    if (!run_once(compound("current_prolog_flag", {PlTerm_atom("version"), v}), "current_prolog_flag/2", Limits{}) ||
        !v.is_integer())
        return "unknown";
    long n = v.as_long();  // 90004 -> 9.0.4
    return std::to_string(n / 10000) + "." + std::to_string(n / 100 % 100) + "." + std::to_string(n % 100);
}

void Engine::set_limits(const Limits& l) {
    limits_ = l;
    std::size_t stack = l.stack_bytes;
    if (std::size_t share = address_space_share(); share > 0 && stack > share) stack = share;
    if (stack > 0) {
        Frame f;
        run_once(compound("set_prolog_flag", {PlTerm_atom("stack_limit"), int_term(static_cast<std::int64_t>(stack))}),
                 "setting the stack limit", Limits{});
    }
}

void Engine::load_game(const gdl::Program& program, const gdl::Analysis& analysis, NetworkSource network) {
    load_game_text(sc::emit_prolog(program, analysis), analysis.roles);
    if (!network) {  // built here, from copies of the rules, on first use
        auto p = std::make_shared<const gdl::Program>(program);
        auto a = std::make_shared<const gdl::Analysis>(analysis);
        network = [p, a](std::string&) {
            return std::make_shared<const ground::StepNetwork>(*p, *a, ground::kEngineNetworkLimits);
        };
    }
    set_network_game(std::move(network));
}

void Engine::load_game_text(const std::string& text, const std::vector<std::string>& roles) {
    Frame f;
    PlTerm_var t;
    // PlTerm_string reads its text as Latin-1; the game text is UTF-8.
    or_out_of_memory("out of Prolog memory loading the game",
                     [&] { PlCheck(PL_put_chars(t.C_, PL_STRING | REP_UTF8, text.size(), text.c_str())); });
    // Loading is not under call_with_time_limit, but it is bounded like a call.
    WatchdogScope watchdog(limits_.seconds > 0 ? limits_.seconds + kWatchdogGraceSeconds : 0, "loading the game");
    set_network_game({});
    if (!run_once(qualified("gdlsc_game", compound("load_game_text", {t})), "loading the game", Limits{}))
        throw EngineError("loading the game failed");
    roles_ = roles;
}

void Engine::reset_tables() {
    Frame f;
    run_once(PlTerm_atom("abolish_all_tables"), "abolish_all_tables", Limits{});
}

// --- states ---

State Engine::initial_state() {
    Frame f;
    PlTerm_var s;
    if (!run_once(qualified("gdlsc_developments", compound("dev_init_state", {s})), "init_state/1", limits_))
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
    // (prolog/gdlsc_developments.pl); it is not a fluent.
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
    if (!run_once(qualified("gdlsc_developments", goal), "next_state/3", limits_))
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
    if (!run_once(qualified("gdlsc_developments", goal), "playouts/4", limits_)) throw EngineError("playouts/4 failed");
    PlayoutStats out;
    if (st.is_integer()) out.states = st.as_int64_t();
    if (mv.is_integer()) out.moves = mv.as_int64_t();
    if (te.is_integer()) out.terminals = te.as_int64_t();
    return out;
}

// --- generic calls ---

std::vector<Bindings> Engine::solve(const std::string& module, const std::string& predicate,
                                    const std::vector<gdl::Term>& args, std::size_t max_solutions,
                                    const State* state) {
    Frame f;
    VarMap vars;
    std::vector<std::string> names;
    PlTerm_var list;
    PlTerm all = [&]() -> PlTerm {
        PlTermv av(args.size());
        or_out_of_memory("out of Prolog memory converting arguments", [&] {
            for (size_t i = 0; i < args.size(); ++i) {
                if (state && args[i].is_variable() && args[i].name == "$state")
                    PlPutTerm(av[i].C_, recorded(*state).C_);
                else
                    put_term(av[i], args[i], vars);
            }
        });
        return or_out_of_memory(kBuildingGoal, [&]() -> PlTerm {
            PlTerm_var goal;
            PlFunctor fn(PL_new_functor_sz(atom_for(predicate).C_, args.size()));
            fn.verify();
            PlCheck(PL_cons_functor_v(goal.C_, fn.C_, av.termv()));
            PlTermv tv(vars.size());
            size_t i = 0;
            for (const auto& [n, ref] : vars) {
                names.push_back(n);
                PlPutTerm(tv[i++].C_, ref.C_);
            }
            PlCompound templ("v", tv);
            if (max_solutions == std::numeric_limits<std::size_t>::max())
                return compound("findall", {templ, qualified(module, goal), list});
            return compound("once", {compound("findnsols", {int_term(static_cast<std::int64_t>(max_solutions)), templ,
                                                            qualified(module, goal), list})});
        });
    }();
    std::string context = module + ":" + predicate + "/" + std::to_string(args.size());
    if (!run_once(all, context, limits_)) return {};
    std::vector<Bindings> out;
    for (const auto& row : list_terms(list)) {
        Bindings b;
        for (size_t k = 0; k < names.size(); ++k) b[names[k]] = k < row.args.size() ? row.args[k] : row;
        out.push_back(std::move(b));
    }
    return out;
}

bool Engine::succeeds(const std::string& module, const std::string& predicate, const std::vector<gdl::Term>& args) {
    return !solve(module, predicate, args, 1).empty();
}

// --- lists ---

}  // namespace gdlsc::pl
