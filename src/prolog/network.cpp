// gdlsc_network:k_step/5 (see network.h): Prolog states to fluent indices and back, around
// ground::k_step. Prolog terms are read with the C interface (term keys from atom and
// functor handles, no text); output lists share one term per fluent and per move, so a
// state costs one list cell per fluent.
#include "prolog/network.h"

#include <SWI-cpp2.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "network/k_step.h"
#include "network/step_network.h"
#include "prolog/convert.h"

namespace gdlsc::pl {
namespace {

struct NetworkState {
    NetworkSource source;
    bool tried = false;
    std::shared_ptr<const ground::StepNetwork> net;
    // Keys of Prolog terms (term_key) -> index.
    std::unordered_map<std::string, std::uint32_t> fluent_index, percept_index_all;
    std::vector<std::unordered_map<std::string, std::uint32_t>> move_index, percept_index;
    std::vector<record_t> fluent_rec;
    std::vector<std::vector<record_t>> move_rec;
    std::vector<std::uint32_t> fluent_rank;                  // standard order of the fluents
    std::vector<std::vector<std::uint32_t>> move_order;      // per role, moves in standard order
    double build_ms = 0, build_cpu_ms = 0;  // elapsed and CPU time of the last build (grounding, compiling, term maps)
    std::string about;         // the network's size, or why there is none
    std::mutex mutex;

