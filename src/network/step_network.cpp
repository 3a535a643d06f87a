// The step network (see step_network.h): compiling the one-step ground program into
// components of derived nodes, folding the static part, and the bit-sliced evaluation.
#include "network/step_network.h"

#include <algorithm>
#include <unordered_map>

#include "ground/epistemic.h"
#include "ground/grounder.h"
#include "base/sccs.h"

namespace gdlsc::ground {
namespace {

constexpr std::uint32_t kNeg = 0x80000000u;

}  // namespace

StepNetwork::StepNetwork(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits)
    : StepNetwork(ground_step(program, analysis, limits), analysis.roles) {}

StepNetwork::StepNetwork(const GroundProgram& one_step, std::vector<std::string> roles) : roles_(std::move(roles)) {
    compile(one_step);
}

std::string StepNetwork::size_text() const {
    std::size_t moves = 0;
    for (const auto& m : moves_) moves += m.size();
    std::size_t derived = order_.size();
    return std::to_string(fluents_.size()) + " fluents, " + std::to_string(moves) + " moves, " +
           std::to_string(derived) + " derived atoms, " + std::to_string(rule_lits_.size()) + " rules";
}

void StepNetwork::compile(const GroundProgram& gp) {
    const std::size_t n = gp.atoms.size();
    kind_.assign(n, Kind::Derived);
    const std::size_t nroles = roles_.size();
    moves_.assign(nroles, {});
    percepts_.assign(nroles, {});
    does_.assign(nroles, {});
    legal_.assign(nroles, {});
    sees_.assign(nroles, {});
    goal_values_.assign(nroles, {});
    goal_.assign(nroles, {});
    std::unordered_map<std::string, std::size_t> role_index;
    for (std::size_t r = 0; r < nroles; ++r) role_index.emplace(roles_[r], r);
    auto role_of = [&](const gdl::Term& t) -> std::int64_t {
        if (!t.is_constant()) return -1;
        auto it = role_index.find(t.name);
        return it == role_index.end() ? -1 : static_cast<std::int64_t>(it->second);
    };
    auto find = [&](const gdl::Term& t) -> NodeId {
        std::int64_t id = gp.find(t, 0);
        return id < 0 ? kNoNode : static_cast<NodeId>(id);
    };
    for (NodeId a = 0; a < n; ++a) {
        const Atom& at = gp.atoms[a];
        if (at.step != 0) continue;
        const gdl::Term& t = at.atom;
        if (t.name == "true" && t.args.size() == 1) {
            kind_[a] = Kind::Input;
            true_.push_back(a);
            fluents_.push_back(t.args[0]);
        } else if (t.name == "does" && t.args.size() == 2) {
            kind_[a] = Kind::Input;
            std::int64_t r = role_of(t.args[0]);
            if (r < 0) continue;  // not a role: never done
            does_[r].push_back(a);
            moves_[r].push_back(t.args[1]);
        } else if (t.name == "sees" && t.args.size() == 2) {
            std::int64_t r = role_of(t.args[0]);
            if (r < 0) continue;
            sees_[r].push_back(a);
            percepts_[r].push_back(t.args[1]);
        } else if ((t.name == kKnowsRelation && t.args.size() == 2) || (t.name == kCommonRelation && t.args.size() == 1)) {
            kind_[a] = Kind::Input;
            KnowsInput k;
            k.node = a;
            k.role = t.args.size() == 2 ? static_cast<std::int32_t>(role_of(t.args[0])) : -1;
            k.atom = t.args.back();
            // Not an agent (random, which a variable role of a negative literal reaches, or
            // no role at all): never set, so false -- random knows nothing.
            if (t.args.size() == 2 && (k.role < 0 || roles_[static_cast<std::size_t>(k.role)] == "random")) continue;
            knows_.push_back(std::move(k));
        } else if (t.name == "goal" && t.args.size() == 2) {
            std::int64_t r = role_of(t.args[0]);
            if (r < 0) continue;
            goal_[r].push_back(a);
            goal_values_[r].push_back(t.args[1]);
        }
    }
    for (const gdl::Term& f : fluents_) next_.push_back(find(gdl::Term::compound("next", {f})));
    for (std::size_t r = 0; r < nroles; ++r)
        for (const gdl::Term& m : moves_[r])
            legal_[r].push_back(find(gdl::Term::compound("legal", {gdl::Term::constant(roles_[r]), m})));
    terminal_ = find(gdl::Term::constant("terminal"));
    // P's node: at step 0, or static (a static P is the same in every development).
    for (auto& k : knows_) {
        k.inner = find(k.atom);
        if (k.inner == kNoNode) {
            std::int64_t id = gp.find(k.atom, -1);
            if (id >= 0) k.inner = static_cast<NodeId>(id);
        }
    }

    // Dependencies and evaluation order.
    std::vector<std::vector<std::uint32_t>> deps(n);
    for (const auto& r : gp.rules) {
        if (kind_[r.head] == Kind::Input) continue;  // the rules that bound the knows inputs
        for (AtomId b : r.pos) deps[r.head].push_back(b);
        for (AtomId b : r.neg) deps[r.head].push_back(b);
    }
    // Dependencies first: a component is closed after every component it depends on.
    std::vector<AtomId> all(n);
    for (AtomId a = 0; a < n; ++a) all[a] = a;
    auto comps = base::sccs(all, [&](AtomId a) { return deps[a]; }, n);
    std::vector<std::vector<std::size_t>> rules_of(n);
    for (std::size_t i = 0; i < gp.rules.size(); ++i) rules_of[gp.rules[i].head].push_back(i);

    // Simplified rules per node: constants folded. A literal is kept as node | kNeg.
    std::vector<std::vector<std::vector<std::uint32_t>>> simple(n);
    auto simplify = [&](NodeId h, const std::vector<bool>& in_component) -> bool {  // false: h is constant
        bool always = false;
        for (std::size_t ri : rules_of[h]) {
            const GroundRule& r = gp.rules[ri];
            std::vector<std::uint32_t> lits;
            bool dead = false;
            for (AtomId b : r.pos) {
                if (!in_component[b] && kind_[b] == Kind::True) continue;
                if (!in_component[b] && kind_[b] == Kind::False) { dead = true; break; }
                lits.push_back(b);
            }
            for (AtomId b : r.neg) {
                if (dead) break;
                if (kind_[b] == Kind::False) continue;
                if (kind_[b] == Kind::True) { dead = true; break; }
                lits.push_back(b | kNeg);
            }
            if (dead) continue;
            if (lits.empty()) always = true;
            std::sort(lits.begin(), lits.end());
            lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
            simple[h].push_back(std::move(lits));
        }
        if (always) {
            kind_[h] = Kind::True;
            simple[h].clear();
            return false;
        }
        if (simple[h].empty()) {
            kind_[h] = Kind::False;
            return false;
        }
        return true;
    };
    std::vector<bool> in_comp(n, false);
    std::vector<std::vector<NodeId>> kept;  // derived components in order
    for (auto& c : comps) {
        if (c.size() == 1 && kind_[c[0]] == Kind::Input) continue;
        bool self_loop = false;
        if (c.size() == 1)
            for (std::uint32_t d : deps[c[0]]) self_loop |= d == c[0];
        const bool recursive = c.size() > 1 || self_loop;
        for (NodeId a : c) in_comp[a] = recursive;
        std::vector<NodeId> live;
        for (NodeId a : c)
            if (simplify(a, in_comp)) live.push_back(a);
        if (recursive && !live.empty()) {
            // A component whose rules mention only itself is decided now (its least model).
            bool closed = true;
            for (NodeId a : live)
                for (const auto& lits : simple[a])
                    for (std::uint32_t l : lits) closed &= !(l & kNeg) && in_comp[l];
            if (closed) {
                std::vector<bool> val(n, false);
                for (NodeId a : c) val[a] = kind_[a] == Kind::True;
                for (bool changed = true; changed;) {
                    changed = false;
                    for (NodeId a : live) {
                        if (val[a]) continue;
                        for (const auto& lits : simple[a])
                            if (std::all_of(lits.begin(), lits.end(), [&](std::uint32_t l) { return bool(val[l]); })) {
                                val[a] = changed = true;
                                break;
                            }
                    }
                }
                for (NodeId a : live) kind_[a] = val[a] ? Kind::True : Kind::False, simple[a].clear();
                for (NodeId a : c) in_comp[a] = false;
                live.clear();
            }
        }
        for (NodeId a : c) in_comp[a] = false;
        if (live.empty()) continue;
        // Nodes of a recursive component whose rules all died are constants already; the
        // live ones stay together (a dead member reads as its constant).
        components_.push_back({static_cast<std::uint32_t>(order_.size()),
                               static_cast<std::uint32_t>(order_.size() + live.size()), recursive});
        for (NodeId a : live) order_.push_back(a);
    }
    // In a recursive component a literal of a member that became constant later in the
    // loop above was kept as a literal: it reads the member's column, which Rows gives
    // every constant node, so it stays correct.
    rule_begin_.assign(n + 1, 0);
    std::vector<std::uint32_t> count(n, 0);
    for (NodeId a : order_) count[a] = static_cast<std::uint32_t>(simple[a].size());
    for (std::size_t a = 0; a < n; ++a) rule_begin_[a + 1] = rule_begin_[a] + count[a];
    rule_lits_.resize(rule_begin_[n]);
    for (NodeId a : order_) {
        std::uint32_t k = rule_begin_[a];
        for (const auto& lits : simple[a]) {
            rule_lits_[k++] = {static_cast<std::uint32_t>(lits_.size()), static_cast<std::uint32_t>(lits.size())};
            lits_.insert(lits_.end(), lits.begin(), lits.end());
        }
    }
    component_of_.assign(n, UINT32_MAX);
    for (std::uint32_t c = 0; c < components_.size(); ++c)
        for (std::uint32_t i = components_[c].begin; i < components_[c].end; ++i) component_of_[order_[i]] = c;
    // The initial state: init atoms are static, so each is a constant now.
    for (std::uint32_t f = 0; f < fluents_.size(); ++f) {
        std::int64_t id = gp.find(gdl::Term::compound("init", {fluents_[f]}), -1);
        if (id >= 0 && kind_[static_cast<NodeId>(id)] == Kind::True) init_.push_back(f);
    }
}

std::vector<StepNetwork::Literal> StepNetwork::rule(NodeId node, std::size_t i) const {
    auto [begin, len] = rule_lits_[rule_begin_[node] + i];
    std::vector<Literal> out;
    out.reserve(len);
    for (std::uint32_t k = begin; k < begin + len; ++k) out.push_back({lits_[k] & ~kNeg, (lits_[k] & kNeg) != 0});
    return out;
}

// --- Rows ----------------------------------------------------------------------------

Rows::Rows(const StepNetwork& net, const std::vector<NodeId>& targets) : net_(net) {
    const std::size_t n = net.kind_.size();
    slot_.assign(n, -1);
    std::vector<bool> seen(n, false);
    std::vector<NodeId> todo;
    for (NodeId t : targets)
        if (t != kNoNode && !seen[t]) seen[t] = true, todo.push_back(t);
    std::vector<bool> comp_used(net.components_.size(), false);
    std::int32_t slots = 0;
    while (!todo.empty()) {
        NodeId a = todo.back();
        todo.pop_back();
        slot_[a] = slots++;
        switch (net.kind_[a]) {
            case StepNetwork::Kind::Input: inputs_.push_back(a); continue;
            case StepNetwork::Kind::False:
            case StepNetwork::Kind::True: consts_.push_back(a); continue;
            case StepNetwork::Kind::Derived: break;
        }
        if (net.component_of_[a] == UINT32_MAX) {  // a derived atom without rules
            consts_.push_back(a);
            continue;
        }
        const std::uint32_t comp = net.component_of_[a];
        if (!comp_used[comp]) {  // every live member of a component is evaluated with it
            comp_used[comp] = true;
            for (std::uint32_t i = net.components_[comp].begin; i < net.components_[comp].end; ++i) {
                NodeId m = net.order_[i];
                if (!seen[m]) seen[m] = true, todo.push_back(m);
            }
        }
        for (std::uint32_t r = net.rule_begin_[a]; r < net.rule_begin_[a + 1]; ++r) {
            auto [begin, len] = net.rule_lits_[r];
            for (std::uint32_t i = begin; i < begin + len; ++i) {
                NodeId b = net.lits_[i] & ~kNeg;
                if (!seen[b]) seen[b] = true, todo.push_back(b);
            }
        }
    }
    for (std::size_t c = 0; c < net.components_.size(); ++c) {
        if (!comp_used[c]) continue;
        StepNetwork::Component k = net.components_[c];
        std::uint32_t begin = static_cast<std::uint32_t>(order_.size());
        for (std::uint32_t i = k.begin; i < k.end; ++i) order_.push_back(net.order_[i]);
        schedule_.push_back({begin, static_cast<std::uint32_t>(order_.size()), k.recursive});
    }
}

void Rows::reset(std::size_t n) {
    words_ = (n + 63) / 64;
    if (words_ == 0) words_ = 1;
    std::size_t slots = inputs_.size() + consts_.size() + order_.size();
    cols_.assign(slots * words_, 0);
    tmp_.assign(words_, 0);
    for (NodeId c : consts_)
        if (net_.kind_[c] == StepNetwork::Kind::True)
            std::fill_n(&cols_[std::size_t(slot_[c]) * words_], words_, ~std::uint64_t(0));
}

void Rows::clear_inputs() {
    for (NodeId a : inputs_) std::fill_n(&cols_[std::size_t(slot_[a]) * words_], words_, 0);
}

bool Rows::all_zero(NodeId node) const {
    const std::uint64_t* c = column(node);
    for (std::size_t i = 0; i < words_; ++i)
        if (c[i]) return false;
    return true;
}

bool Rows::eval(NodeId node, bool accumulate) {
    std::uint64_t* out = &cols_[std::size_t(slot_[node]) * words_];
    if (!accumulate) std::fill_n(out, words_, 0);
    std::uint64_t* tmp = tmp_.data();
    const std::size_t w = words_;
    const bool skip = w >= kSkipWords;
    bool changed = false;
    for (std::uint32_t r = net_.rule_begin_[node]; r < net_.rule_begin_[node + 1]; ++r) {
        auto [begin, len] = net_.rule_lits_[r];
        const std::uint32_t* lit = &net_.lits_[begin];
        if (skip) {
            bool dead = false;
            for (std::uint32_t k = 0; k < len && !dead; ++k) dead = !(lit[k] & kNeg) && zero_[std::size_t(slot_[lit[k]])];
            if (dead) continue;
        }
        auto col = [&](std::uint32_t l) { return &cols_[std::size_t(slot_[l & ~kNeg]) * w]; };
        const std::uint64_t* c0 = col(lit[0]);
        const std::uint64_t m0 = (lit[0] & kNeg) ? ~std::uint64_t(0) : 0;
        if (len == 1 && !accumulate) {
            for (std::size_t i = 0; i < w; ++i) out[i] |= c0[i] ^ m0;
            continue;
        }
        for (std::size_t i = 0; i < w; ++i) tmp[i] = c0[i] ^ m0;
        for (std::uint32_t k = 1; k < len; ++k) {
            const std::uint64_t* c = col(lit[k]);
            const std::uint64_t m = (lit[k] & kNeg) ? ~std::uint64_t(0) : 0;
            for (std::size_t i = 0; i < w; ++i) tmp[i] &= c[i] ^ m;
        }
        if (accumulate) {
            for (std::size_t i = 0; i < w; ++i) {
                std::uint64_t v = out[i] | tmp[i];
                changed |= v != out[i];
                out[i] = v;
            }
        } else {
            for (std::size_t i = 0; i < w; ++i) out[i] |= tmp[i];
        }
    }
    return changed;
}

void Rows::run() {
    const bool skip = words_ >= kSkipWords;
    if (skip) {
        zero_.assign(inputs_.size() + consts_.size() + order_.size(), 0);
        for (NodeId a : inputs_) zero_[std::size_t(slot_[a])] = all_zero(a);
        for (NodeId a : consts_) zero_[std::size_t(slot_[a])] = all_zero(a);
    }
    for (const auto& c : schedule_) {
        if (!c.recursive) {
            for (std::uint32_t i = c.begin; i < c.end; ++i) {
                eval(order_[i], false);
                if (skip) zero_[std::size_t(slot_[order_[i]])] = all_zero(order_[i]);
            }
            continue;
        }
        // Members start all false but grow: none counts as zero while the loop runs.
        for (std::uint32_t i = c.begin; i < c.end; ++i)
            std::fill_n(&cols_[std::size_t(slot_[order_[i]]) * words_], words_, 0);
        for (bool changed = true; changed;) {
            changed = false;
            for (std::uint32_t i = c.begin; i < c.end; ++i) changed |= eval(order_[i], true);
        }
        if (skip)
            for (std::uint32_t i = c.begin; i < c.end; ++i) zero_[std::size_t(slot_[order_[i]])] = all_zero(order_[i]);
    }
}

}  // namespace gdlsc::ground
