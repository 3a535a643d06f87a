// The embedded SWI-Prolog engine: its life (start-up flags, loading the runtime), loading
// the game, and the generic calls (solve/succeeds). The calls under limits are calls.cpp's,
// the state API states.cpp's.
// Written with SWI-cpp2.h (PlEngine, PlFrame, PlQuery, PlTerm...); compiled as C++17, see CMakeLists.txt.
#include "prolog/engine.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "prolog/calls.h"
#include "prolog/convert.h"
#include "network/step_network.h"
#include "prolog/network.h"
#include "prolog/watchdog.h"
#include "base/environment.h"
#include "base/errors.h"
#include "sc/emit_prolog.h"

namespace gdlsc::pl {

using namespace detail;

namespace {

// The engine (PL_initialise). Never deleted: ~PlEngine calls PL_cleanup, which can hang at
// exit (see Engine::~Engine).
PlEngine* g_engine = nullptr;

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

}  // namespace gdlsc::pl
