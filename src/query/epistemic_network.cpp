// GDL-III queries on the step network: developments as BDDs or as rows (see epistemic_network.h).
#include "query/epistemic_network.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdio>
#include <new>
#include <unordered_map>

#include "base/environment.h"
#include "base/errors.h"
#include "ground/epistemic.h"
#include "ground/grounder.h"
#include "network/network_developments.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "session/forward.h"
#include "symbolic/developments.h"

namespace gdlsc::query {
namespace {

using Clock = std::chrono::steady_clock;

std::function<void()> deadline(double timeout_seconds, const char* where) {
    const auto t0 = Clock::now();
    return [=] {
        if (timeout_seconds > 0 && std::chrono::duration<double>(Clock::now() - t0).count() > timeout_seconds)
            throw LimitError("time limit of " + seconds_text(timeout_seconds) + " s exceeded in " + where);
    };
}

// Sets `flag` once `seconds` (> 0) have passed, so that a long BuDDy operation stops at its
// next garbage collection (symbolic/manager.h) instead of running past --timeout; the
// tick of deadline() catches the rest between operations.
class StopAfter {
public:
    explicit StopAfter(double seconds) {
        if (seconds <= 0) return;
        worker_ = std::thread([this, seconds] {
            std::unique_lock<std::mutex> lock(m_);
            if (!cv_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return done_; })) flag_ = true;
        });
    }
    ~StopAfter() {
        {
            std::lock_guard<std::mutex> lock(m_);
            done_ = true;
        }
        cv_.notify_all();
        if (worker_.joinable()) worker_.join();
    }
    const std::atomic<bool>* flag() const { return &flag_; }

private:
    std::atomic<bool> flag_{false};
    std::mutex m_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread worker_;
};

[[noreturn]] void stopped(double seconds) {
    throw LimitError("time limit of " + seconds_text(seconds) + " s exceeded in the BDD developments");
}

// The moves of `h` as indices into the network's moves (-1: not a move of the network).
std::optional<std::vector<std::vector<std::int64_t>>> move_indices(const ground::StepNetwork& net, const History& h,
                                                                   std::string& why) {
    const std::size_t R = net.roles().size();
    std::vector<std::unordered_map<std::string, std::int64_t>> index(R);
    for (std::size_t r = 0; r < R; ++r)
        for (std::size_t m = 0; m < net.moves(r).size(); ++m)
            index[r].emplace(net.moves(r)[m].to_kif(), static_cast<std::int64_t>(m));
    std::vector<std::vector<std::int64_t>> moves;
    for (const Step& st : h) {
        // Wrong arity: the Prolog check words it (it cannot happen for a parsed history).
        if (st.moves.size() != R) {
            why = "a step with " + std::to_string(st.moves.size()) + " moves";
            return std::nullopt;
        }
        std::vector<std::int64_t> row;
        for (std::size_t r = 0; r < R; ++r) {
            auto it = index[r].find(st.moves[r].to_kif());
            row.push_back(it == index[r].end() ? -1 : it->second);
        }
        moves.push_back(std::move(row));
    }
    return moves;
}

// The history's first impossible step as the errors of check_history.
void fail_on(const ground::EpistemicPath& path, const ground::StepNetwork& net, const History& h) {
    if (path.bad_step < 0) return;
    const auto i = static_cast<std::size_t>(path.bad_step);
    if (path.bad_role < 0) fail_terminal(h, i);
    const auto r = static_cast<std::size_t>(path.bad_role);
    std::vector<std::string> legal;
    for (std::uint32_t m : path.legal) legal.push_back(net.moves(r)[m].to_kif());
    fail_illegal(h, i, r, net.roles()[r], legal);
}

std::string path_text(const ground::StepNetwork& net, const ground::EpistemicPath& p) {
    std::string s = p.bad_step >= 0 ? "impossible at step " + std::to_string(p.bad_step) + "; " : "";
    for (std::size_t i = 0; i < p.knows.size(); ++i) {
        s += "node " + std::to_string(i) + ":";
        for (std::uint32_t k : p.knows[i]) s += " " + net.knows()[k].atom.to_kif();
        s += "; ";
    }
    return s;
}

symbolic::DevelopmentOptions bdd_options(std::function<void()> tick, const StopAfter& stop,
                                         std::vector<ground::NodeId> targets = {}) {
    symbolic::DevelopmentOptions o;
    o.stop = stop.flag();
    o.tick = std::move(tick);
    o.extra_targets = std::move(targets);
    return o;
}

