// Calls into the embedded engine under limits (see calls.h).
#include "prolog/calls.h"

#include <sstream>

#include "prolog/watchdog.h"

namespace gdlsc::pl {
namespace detail {

bool g_alive = false;

namespace {

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
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
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
        if (formal.name_arity(&name, &arity) && arity == 1) {
            const std::string kind = atom_text(name);
            PlAtom reason(PlAtom::null);
            size_t reason_arity = 0;
            const bool named = formal[1].name_arity(&reason, &reason_arity);
            if (kind == "resource_error") {
                if (named && atom_text(reason).rfind("gdlsc_", 0) == 0)
                    throw RuntimeLimit(context + ": " + exception_message(ex), atom_text(reason));
                throw LimitError("Prolog ran out of resources (" + term_text(formal) + ") in " + context);
            }
            if ((kind == "gdlsc_error" || kind == "gdlsc_unsupported") && named)
                throw RuntimeRefusal(context + ": " + exception_message(ex), atom_text(reason));
        }
    }
    throw EngineError(context + ": " + exception_message(ex));
}

}  // namespace

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

}  // namespace detail

// --- handles ---

std::uintptr_t Handle::raw() const {
    return rec_ ? reinterpret_cast<std::uintptr_t>(rec_.get()) : 0;
}

Handle Handle::adopt(std::uintptr_t record) {
    Handle h;
    h.rec_ = std::shared_ptr<void>(reinterpret_cast<void*>(record), [](void* r) {
        if (detail::g_alive && r) PL_erase(reinterpret_cast<record_t>(r));
    });
    return h;
}

}  // namespace gdlsc::pl
