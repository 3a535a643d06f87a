// The embedded SWI-Prolog engine: start-up flags, loading the runtime and the game,
// calls under limits, and the mapping of Prolog exceptions to EngineError/LimitError.
#include "prolog/engine.h"

#include <SWI-Prolog.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "prolog/convert.h"
#include "query/errors.h"
#include "sc/emit_prolog.h"

namespace gdlsc::pl {
namespace {

bool g_alive = false;  // records are erased only while the engine runs

// A foreign frame: every term reference made inside is released at the end of the scope.
struct Frame {
    fid_t fid = PL_open_foreign_frame();
    ~Frame() { PL_discard_foreign_frame(fid); }
};

// A PL_* call whose failure means Prolog ran out of memory.
void check(int rc) {
    if (!rc) throw EngineError("out of Prolog memory building a goal");
}

term_t compound(const char* name, std::initializer_list<term_t> args) {
    term_t out = PL_new_term_ref();
    term_t av = PL_new_term_refs(static_cast<int>(args.size()));
    int i = 0;
    for (term_t a : args) check(PL_put_term(av + i++, a));
    if (!PL_cons_functor_v(out, PL_new_functor_sz(PL_new_atom(name), args.size()), av))
        throw EngineError("out of Prolog memory building a goal");
    return out;
}

term_t atom_term(const char* s) {
    term_t t = PL_new_term_ref();
    PL_put_atom_chars(t, s);
    return t;
}

term_t int_term(std::int64_t v) {
    term_t t = PL_new_term_ref();
    check(PL_put_int64(t, v));
    return t;
}

term_t var_term() { return PL_new_term_ref(); }

term_t gdl_term(const gdl::Term& t, VarMap& vars) {
    term_t out = PL_new_term_ref();
    if (!put_term(out, t, vars)) throw EngineError("out of Prolog memory converting " + t.to_kif());
    return out;
}

term_t qualified(const std::string& module, term_t goal) {
    term_t m = PL_new_term_ref();
    PL_put_atom(m, PL_new_atom_mbchars(REP_UTF8, module.size(), module.c_str()));
    return compound(":", {m, goal});
}

std::string term_text(term_t t) {
    size_t len = 0;
    char* s = nullptr;
    if (PL_get_nchars(t, &len, &s, CVT_WRITEQ | CVT_ALL | REP_UTF8 | BUF_STACK)) return std::string(s, len);
    return "<term>";
}

std::vector<gdl::Term> list_terms(term_t list) {
    std::vector<gdl::Term> out;
    term_t head = PL_new_term_ref();
    term_t tail = PL_copy_term_ref(list);
    while (PL_get_list(tail, head, tail)) out.push_back(get_term(head));
    return out;
}

// The message SWI-Prolog would print for exception `ex`.
std::string exception_message(term_t ex) {
    Frame f;
    term_t text = var_term();
    term_t goal = qualified("gdlsc_game", compound("exception_text", {ex, text}));
    qid_t q = PL_open_query(nullptr, PL_Q_CATCH_EXCEPTION | PL_Q_NODEBUG, PL_predicate("call", 1, "system"), goal);
    std::string msg;
    if (PL_next_solution(q)) {
        size_t len = 0;
        char* s = nullptr;
        if (PL_get_nchars(text, &len, &s, CVT_ALL | REP_UTF8 | BUF_STACK)) msg.assign(s, len);
    }
    PL_cut_query(q);
    return msg.empty() ? term_text(ex) : msg;
}

// Throws LimitError or EngineError for the exception `ex` raised by the goal described by `context`.
[[noreturn]] void rethrow(term_t ex, const std::string& context, const Limits& lim) {
    atom_t a;
    if (PL_get_atom(ex, &a) && atom_text(a) == "time_limit_exceeded") {
        std::ostringstream m;
        m << "time limit of " << lim.seconds << " s exceeded in " << context;
        throw LimitError(m.str());
    }
    atom_t name;
    size_t arity = 0;
    if (PL_get_name_arity_sz(ex, &name, &arity) && atom_text(name) == "error" && arity == 2) {
        term_t formal = PL_new_term_ref();
        if (PL_get_arg_sz(1, ex, formal) && PL_get_name_arity_sz(formal, &name, &arity) &&
            atom_text(name) == "resource_error") {
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

Handle record(term_t t) { return Handle::adopt(reinterpret_cast<std::uintptr_t>(PL_record(t))); }

term_t recorded(const Handle& h) {
    if (!h.valid()) throw EngineError("use of an empty state handle");
    term_t t = PL_new_term_ref();
    if (!PL_recorded(reinterpret_cast<record_t>(h.raw()), t)) throw EngineError("out of Prolog memory");
    return t;
}

// Runs `goal` once under the limits; true on success (bindings stay), false on failure.
bool run_once(term_t goal, const std::string& context, const Limits& lim) {
    term_t g = goal;
    term_t inference_result = 0;
    if (lim.seconds > 0) {
        term_t secs = PL_new_term_ref();
        check(PL_put_float(secs, lim.seconds));
        g = compound("call_with_time_limit", {secs, g});
    }
    if (lim.inferences > 0) {
        inference_result = var_term();
        g = compound("call_with_inference_limit", {g, int_term(lim.inferences), inference_result});
    }
    qid_t q = PL_open_query(nullptr, PL_Q_CATCH_EXCEPTION | PL_Q_NODEBUG, PL_predicate("call", 1, "system"), g);
    if (!q) throw EngineError("cannot open a Prolog query for " + context);
    int rc = PL_next_solution(q);
    if (!rc) {
        term_t ex = PL_exception(q);
        if (ex) {
            term_t copy = PL_new_term_ref();
            record_t r = PL_record(ex);
            PL_close_query(q);
            PL_recorded(r, copy);
            PL_erase(r);
            PL_clear_exception();
            rethrow(copy, context, lim);
        }
        PL_close_query(q);
        return false;
    }
    PL_cut_query(q);
    if (inference_result) {
        atom_t a;
        if (PL_get_atom(inference_result, &a) && atom_text(a) == "inference_limit_exceeded")
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

Engine::Engine() {
    // Quiet and safe: no init file, no signal handlers, no packs, no toplevel;
    // -O compiles arithmetic (about 10% faster playouts).
    static const char* argv[] = {"gdlsc", "-q", "-O", "--no-signals", "--no-tty", "--no-packs",
                                 "-f", "none", "-F", "none", "--no-debug", nullptr};
    int argc = static_cast<int>(sizeof(argv) / sizeof(argv[0])) - 1;
    if (!PL_initialise(argc, const_cast<char**>(argv)))
        throw EngineError("cannot start SWI-Prolog (set SWI_HOME_DIR to its home, e.g. /usr/lib/swi-prolog)");
    g_alive = true;
    runtime_dir_ = find_runtime_dir();
    namespace fs = std::filesystem;
    std::vector<std::string> files = {"gdlsc_game.pl", "gdlsc_situation.pl", "gdlsc_formula.pl"};
    std::vector<std::string> others;
    for (const auto& e : fs::directory_iterator(runtime_dir_)) {
        std::string n = e.path().filename().string();
        if (n.rfind("gdlsc_", 0) == 0 && e.path().extension() == ".pl" &&
            std::find(files.begin(), files.end(), n) == files.end())
            others.push_back(n);
    }
    std::sort(others.begin(), others.end());
    files.insert(files.end(), others.begin(), others.end());
    for (const auto& f : files) {
        Frame fr;
        std::string path = (fs::path(runtime_dir_) / f).string();
        term_t file = PL_new_term_ref();
        PL_put_atom(file, PL_new_atom_mbchars(REP_UTF8, path.size(), path.c_str()));
        term_t opts = PL_new_term_ref();
        PL_put_nil(opts);
        if (!run_once(compound("ensure_loaded", {file}), "loading the runtime " + path, Limits{}))
            throw EngineError("cannot load the runtime " + path);
    }
}

Engine::~Engine() {
    g_alive = false;
    PL_cleanup(0);
}

void Engine::set_limits(const Limits& l) {
    limits_ = l;
    if (l.stack_bytes > 0) {
        Frame f;
        run_once(compound("set_prolog_flag", {atom_term("stack_limit"), int_term(static_cast<std::int64_t>(l.stack_bytes))}),
                 "setting the stack limit", Limits{});
    }
}

void Engine::load_game(const gdl::Program& program, const gdl::Analysis& analysis) {
    load_game_text(sc::emit_prolog(program, analysis), analysis.roles);
}

void Engine::load_game_text(const std::string& text, const std::vector<std::string>& roles) {
    Frame f;
    term_t t = PL_new_term_ref();
    if (!PL_put_chars(t, PL_STRING | REP_UTF8, text.size(), text.c_str()))
        throw EngineError("out of Prolog memory loading the game");
    if (!run_once(qualified("gdlsc_game", compound("load_game_text", {t})), "loading the game", Limits{}))
        throw EngineError("loading the game failed");
    roles_ = roles;
}

void Engine::reset_tables() {
    Frame f;
    run_once(atom_term("abolish_all_tables"), "abolish_all_tables", Limits{});
}

// --- states ---

State Engine::initial_state() {
    Frame f;
    term_t s = var_term();
    if (!run_once(qualified("gdlsc_game", compound("init_state", {s})), "init_state/1", limits_))
        throw EngineError("init_state/1 failed");
    return record(s);
}

std::vector<gdl::Term> Engine::fluents(const State& st) {
    Frame f;
    return list_terms(recorded(st));
}

std::vector<gdl::Term> Engine::legal_moves(const std::string& role, const State& st) {
    Frame f;
    VarMap vars;
    term_t ms = var_term();
    term_t goal = compound("legal_moves", {gdl_term(gdl::Term::constant(role), vars), recorded(st), ms});
    if (!run_once(qualified("gdlsc_game", goal), "legal_moves/3", limits_)) return {};
    return list_terms(ms);
}

std::vector<JointMove> Engine::joint_moves(const State& st) {
    Frame f;
    term_t as = var_term();
    if (!run_once(qualified("gdlsc_game", compound("joint_moves", {recorded(st), as})), "joint_moves/2", limits_))
        return {};
    std::vector<JointMove> out;
    for (auto& a : list_terms(as)) out.push_back(a.args);
    return out;
}

namespace {
term_t joint_term(const JointMove& joint, VarMap& vars) {
    if (joint.empty()) return atom_term("a");
    return gdl_term(gdl::Term::compound("a", joint), vars);
}
}  // namespace

State Engine::next_state(const State& st, const JointMove& joint) {
    Frame f;
    VarMap vars;
    term_t s1 = var_term();
    term_t goal = compound("next_state", {joint_term(joint, vars), recorded(st), s1});
    if (!run_once(qualified("gdlsc_game", goal), "next_state/3", limits_)) throw EngineError("next_state/3 failed");
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
    term_t ps = var_term();
    term_t goal = compound("percepts", {gdl_term(gdl::Term::constant(role), vars), joint_term(joint, vars),
                                        recorded(st), ps});
    if (!run_once(qualified("gdlsc_game", goal), "percepts/4", limits_)) return {};
    return list_terms(ps);
}

PlayoutStats Engine::playouts(std::int64_t n, std::int64_t seed, std::int64_t max_depth) {
    Frame f;
    term_t st = var_term(), mv = var_term(), te = var_term();
    term_t stats = compound("stats", {st, mv, te});
    term_t goal = compound("playouts", {int_term(n), int_term(seed), int_term(max_depth), stats});
    if (!run_once(qualified("gdlsc_game", goal), "playouts/4", limits_)) throw EngineError("playouts/4 failed");
    PlayoutStats out;
    int64_t v = 0;
    if (PL_get_int64(st, &v)) out.states = v;
    if (PL_get_int64(mv, &v)) out.moves = v;
    if (PL_get_int64(te, &v)) out.terminals = v;
    return out;
}

// --- generic calls ---

std::vector<Bindings> Engine::solve(const std::string& module, const std::string& predicate,
                                    const std::vector<gdl::Term>& args, std::size_t max_solutions,
                                    const State* state) {
    Frame f;
    VarMap vars;
    term_t av = PL_new_term_refs(static_cast<int>(args.size()));
    for (size_t i = 0; i < args.size(); ++i) {
        if (state && args[i].is_variable() && args[i].name == "$state") {
            check(PL_put_term(av + i, recorded(*state)));
            continue;
        }
        if (!put_term(av + i, args[i], vars)) throw EngineError("out of Prolog memory converting arguments");
    }
    term_t goal = PL_new_term_ref();
    atom_t name = PL_new_atom_mbchars(REP_UTF8, predicate.size(), predicate.c_str());
    if (!PL_cons_functor_v(goal, PL_new_functor_sz(name, args.size()), av))
        throw EngineError("out of Prolog memory building a goal");
    std::vector<std::string> names;
    term_t tv = PL_new_term_refs(static_cast<int>(vars.size()));
    int i = 0;
    for (const auto& [n, ref] : vars) {
        names.push_back(n);
        check(PL_put_term(tv + i++, ref));
    }
    term_t templ = PL_new_term_ref();
    if (!PL_cons_functor_v(templ, PL_new_functor_sz(PL_new_atom("v"), names.size()), tv))
        throw EngineError("out of Prolog memory building a goal");
    term_t list = var_term();
    term_t all;
    if (max_solutions == std::numeric_limits<std::size_t>::max())
        all = compound("findall", {templ, qualified(module, goal), list});
    else
        all = compound("once", {compound("findnsols", {int_term(static_cast<std::int64_t>(max_solutions)), templ,
                                                       qualified(module, goal), list})});
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

gdl::Term make_list(const std::vector<gdl::Term>& items) {
    gdl::Term out = gdl::Term::constant("[]");
    for (auto it = items.rbegin(); it != items.rend(); ++it) out = gdl::Term::compound("[|]", {*it, out});
    return out;
}

std::vector<gdl::Term> list_items(const gdl::Term& list) {
    std::vector<gdl::Term> out;
    const gdl::Term* t = &list;
    while (t->is_compound() && t->name == "[|]" && t->args.size() == 2) {
        out.push_back(t->args[0]);
        t = &t->args[1];
    }
    return out;
}

}  // namespace gdlsc::pl