// `body` on the BDD developments of `n` (with the formula nodes `targets`), within
// `timeout_seconds`: its result, or nothing where they do not apply (the node bound, knowledge
// that is not hierarchical: why in `why`); past the time limit a LimitError.
template <class Body>
auto on_developments(const EpistemicNetwork& n, double timeout_seconds, std::vector<ground::NodeId> targets,
                     std::string& why, Body body) -> std::optional<decltype(body(std::declval<symbolic::Developments&>()))> {
    try {
        StopAfter stop(timeout_seconds);
        symbolic::Developments dev(*n.net, n.init,
                                   bdd_options(deadline(timeout_seconds, "the BDD developments"), stop, std::move(targets)));
        auto result = body(dev);
        // The manager's watcher cuts BuDDy's free list once the flag is set (symbolic/manager.h):
        // a result computed while it did is not trusted, whatever it says.
        if (stop.flag()->load()) stopped(timeout_seconds);
        return result;
    } catch (const symbolic::Stopped&) {
        stopped(timeout_seconds);
    } catch (const symbolic::NodeLimit& ex) {
        why = ex.what();
    } catch (const ground::NotApplicable& ex) {
        why = ex.what();
    }
    return std::nullopt;
}

}  // namespace

std::optional<EpistemicNetwork> epistemic_network(const gdl::Program& program, const gdl::Analysis& analysis,
                                                  std::size_t max_ground_atoms, std::string& why) {
    try {
        gdl::Program rewritten = ground::knows_as_relations(program, analysis.roles);
        gdl::Analysis a = gdl::analyze(rewritten);
        // The query's bound (--max-ground-size), not the forward engines' network bound
        // (kEngineNetworkLimits): the alternative is the Prolog runtime, slower by far on
        // whatever grounds at all.
        EpistemicNetwork n;
        n.one_step = std::make_shared<ground::GroundProgram>(
            ground::ground_step(rewritten, a, ground::GroundLimits{max_ground_atoms, 2 * max_ground_atoms}));
        n.net = std::make_shared<ground::StepNetwork>(*n.one_step, analysis.roles);
        n.init = n.net->initial_fluents();
        return n;
    } catch (const ground::TooLarge& ex) {
        why = std::string("too large: ") + ex.what();
        // The grounder's advice names options of the commands that ground histories.
        if (auto cut = why.find("; use a shorter history"); cut != std::string::npos) why.erase(cut);
    } catch (const ground::NotApplicable& ex) {
        why = ex.what();
    } catch (const std::bad_alloc&) {
        why = "out of memory while grounding";
    }
    return std::nullopt;
}

