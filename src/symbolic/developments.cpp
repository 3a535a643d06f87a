// GDL-III developments on BDDs (see developments.h).
//
//     level 0: D = true, fluents = the initial state, Eq_r = true, U_r = {}
//     per level k:
//         info pass: the network's nodes for terminal, legal, the knows inputs (each after
//             its P: one pass, hierarchical order) and a formula's nodes
//         moves: per role the candidates (legal in some live development); one candidate per
//             development everywhere -> its move is a function; else a binary code (variables)
//         D_{k+1} = D_k ∧ ¬terminal ∧ per role: some candidate legal and chosen
//         step pass: next and percepts with the moves; each agent's observation: literal
//             percepts and its own code join O_r, other functions g give Eq_r ∧= g ↔ g'
//
// Everything is a BDD over the history variables 0..V-1 (BuDDy variable 2v, its primed
// copy 2v+1); a development is one assignment, so counting and listing developments is
// counting and enumerating the assignments of D (exactly, with a big integer).
#include "symbolic/developments.h"

#include <algorithm>
#include <stdexcept>

#include "symbolic/developments_impl.h"

namespace gdlsc::symbolic {

// The cube of `history`'s first `steps` steps, or bddfalse when a move is not a candidate.
bdd Developments::Impl::cube_of(const std::vector<std::vector<std::int64_t>>& history, std::size_t steps) const {
    bdd c = bddtrue;
    for (std::size_t t = 0; t < steps; ++t)
        for (std::size_t r = 0; r < history_moves[t].size(); ++r) {
            const RoleMoves& rm = history_moves[t][r];
            auto it = std::find(rm.cands.begin(), rm.cands.end(), static_cast<std::uint32_t>(history[t][r]));
            if (history[t][r] < 0 || it == rm.cands.end()) return bddfalse;
            if (!rm.vars.empty()) c &= code(rm.vars, static_cast<std::size_t>(it - rm.cands.begin()));
        }
    return c;
}

bool Developments::Impl::at(const bdd& f, const bdd& cube) { return bdd_restrict(f, cube) == bddtrue; }

// Enumerates assignments of `f` over history variables 0..vars-1 in order, 0 first.
void Developments::Impl::enumerate(const bdd& f, std::size_t limit,
                                   const std::function<void(const std::vector<char>&)>& emit) {
    std::vector<char> a(vars, 0);
    std::size_t n = 0;
    std::function<void(const bdd&, std::size_t)> go = [&](const bdd& g, std::size_t v) {
        if (n >= limit || g == bddfalse) return;
        if (v == vars) {
            ++n;
            emit(a);
            return;
        }
        const bool tests = g != bddtrue && static_cast<std::size_t>(bdd_var(g) / 2) == v;
        for (int bit = 0; bit < 2; ++bit) {
            a[v] = static_cast<char>(bit);
            go(tests ? (bit ? bdd_high(g) : bdd_low(g)) : g, v + 1);
        }
    };
    go(f, 0);
}

BigCount Developments::Impl::count(const bdd& f) {
    std::unordered_map<int, BigCount> memo;
    auto var_of = [&](const bdd& g) -> std::size_t {
        return g == bddtrue || g == bddfalse ? vars : static_cast<std::size_t>(bdd_var(g) / 2);
    };
    std::function<BigCount(const bdd&)> go = [&](const bdd& g) -> BigCount {
        if (g == bddfalse) return {};
        if (g == bddtrue) return BigCount::one();
        auto it = memo.find(g.id());
        if (it != memo.end()) return it->second;
        const std::size_t v = var_of(g);
        bdd lo = bdd_low(g), hi = bdd_high(g);
        BigCount r = go(lo).shifted(var_of(lo) - v - 1);
        r.add(go(hi).shifted(var_of(hi) - v - 1));
        memo.emplace(g.id(), r);
        return r;
    };
    return go(f).shifted(var_of(f));
}

std::vector<std::vector<std::uint32_t>> Developments::Impl::moves_of(const std::vector<char>& a) const {
    bdd c = bddtrue;
    for (std::size_t v = 0; v < vars; ++v) c &= a[v] ? bdd_ithvar(plain(static_cast<int>(v))) : bdd_nithvar(plain(static_cast<int>(v)));
    std::vector<std::vector<std::uint32_t>> out = path_moves;  // path() keeps no move functions
    for (std::size_t t = path_moves.size(); t < history_moves.size(); ++t) {
        const auto& level_moves = history_moves[t];
        std::vector<std::uint32_t> joint;
        for (const RoleMoves& rm : level_moves)
            for (std::size_t i = 0; i < rm.cands.size(); ++i)
                if (at(rm.does[i], c)) {
                    joint.push_back(rm.cands[i]);
                    break;
                }
        out.push_back(std::move(joint));
    }
    return out;
}

std::vector<char> knows_read(const StepNetwork& net) {
    std::vector<char> read(net.knows().size(), 0);
    std::unordered_map<NodeId, std::size_t> index;
    for (std::size_t k = 0; k < net.knows().size(); ++k) index.emplace(net.knows()[k].node, k);
    for (std::size_t c = 0; c < net.components(); ++c)
        for (NodeId x : net.component_nodes(c))
            for (std::size_t i = 0; i < net.rule_count(x); ++i)
                for (const auto& l : net.rule(x, i))
                    if (auto it = index.find(l.node); it != index.end()) read[it->second] = 1;
    return read;
}

Developments::Developments(const StepNetwork& net, const std::vector<std::uint32_t>& init,
                           const DevelopmentOptions& options)
    : impl_(std::make_unique<Impl>(net, init, options)) {}

Developments::~Developments() = default;

ground::EpistemicPath Developments::path(const std::vector<std::vector<std::int64_t>>& history) {
    Impl& m = *impl_;
    const StepNetwork& net = m.net;
    if (m.level != 0) throw std::logic_error("Developments::path: only once, from the root");
    ground::EpistemicPath out;
    for (std::size_t t = 0;; ++t) {
        m.info();
        const bdd cube = m.cube_of(history, t);
        std::vector<std::uint32_t> known;
        for (std::size_t k = 0; k < net.knows().size(); ++k)
            if (m.read[k] && Impl::at(m.val[net.knows()[k].node], cube)) known.push_back(static_cast<std::uint32_t>(k));
        out.knows.push_back(std::move(known));
        out.level_sizes.push_back(0);
        if (t == history.size()) return out;
        if (net.terminal_node() != kNoNode && Impl::at(m.val[net.terminal_node()], cube)) {
            out.bad_step = static_cast<std::int64_t>(t);
            return out;
        }
        for (std::size_t r = 0; r < net.roles().size(); ++r) {
            const std::int64_t mv = history[t].at(r);
            auto legal = [&](std::size_t x) {
                NodeId l = net.legal_node(r, x);
                return l != kNoNode && Impl::at(m.val[l], cube);
            };
            if (mv >= 0 && legal(static_cast<std::size_t>(mv))) continue;
            out.bad_step = static_cast<std::int64_t>(t);
            out.bad_role = static_cast<std::int64_t>(r);
            for (std::uint32_t x : m.sorted_moves[r])
                if (legal(x)) out.legal.push_back(x);
            return out;
        }
        m.expand(&history[t]);
        m.path_moves.emplace_back(history[t].begin(), history[t].end());
    }
}

bool Developments::holds(const NodeFormula& f, const std::vector<std::vector<std::int64_t>>& history) {
    Impl& m = *impl_;
    if (m.level != history.size()) throw std::logic_error("Developments::holds: after path(history)");
    m.info();
    const bdd cube = m.cube_of(history, history.size());
    if (f.kind == NodeFormula::Kind::Common) return m.common_at(m.formula(f.args.at(0)), cube);
    return Impl::at(m.formula(f) & m.D, cube);
}

SolveResult Developments::solve(const NodeFormula& f, std::size_t depth, std::size_t limit) {
    Impl& m = *impl_;
    if (m.from_history) throw std::logic_error("Developments::solve: only once");
    if (m.level > 0) {  // after path(history): the developments that extend it
        m.from_history = true;
        m.frontier = m.path_cube & m.D;
    }
    SolveResult out;
    BigCount total;
    for (std::size_t d = m.level;; ++d) {
        m.info();
        const bdd here = m.from_history ? m.frontier : m.D;
        const bdd sols = m.formula(f) & here;
        BigCount n = m.count(sols);
        out.levels.push_back({d, m.count(here).decimal(), n.decimal()});
        total.add(n);
        if (out.histories.size() < limit)
            m.enumerate(sols, limit - out.histories.size(), [&](const std::vector<char>& a) {
                bdd c = bddtrue;
                for (std::size_t v = 0; v < m.vars; ++v)
                    c &= a[v] ? bdd_ithvar(plain(static_cast<int>(v))) : bdd_nithvar(plain(static_cast<int>(v)));
                std::vector<std::uint32_t> state;
                for (std::size_t x = 0; x < m.fluent.size(); ++x)
                    if (Impl::at(m.fluent[x], c)) state.push_back(static_cast<std::uint32_t>(x));
                out.histories.push_back(m.moves_of(a));
                out.states.push_back(std::move(state));
            });
        if (d >= depth) break;
        m.expand();
        if ((m.from_history ? m.frontier : m.D) == bddfalse) break;
    }
    out.count = total.decimal();
    return out;
}

DevelopmentStats Developments::stats() const {
    DevelopmentStats s;
    s.levels = impl_->level;
    s.variables = impl_->vars;
    impl_->manager.check();
    s.peak_nodes = impl_->manager.peak_nodes();
    s.final_nodes = static_cast<std::size_t>(bdd_nodecount(impl_->D));
    s.knows_evaluated = impl_->knows_evaluated;
    return s;
}

}  // namespace gdlsc::symbolic