    void clear() {
        for (record_t r : fluent_rec) PL_erase(r);
        for (auto& rs : move_rec)
            for (record_t r : rs) PL_erase(r);
        fluent_rec.clear();
        move_rec.clear();
        fluent_index.clear();
        move_index.clear();
        percept_index.clear();
        fluent_rank.clear();
        move_order.clear();
        net.reset();
        tried = false;
        build_ms = build_cpu_ms = 0;
        about.clear();
    }
};

NetworkState& network_state() {
    static NetworkState n;
    return n;
}

// Term references made from `first` on are given back at the end of the scope: they live on
// Prolog's local stack until the foreign predicate returns, so a loop over many states must
// not keep making new ones (it overflowed that stack on a large information set).
struct TermRefScope {
    term_t first;
    TermRefScope() : first(PL_new_term_ref()) {}
    ~TermRefScope() {
        if (first) PL_reset_term_refs(first);
    }
};

// A key for a ground term made of atoms and compounds (false for anything else).
bool term_key(term_t t, std::string& key, int depth = 0) {
    if (depth > 64) return false;
    auto put = [&](char tag, std::uintptr_t v) {
        key.push_back(tag);
        key.append(reinterpret_cast<const char*>(&v), sizeof v);
    };
    switch (PL_term_type(t)) {
        case PL_ATOM: {
            atom_t a;
            if (!PL_get_atom(t, &a)) return false;
            put('a', a);
            return true;
        }
        case PL_NIL: put('n', 0); return true;
        case PL_TERM:
        case PL_LIST_PAIR: {
            atom_t name;
            size_t arity;
            if (!PL_get_compound_name_arity_sz(t, &name, &arity)) return false;
            put('c', name);
            put('/', arity);
            TermRefScope scope;
            const term_t arg = scope.first;
            if (!arg) return false;
            for (size_t i = 1; i <= arity; ++i) {
                if (!PL_get_arg_sz(i, t, arg) || !term_key(arg, key, depth + 1)) return false;
            }
            return true;
        }
        default: return false;
    }
}

// The key of a gdl::Term as a Prolog term (put_term), and its record.
bool gdl_key(const gdl::Term& g, std::string& key, record_t* rec) {
    PlTerm_var pt;
    term_t t = pt.C_;
    VarMap vars;
    put_term(pt, g, vars);
    key.clear();
    bool ok = term_key(t, key);
    if (rec) *rec = PL_record(t);
    PL_reset_term_refs(t);
    return ok;
}

// The order keysort/2 gives terms (Prolog's standard order): ranks[i] of terms[i].
bool standard_ranks(const std::vector<record_t>& terms, std::vector<std::uint32_t>& ranks) {
    term_t pairs = PL_new_term_ref();
    PL_put_nil(pairs);
    term_t item = PL_new_term_ref(), t = PL_new_term_ref(), idx = PL_new_term_ref();
    static functor_t minus = PL_new_functor(PL_new_atom("-"), 2);
    for (std::size_t i = terms.size(); i-- > 0;) {
        if (!PL_recorded(terms[i], t) || !PL_put_int64(idx, static_cast<std::int64_t>(i)) ||
            !PL_cons_functor(item, minus, t, idx) || !PL_cons_list(pairs, item, pairs))
            return false;
    }
    term_t av = PL_new_term_refs(2);
    if (!PL_put_term(av, pairs)) return false;
    static predicate_t keysort = PL_predicate("keysort", 2, "system");
    if (!PL_call_predicate(nullptr, PL_Q_NODEBUG | PL_Q_CATCH_EXCEPTION, keysort, av)) return false;
    term_t head = PL_new_term_ref(), list = PL_copy_term_ref(av + 1), val = PL_new_term_ref();
    ranks.assign(terms.size(), 0);
    std::uint32_t r = 0;
    while (PL_get_list(list, head, list)) {
        std::int64_t i;
        if (!PL_get_arg(2, head, val) || !PL_get_int64(val, &i)) return false;
        ranks[static_cast<std::size_t>(i)] = r++;
    }
    return r == terms.size();
}

bool build_maps(NetworkState& n);

// The CPU time of the whole process, in ms.
double process_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Builds the network and the term maps, timed; false (and no network, with the reason in
// `about`) when it cannot be had. Nothing thrown here may leave the foreign predicate.
bool build(NetworkState& n) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu0 = process_cpu_ms();
    bool ok = false;
    try {
        ok = build_maps(n);
    } catch (const std::bad_alloc&) {
        n.clear();
        n.tried = true;
        n.about = "out of memory building the step network";
    } catch (const std::exception& e) {
        n.clear();
        n.tried = true;
        n.about = std::string("the step network cannot be built: ") + e.what();
    } catch (const PlFail&) {
        PL_clear_exception();
        n.clear();
        n.tried = true;
        n.about = "out of Prolog memory building the step network";
    }
    n.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    n.build_cpu_ms = process_cpu_ms() - cpu0;
    return ok;
}

bool build_maps(NetworkState& n) {
    n.tried = true;
    if (!n.source) {
        n.about = "the game was loaded from generated text";
        return false;
    }
    try {
        std::string why;
        n.net = n.source(why);
        if (!n.net) {
            // without the grounder's advice for `query --engine smt`, which does not apply
            n.about = why.substr(0, why.find("; use a shorter history"));
            return false;
        }
    } catch (const ground::TooLarge& e) {
        n.about = e.what();  // without the advice for `query --engine smt`, which does not apply
        n.about = n.about.substr(0, n.about.find("; use a shorter history"));
        return false;
    } catch (const ground::NotApplicable& e) {
        n.about = e.what();
        return false;
    }
    n.about = n.net->size_text();
    const ground::StepNetwork& net = *n.net;
    fid_t frame = PL_open_foreign_frame();
    bool ok = true;
    std::string key;
    for (std::uint32_t f = 0; f < net.fluents().size() && ok; ++f) {
        record_t rec;
        ok = gdl_key(net.fluents()[f], key, &rec);
        n.fluent_rec.push_back(rec);
        ok = ok && n.fluent_index.emplace(key, f).second;
    }
    const std::size_t roles = net.roles().size();
    n.move_index.assign(roles, {});
    n.percept_index.assign(roles, {});
    n.move_rec.assign(roles, {});
    n.move_order.assign(roles, {});
    for (std::size_t r = 0; r < roles && ok; ++r) {
        for (std::uint32_t m = 0; m < net.moves(r).size() && ok; ++m) {
            record_t rec;
            ok = gdl_key(net.moves(r)[m], key, &rec);
            n.move_rec[r].push_back(rec);
            ok = ok && n.move_index[r].emplace(key, m).second;
        }
        for (std::uint32_t q = 0; q < net.percepts(r).size() && ok; ++q)
            ok = gdl_key(net.percepts(r)[q], key, nullptr) && n.percept_index[r].emplace(key, q).second;
        std::vector<std::uint32_t> ranks;
        ok = ok && standard_ranks(n.move_rec[r], ranks);
        if (ok) {
            n.move_order[r].resize(ranks.size());
            for (std::uint32_t m = 0; m < ranks.size(); ++m) n.move_order[r][ranks[m]] = m;
        }
    }
    ok = ok && standard_ranks(n.fluent_rec, n.fluent_rank);
    PL_discard_foreign_frame(frame);
    if (!ok) {
        n.clear();
        n.tried = true;
        n.about = "a fluent, move or percept has no Prolog term key";
    }
    return ok;
}

// gdlsc_network:network_info(-Info): none (not built since the game was loaded),
// network(Ms, CpuMs, About) or no_network(Ms, CpuMs, Why): the build's elapsed and CPU
// time (the whole process's), About/Why a string.
foreign_t network_info(term_t info) {
    NetworkState& n = network_state();
    std::lock_guard<std::mutex> lock(n.mutex);
    term_t t = PL_new_term_ref();
    if (!n.tried) return PL_put_atom_chars(t, "none") && PL_unify(info, t);
    term_t ms = PL_new_term_ref(), cpu = PL_new_term_ref(), about = PL_new_term_ref();
    static const functor_t yes = PL_new_functor(PL_new_atom("network"), 3);
    static const functor_t no = PL_new_functor(PL_new_atom("no_network"), 3);
    return PL_put_float(ms, n.build_ms) && PL_put_float(cpu, n.build_cpu_ms) &&
           PL_put_chars(about, PL_STRING | REP_UTF8, static_cast<size_t>(-1), n.about.c_str()) &&
           PL_cons_functor(t, n.net ? yes : no, ms, cpu, about) && PL_unify(info, t);
}

// Reads a list of ground terms into indices of `index`; false if any is not there.
bool read_indices(term_t list, const std::unordered_map<std::string, std::uint32_t>& index,
                  std::vector<std::uint32_t>& out, std::string& key) {
    TermRefScope scope;
    const term_t l = scope.first, h = PL_new_term_ref();
    if (!l || !h || !PL_put_term(l, list)) return false;
    out.clear();
    while (PL_get_list(l, h, l)) {
        key.clear();
        if (!term_key(h, key)) return false;
        auto it = index.find(key);
        if (it == index.end()) return false;
        out.push_back(it->second);
    }
    return PL_get_nil(l);
}

foreign_t k_step(term_t a0, int arity, void*) {
    (void)arity;
    NetworkState& n = network_state();
    std::lock_guard<std::mutex> lock(n.mutex);
    if (!n.tried) build(n);
    if (!n.net) return false;
    const ground::StepNetwork& net = *n.net;
    term_t parents_t = a0, role_t = a0 + 1, move_t = a0 + 2, percepts_t = a0 + 3, result_t = a0 + 4;

    int role1;
    if (!PL_get_integer(role_t, &role1) || role1 < 1 || static_cast<std::size_t>(role1) > net.roles().size())
        return false;
    const std::size_t role = static_cast<std::size_t>(role1 - 1);
    std::string key;
    if (!term_key(move_t, key)) return false;
    auto mv = n.move_index[role].find(key);
    if (mv == n.move_index[role].end()) return false;
    std::vector<std::uint32_t> percepts;
    if (!read_indices(percepts_t, n.percept_index[role], percepts, key)) return false;
    std::sort(percepts.begin(), percepts.end());
    percepts.erase(std::unique(percepts.begin(), percepts.end()), percepts.end());

    std::vector<std::vector<std::uint32_t>> parents;
    {
        term_t l = PL_copy_term_ref(parents_t), h = PL_new_term_ref();
        if (!l || !h) return false;
        while (PL_get_list(l, h, l)) {
            parents.emplace_back();
            if (!read_indices(h, n.fluent_index, parents.back(), key)) return false;
        }
        if (!PL_get_nil(l)) return false;
    }

    ground::KStep step;
    try {
        step = ground::k_step(net, parents, role, mv->second, percepts, n.move_order);
    } catch (const ground::KStepOverflow&) {
        return false;
    } catch (const std::bad_alloc&) {
        return PL_resource_error("memory");
    } catch (const std::exception& e) {  // a defect: say so rather than fall back silently
        term_t ex = PL_new_term_ref(), msg = PL_new_term_ref();
        static const functor_t error_f = PL_new_functor(PL_new_atom("gdlsc_network"), 1);
        if (!PL_put_chars(msg, PL_STRING | REP_UTF8, static_cast<size_t>(-1), e.what()) ||
            !PL_cons_functor(ex, error_f, msg))
            return false;
        return PL_raise_exception(ex);
    }

    // Children in standard order of their states: fluents by rank, states compared as lists.
    for (auto& c : step.children)
        std::sort(c.fluents.begin(), c.fluents.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return n.fluent_rank[a] < n.fluent_rank[b]; });
    std::vector<std::uint32_t> order(step.children.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto& x = step.children[a].fluents;
        const auto& y = step.children[b].fluents;
        return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(), [&](std::uint32_t p, std::uint32_t q) {
            return n.fluent_rank[p] < n.fluent_rank[q];
        });
    });

    // Terms: one per fluent and per move used, shared by every list that holds it.
    std::vector<term_t> fluent_term(net.fluents().size(), 0);
    auto fluent = [&](std::uint32_t f) -> term_t {
        if (!fluent_term[f]) {
            fluent_term[f] = PL_new_term_ref();
            if (!PL_recorded(n.fluent_rec[f], fluent_term[f])) return 0;
        }
        return fluent_term[f];
    };
    std::vector<std::vector<term_t>> move_term(net.roles().size());
    for (std::size_t r = 0; r < net.roles().size(); ++r) move_term[r].assign(net.moves(r).size(), 0);
    auto move = [&](std::size_t r, std::uint32_t m) -> term_t {
        if (!move_term[r][m]) {
            move_term[r][m] = PL_new_term_ref();
            if (!PL_recorded(n.move_rec[r][m], move_term[r][m])) return 0;
        }
        return move_term[r][m];
    };
    static const atom_t a_atom = PL_new_atom("a");
    const functor_t joint_f = PL_new_functor_sz(a_atom, net.roles().size());
    static const functor_t c_f = PL_new_functor(PL_new_atom("c"), 4);
    static const functor_t r_f = PL_new_functor(PL_new_atom("r"), 2);

    term_t children = PL_new_term_ref(), state = PL_new_term_ref(), ks = PL_new_term_ref(),
           k = PL_new_term_ref(), joint = PL_new_term_ref(), child = PL_new_term_ref(), num = PL_new_term_ref();
    term_t moves = PL_new_term_refs(static_cast<int>(net.roles().size()));
    PL_put_nil(children);
    for (std::size_t i = order.size(); i-- > 0;) {
        const ground::KStep::Child& c = step.children[order[i]];
        PL_put_nil(state);
        for (std::size_t j = c.fluents.size(); j-- > 0;) {
            term_t f = fluent(c.fluents[j]);
            if (!f || !PL_cons_list(state, f, state)) return false;
        }
        PL_put_nil(ks);
        for (std::size_t j = c.from.size(); j-- > 0;)
            if (!PL_put_int64(num, static_cast<std::int64_t>(c.from[j]) + 1) || !PL_cons_list(ks, num, ks)) return false;
        for (std::size_t r = 0; r < net.roles().size(); ++r) {
            term_t m = move(r, c.joint[r]);
            if (!m) return false;
            if (!PL_put_term(moves + static_cast<int>(r), m)) return false;
        }
        if (!PL_cons_functor_v(joint, joint_f, moves) || !PL_put_int64(k, static_cast<std::int64_t>(c.parent) + 1) ||
            !PL_cons_functor(child, c_f, state, k, joint, ks) || !PL_cons_list(children, child, children))
            return false;
    }
    term_t ds = PL_new_term_ref();
    PL_put_nil(ds);
    for (std::size_t i = step.joint_moves.size(); i-- > 0;)
        if (!PL_put_uint64(num, step.joint_moves[i]) || !PL_cons_list(ds, num, ds)) return false;
    term_t result = PL_new_term_ref();
    if (!PL_cons_functor(result, r_f, ds, children)) return false;
    return PL_unify(result_t, result);
}

}  // namespace

void register_network() {
    PL_register_foreign_in_module("gdlsc_network", "k_step", 5, reinterpret_cast<pl_function_t>(k_step), PL_FA_VARARGS);
    PL_register_foreign_in_module("gdlsc_network", "network_info", 1, reinterpret_cast<pl_function_t>(network_info), 0);
}

void set_network_game(NetworkSource network) {
    NetworkState& n = network_state();
    std::lock_guard<std::mutex> lock(n.mutex);
    n.clear();
    n.source = std::move(network);
}

}  // namespace gdlsc::pl