std::optional<gdl::Term> epistemic_situation(const gdl::Program& program, const gdl::Analysis& analysis,
                                             pl::Engine& engine, const History& h, double timeout_seconds,
                                             std::size_t max_ground_atoms, std::string& why) {
    auto check = deadline(timeout_seconds, "the developments on the step network");
    auto built = epistemic_network(program, analysis, max_ground_atoms, why);
    if (!built) return std::nullopt;
    const ground::StepNetwork& net = *built->net;
    auto moves = move_indices(net, h, why);
    if (!moves) return std::nullopt;

    const bool both = environment().network == "check";
    std::optional<ground::EpistemicPath> bdd_path, rows_path;
    if (environment().gdl3 == "bdd" || both) {
        std::string bdd_why;
        bdd_path = on_developments(*built, timeout_seconds, {}, bdd_why,
                                   [&](symbolic::Developments& dev) { return dev.path(*moves); });
        if (!bdd_path) std::fprintf(stderr, "note: the BDD developments do not apply (%s): rows instead\n", bdd_why.c_str());
    }
    if (!bdd_path || both) {
        try {
            rows_path = ground::epistemic_path(net, built->init, *moves, check);
        } catch (const ground::TooLarge& ex) {
            why = std::string("too large: ") + ex.what();
        } catch (const ground::NotApplicable& ex) {  // knowledge that does not settle
            why = ex.what();
        } catch (const std::bad_alloc&) {
            why = "out of memory while making the developments";
        }
        if (!rows_path && !bdd_path) return std::nullopt;
    }
    if (bdd_path && rows_path) {  // the rows engine reports every knows input, the BDDs those a rule reads
        auto read = symbolic::knows_read(net);
        for (auto& node : rows_path->knows)
            node.erase(std::remove_if(node.begin(), node.end(), [&](std::uint32_t k) { return !read[k]; }), node.end());
    }
    if (bdd_path && rows_path &&
        (bdd_path->knows != rows_path->knows || bdd_path->bad_step != rows_path->bad_step ||
         bdd_path->bad_role != rows_path->bad_role || bdd_path->legal != rows_path->legal))
        throw UserError("engines disagree:\n  the BDD developments say " + path_text(net, *bdd_path) +
                            "\n  the rows of the step network say " + path_text(net, *rows_path),
                        kExitDisagreement);
    const ground::EpistemicPath& path = bdd_path ? *bdd_path : *rows_path;
    fail_on(path, net, h);

    // The path's nodes in the runtime, with their knowledge.
    const auto& K = net.knows();
    const auto& roles = analysis.roles;
    std::vector<gdl::Term> joint, knowledge;
    gdl::Term sit = gdl::Term::constant("s0");
    for (const Step& st : h) {
        joint.push_back(gdl::Term::compound("a", st.moves));
        sit = gdl::Term::compound("do", {joint.back(), sit});
    }
    auto fact = [&](const ground::StepNetwork::KnowsInput& in) {
        if (in.role < 0) return gdl::Term::compound("c", {in.atom});
        return gdl::Term::compound("k", {gdl::Term::constant(roles[static_cast<std::size_t>(in.role)]), in.atom});
    };
    for (const auto& node : path.knows) {
        std::vector<gdl::Term> facts;
        for (std::uint32_t k : node) facts.push_back(fact(K[k]));
        knowledge.push_back(gdl::make_list(facts));
    }
    pl::runtime::network_path(engine, joint, knowledge);
    return sit;
}

// --- Formulas on the BDD developments ---

namespace {

struct Compiler {
    const ground::GroundProgram& gp;
    const ground::StepNetwork& net;
    const gdl::Analysis& analysis;
    std::vector<ground::NodeId> nodes;
    std::string why;

    std::optional<std::size_t> role(const gdl::Term& t) {
        for (std::size_t r = 0; r < analysis.roles.size(); ++r)
            if (t.is_constant() && t.name == analysis.roles[r]) return r;
        return std::nullopt;
    }
    // An atom: its node at step 0 or static; absent: false for the keywords (never possible),
    // unknown for other relations (a static fact no rule mentions may hold).
    std::optional<symbolic::NodeFormula> atom(const gdl::Term& t, bool keyword) {
        symbolic::NodeFormula f;
        std::int64_t id = gp.find(t, 0);
        if (id < 0) id = gp.find(t, -1);
        if (id < 0) {
            if (keyword) return symbolic::NodeFormula{symbolic::NodeFormula::Kind::False, ground::kNoNode, 0, {}};
            why = "the relation atom " + t.to_kif() + " is not in the one-step ground program";
            return std::nullopt;
        }
        f.kind = symbolic::NodeFormula::Kind::Node;
        f.node = static_cast<ground::NodeId>(id);
        nodes.push_back(f.node);
        return f;
    }
    std::optional<std::vector<symbolic::NodeFormula>> list(const gdl::Term& l) {
        std::vector<symbolic::NodeFormula> out;
        for (const auto& x : gdl::list_items(l)) {
            auto f = compile(x);
            if (!f) return std::nullopt;
            out.push_back(std::move(*f));
        }
        return out;
    }
    std::optional<symbolic::NodeFormula> compile(const gdl::Term& t) {
        using K = symbolic::NodeFormula::Kind;
        if (!t.is_ground()) {
            why = "the formula has variables";
            return std::nullopt;
        }
        const std::string& n = t.name;
        const std::size_t a = t.args.size();
        if (n == "true" && a == 1) return atom(t, true);
        if (n == "legal" && a == 2) return atom(t, true);
        if (n == "goal" && a == 2) return atom(t, true);
        if (n == "terminal" && a == 0) return atom(t, true);
        if (n == "rel" && a == 2) {
            auto args = gdl::list_items(t.args[1]);
            return atom(args.empty() ? gdl::Term::constant(t.args[0].name) : gdl::Term::compound(t.args[0].name, args), false);
        }
        if (n == "distinct" && a == 2) return symbolic::NodeFormula{t.args[0] == t.args[1] ? K::False : K::True, ground::kNoNode, 0, {}};
        if (n == "not" && a == 1) {
            auto x = compile(t.args[0]);
            if (!x) return std::nullopt;
            return symbolic::NodeFormula{K::Not, ground::kNoNode, 0, {std::move(*x)}};
        }
        if ((n == "and" || n == "or") && a == 1) {
            auto xs = list(t.args[0]);
            if (!xs) return std::nullopt;
            return symbolic::NodeFormula{n == "and" ? K::And : K::Or, ground::kNoNode, 0, std::move(*xs)};
        }
        if ((n == "knows" || n == "kwhether") && a == 2) {
            auto r = role(t.args[0]);
            auto x = compile(t.args[1]);
            if (!r || !x) {
                if (!r) why = "knows of " + t.args[0].to_kif() + ", which is not a role";
                return std::nullopt;
            }
            symbolic::NodeFormula k{K::Knows, ground::kNoNode, *r, {*x}};
            if (n == "knows") return k;
            symbolic::NodeFormula not_x{K::Not, ground::kNoNode, 0, {std::move(*x)}};
            symbolic::NodeFormula k_not{K::Knows, ground::kNoNode, *r, {std::move(not_x)}};
            return symbolic::NodeFormula{K::Or, ground::kNoNode, 0, {std::move(k), std::move(k_not)}};
        }
        if (n == "common" && a == 1) {
            auto x = compile(t.args[0]);
            if (!x) return std::nullopt;
            return symbolic::NodeFormula{K::Common, ground::kNoNode, 0, {std::move(*x)}};
        }
        why = "the formula's " + n + " is not compiled to BDDs";
        return std::nullopt;
    }
};

}  // namespace

