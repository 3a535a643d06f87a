// The grounder's modes and phases (grounder_class.h): along a history, one step from any
// reachable state, the steps from the initial state (possible inputs), one step over given
// inputs; each phase to its fixpoint, semi-naive; the atoms certain at a step; the relevant
// part of the result.
#include <algorithm>
#include <deque>
#include <functional>
#include <memory>

#include "ground/grounder_class.h"

namespace gdlsc::ground::grounding {

// ground_step: step 0 from any reachable state. true@0 and does@0 are inputs (no
// rules); their possible atoms grow with the phase: every init and next@0 fluent is a
// possible true@0 fluent, every possible legal@0 move a possible does@0 move.
GroundProgram Grounder::run_one_step() {
    normalise();
    phase_ = -1;
    run_phase(-1);
    for (AtomId id : possible_of(rel_init_, -1)) add_possible(wrap(sym_true_, atom_term_[id]), 0);
    phase_ = 0;
    run_phase(0);
    return relevant_part();
}

Grounder::Inputs Grounder::possible_inputs() {
    normalise();
    const RelId rel_true = rel_of(sym_true_, 1), rel_does = rel_of(sym_does_, 2);
    const TermId terminal = terms_.make(terms_.symbol("terminal"), nullptr, 0);
    phase_ = -1;
    std::size_t from = rules_out_.size();
    run_phase(-1);
    mark_certain(from);
    from = rules_out_.size();
    for (AtomId id : possible_of(rel_init_, -1)) {
        AtomId t = add_possible(wrap(sym_true_, atom_term_[id]), 0);
        add_rule(t, {id}, {});
    }
    std::set<TermId> fluents, moves;
    std::vector<TermId> last;
    Inputs in;
    for (int i = 0;; ++i) {
        if (i >= horizon_)
            throw TooLarge("the steps from the initial state passed " + std::to_string(kMaxSteps) +
                           " without terminal being certain");
        phase_ = i;
        run_phase(i);
        mark_certain(from);
        // A role with one possible move makes it in every development that goes on.
        std::map<TermId, std::vector<AtomId>> by_role;
        for (AtomId id : possible_of(rel_does, i)) by_role[terms_.arg(atom_term_[id], 0)].push_back(id);
        bool forced = false;
        for (const auto& [role, ds] : by_role)
            if (ds.size() == 1 && !certain_[ds[0]]) certain_[ds[0]] = forced = true;
        if (forced) mark_certain(from);
        std::vector<TermId> now;
        for (AtomId id : possible_of(rel_true, i)) now.push_back(atom_term_[id]);
        std::sort(now.begin(), now.end());
        fluents.insert(now.begin(), now.end());
        for (AtomId id : possible_of(rel_does, i)) moves.insert(atom_term_[id]);
        const std::int64_t t = find_atom(terminal, i);
        in.steps = i;
        if ((t >= 0 && certain_[static_cast<std::size_t>(t)]) || (i > 0 && now == last)) break;
        last.swap(now);
        from = rules_out_.size();
        for (AtomId id : possible_of(rel_next_, i)) {
            AtomId f = add_possible(wrap(sym_true_, atom_term_[id]), i + 1);
            add_rule(f, {id}, {});
        }
    }
    for (TermId f : fluents) in.fluents.push_back(terms_.to_term(terms_.arg(f, 0)));
    for (TermId m : moves) in.moves.push_back(terms_.to_term(m));
    return in;
}

// One step with exactly the given inputs possible (possible_inputs' result): nothing is
// fed back.
GroundProgram Grounder::run_one_step_over(const Inputs& in) {
    normalise();
    phase_ = -1;
    run_phase(-1);
    for (const auto& f : in.fluents) {
        TermId ft = terms_.from_term(f);
        add_possible(terms_.make(sym_true_, &ft, 1), 0);
    }
    for (const auto& m : in.moves) add_possible(terms_.from_term(m), 0);
    phase_ = 0;
    run_phase(0);
    return relevant_part();
}

GroundProgram Grounder::run() {
    normalise();
    const int n = horizon_;
    phase_ = -1;
    run_phase(-1);
    for (AtomId id : possible_of(rel_init_, -1)) {
        AtomId t = add_possible(wrap(sym_true_, atom_term_[id]), 0);
        add_rule(t, {id}, {});
    }
    for (int i = 0; i <= n; ++i) {
        phase_ = i;
        if (i < n) {
            const JointMove& jm = moves_[i];
            for (size_t r = 0; r < jm.size() && r < analysis_.roles.size(); ++r) {
                TermId args[2] = {terms_.make(terms_.symbol(analysis_.roles[r]), nullptr, 0),
                                  terms_.from_term(jm[r])};
                AtomId d = add_possible(terms_.make(sym_does_, args, 2), i);
                add_rule(d, {}, {});
            }
        }
        run_phase(i);
        if (i < n)
            for (AtomId id : possible_of(rel_next_, i)) {
                AtomId t = add_possible(wrap(sym_true_, atom_term_[id]), i + 1);
                add_rule(t, {id}, {});
            }
    }
    return relevant_part();
}

// The atoms of the steps and of the kept static relations, closed under "a rule of a
// kept atom mentions it"; with their rules, renumbered in the original order.
GroundProgram Grounder::relevant_part() {
    const size_t n = atom_term_.size();
    std::vector<bool> keep_rel(rel_sig_.size(), false);
    for (const auto& sig : keep_) {
        auto it = rel_index_.find((static_cast<std::uint64_t>(terms_.symbol(sig.name)) << 32) | sig.arity);
        if (it != rel_index_.end()) keep_rel[it->second] = true;
    }
    std::vector<bool> seed(n, false);
    for (AtomId a = 0; a < n; ++a) seed[a] = atom_step_[a] >= 0 || keep_rel[atom_rel_[a]];
    const std::vector<bool> kept = relevant_atoms(n, rules_out_, std::move(seed));
    GroundProgram g;
    g.horizon = horizon_;
    g.roles = analysis_.roles;
    g.rule_terms = rule_terms();
    std::vector<AtomId> id(n, 0);
    for (AtomId a = 0; a < n; ++a)
        if (kept[a]) id[a] = g.intern(terms_.to_term(atom_term_[a]), atom_step_[a]);
    for (auto& r : rules_out_) {
        if (!kept[r.head]) continue;
        GroundRule x;
        x.head = id[r.head];
        x.pos = std::move(r.pos);
        x.neg = std::move(r.neg);
        for (AtomId& b : x.pos) b = id[b];
        for (AtomId& b : x.neg) b = id[b];
        g.rules.push_back(std::move(x));
    }
    g.index_rules();
    return g;
}

// One phase to its fixpoint, semi-naive: after the first round, an instance must use
// at least one atom that became possible in the previous round.
void Grounder::run_phase(int step) {
    std::vector<const NRule*> rules;
    for (const auto& r : rules_)
        if (in_phase(r, step)) rules.push_back(&r);
    std::vector<size_t> seen;  // per key: atoms already used as "old"
    bool first = true;
    while (true) {
        spend(by_key_.size() + rules.size());
        // The delta of this round: atoms of each key added since the last round.
        delta_.assign(by_key_.size(), {0, 0});
        bool any = false;
        for (size_t k = 0; k < by_key_.size(); ++k) {
            size_t from = first || k >= seen.size() ? 0 : seen[k];
            if (by_key_[k].size() > from) any = true;
            delta_[k] = {from, by_key_[k].size()};
        }
        if (!first && !any) break;
        for (const NRule* r : rules) {
            if (first) {
                ground_rule(*r, step, -1);
                continue;
            }
            for (size_t j : r->pos) {
                const NLit& l = r->body[j];
                size_t k = key(l.rel, lit_step(l.sk, step));
                if (k < delta_.size() && delta_[k].second > delta_[k].first)
                    ground_rule(*r, step, static_cast<int>(j));
            }
        }
        seen.resize(delta_.size());
        for (size_t k = 0; k < delta_.size(); ++k) seen[k] = delta_[k].second;
        first = false;
        if (mode_ == OneStep && step == 0) feed_back();
        if (mode_ == Steps && step >= 0) feed_moves(step);
    }
}

// One-step grounding: what next@0 and legal@0 made possible becomes possible input.
// Only the atoms new since the last call: the others were fed back already.
void Grounder::feed_back() {
    std::vector<TermId> fluents, moves;
    const std::vector<AtomId>&next = possible_of(rel_next_, 0), &legal = possible_of(rel_legal_, 0);
    for (; fed_next_ < next.size(); ++fed_next_) fluents.push_back(wrap(sym_true_, atom_term_[next[fed_next_]]));
    for (; fed_legal_ < legal.size(); ++fed_legal_) moves.push_back(wrap(sym_does_, atom_term_[legal[fed_legal_]]));
    for (TermId f : fluents) add_possible(f, 0);
    for (TermId m : moves) add_possible(m, 0);
}

// Steps: every possible legal@step move is a possible does@step (new ones only).
void Grounder::feed_moves(int step) {
    if (step != fed_step_) fed_step_ = step, fed_legal_ = 0;
    const std::vector<AtomId>& legal = possible_of(rel_legal_, step);
    std::vector<TermId> moves;
    for (; fed_legal_ < legal.size(); ++fed_legal_) moves.push_back(wrap(sym_does_, atom_term_[legal[fed_legal_]]));
    for (TermId m : moves) add_possible(m, step);
}

// Steps: the atoms of the rules from `from` on that hold in every development at their
// step (an action atom: in every development that makes a move there): a rule whose
// positive atoms are certain and whose negative atoms can never be true makes its head
// certain (to a fixpoint); true@i+1(f) is certain when next@i(f) is (frame rules), and
// does@i(r, m) when m is r's only possible move.
void Grounder::mark_certain(std::size_t from) {
    certain_.resize(atom_term_.size(), false);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = from; i < rules_out_.size(); ++i) {
            const GroundRule& r = rules_out_[i];
            if (certain_[r.head]) continue;
            bool holds = true;
            for (AtomId p : r.pos) holds = holds && certain_[p];
            for (AtomId q : r.neg) holds = holds && !possible_[q];
            if (holds) certain_[r.head] = changed = true;
        }
    }
}

}  // namespace gdlsc::ground::grounding