namespace {

using Bindings = std::vector<std::pair<std::string, gdl::Term>>;

const gdl::Term* bound(const Bindings& b, const std::string& v) {
    for (const auto& [name, t] : b)
        if (name == v) return &t;
    return nullptr;
}

bool match(const gdl::Term& pattern, const gdl::Term& t, Bindings& b) {
    if (pattern.is_variable()) {
        if (const gdl::Term* x = bound(b, pattern.name)) return *x == t;
        b.emplace_back(pattern.name, t);
        return true;
    }
    if (pattern.kind != t.kind || pattern.name != t.name || pattern.args.size() != t.args.size()) return false;
    for (std::size_t i = 0; i < t.args.size(); ++i)
        if (!match(pattern.args[i], t.args[i], b)) return false;
    return true;
}

gdl::Term substitute(const gdl::Term& t, const Bindings& b) {
    if (t.is_variable()) {
        const gdl::Term* x = bound(b, t.name);
        return x ? *x : t;
    }
    gdl::Term out = t;
    for (auto& a : out.args) a = substitute(a, b);
    return out;
}

// The atom a formula `(knows r1 (knows r2 ... A))` is about, in the one-step program's form:
// the candidates of its answer variables (knowledge is veridical, so every answer is an
// instance of A that can hold). Nothing for any other shape.
std::optional<gdl::Term> answer_atom(const gdl::Term& t) {
    if (t.name == "knows" && t.args.size() == 2 && t.args[0].is_ground()) return answer_atom(t.args[1]);
    if ((t.name == "true" && t.args.size() == 1) || (t.name == "legal" && t.args.size() == 2) ||
        (t.name == "goal" && t.args.size() == 2))
        return t;
    if (t.name == "rel" && t.args.size() == 2) {
        auto args = gdl::list_items(t.args[1]);
        return args.empty() ? gdl::Term::constant(t.args[0].name) : gdl::Term::compound(t.args[0].name, args);
    }
    return std::nullopt;
}

}  // namespace

std::optional<BddAnswer> bdd_answer(const gdl::Program& program, const gdl::Analysis& analysis, const Formula& formula,
                                    const History& h, double timeout_seconds, std::size_t max_ground_atoms,
                                    std::string& why) {
    if (environment().gdl3 != "bdd") {
        why = "GDLSC_GDL3=rows";
        return std::nullopt;
    }
    auto built = epistemic_network(program, analysis, max_ground_atoms, why);
    if (!built) return std::nullopt;
    // The instances to decide: the formula itself, or one per candidate binding.
    std::vector<Bindings> instances;
    if (formula.answer_vars.empty()) {
        instances.emplace_back();
    } else {
        auto atom = answer_atom(formula.term);
        if (!atom) {
            why = "answer variables outside (knows ... atom)";
            return std::nullopt;
        }
        // A static relation's atoms are in the program only where a rule mentions them: its
        // answers could be missing, so only relations of the state are enumerated.
        bool of_state = false;
        for (const auto& a : built->one_step->atoms) {
            if (a.step != 0) continue;
            of_state |= a.atom.name == atom->name && a.atom.args.size() == atom->args.size();
            Bindings b;
            if (match(*atom, a.atom, b)) instances.push_back(std::move(b));
        }
        if (!of_state && atom->name != "true" && atom->name != "legal" && atom->name != "goal") {
            why = "answers of a static relation";
            return std::nullopt;
        }
    }
    Compiler c{*built->one_step, *built->net, analysis, {}, {}};
    std::vector<symbolic::NodeFormula> fs;
    for (const auto& b : instances) {
        auto f = c.compile(substitute(formula.term, b));
        if (!f) {
            why = c.why;
            return std::nullopt;
        }
        fs.push_back(std::move(*f));
    }
    auto moves = move_indices(*built->net, h, why);
    if (!moves) return std::nullopt;
    return on_developments(*built, timeout_seconds, c.nodes, why, [&](symbolic::Developments& dev) {
        ground::EpistemicPath path = dev.path(*moves);
        fail_on(path, *built->net, h);
        BddAnswer out;
        for (std::size_t i = 0; i < fs.size(); ++i) {
            if (!dev.holds(fs[i], *moves)) continue;
            out.holds = true;
            if (formula.answer_vars.empty()) break;
            std::vector<std::pair<std::string, std::string>> row;
            for (const auto& v : formula.answer_vars) {
                const gdl::Term* x = bound(instances[i], v);
                row.emplace_back(v, x ? x->to_kif() : "?" + v);
            }
            out.rows.push_back(std::move(row));
        }
        std::sort(out.rows.begin(), out.rows.end());
        out.rows.erase(std::unique(out.rows.begin(), out.rows.end()), out.rows.end());
        return out;
    });
}

std::optional<SolveReport> bdd_solve(const gdl::Program& program, const gdl::Analysis& analysis, const Formula& formula,
                                     const SolveOptions& o, double timeout_seconds, std::string& why) {
    if (environment().gdl3 != "bdd") {
        why = "GDLSC_GDL3=rows";
        return std::nullopt;
    }
    auto built = epistemic_network(program, analysis, kDefaultMaxGroundAtoms, why);
    if (!built) return std::nullopt;
    const ground::StepNetwork& net = *built->net;
    Compiler c{*built->one_step, net, analysis, {}, {}};
    auto f = c.compile(formula.term);
    if (!f) {
        why = c.why;
        return std::nullopt;
    }
    auto moves = move_indices(net, o.history, why);
    if (!moves) return std::nullopt;
    auto solved = on_developments(*built, timeout_seconds, c.nodes, why, [&](symbolic::Developments& dev) {
        if (!moves->empty()) fail_on(dev.path(*moves), net, o.history);
        return dev.solve(*f, o.depth, o.limit);
    });
    if (!solved) return std::nullopt;
    const symbolic::SolveResult& r = *solved;
    SolveReport out;
    out.depth = o.depth;
    out.history_length = o.history.size();
    out.count = r.count;
    for (std::size_t i = 0; i < r.histories.size(); ++i) {
        Solution s;
        for (const auto& joint : r.histories[i]) {
            std::vector<std::string> moves;
            for (std::size_t role = 0; role < joint.size(); ++role) moves.push_back(net.moves(role)[joint[role]].to_kif());
            s.history.push_back(std::move(moves));
        }
        std::vector<gdl::Term> state;
        for (std::uint32_t x : r.states[i]) state.push_back(net.fluents()[x]);
        std::sort(state.begin(), state.end(), gdl::standard_order_less);
        for (const auto& t : state) s.state.push_back(t.to_kif());
        out.solutions.push_back(std::move(s));
    }
    for (const auto& l : r.levels) out.levels.push_back({l.depth, l.developments, l.solutions});
    return out;
}

}  // namespace gdlsc::query
