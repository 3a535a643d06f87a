// The grounder's join (grounder_class.h): the instances of one rule at one step, by a nested
// loop join over the possible atoms of each relation, choosing next the literal with the
// fewest candidates (the argument index narrows them), every step charged to the work bound.
#include <algorithm>
#include <deque>
#include <functional>
#include <memory>

#include "ground/epistemic.h"
#include "ground/grounder_class.h"

namespace gdlsc::ground::grounding {

// Instances of r at `step`; the literal `delta_lit` (if >= 0) only takes atoms from the
// current round's delta, the others take every atom possible when the round began.
void Grounder::ground_rule(const NRule& r, int step, int delta_lit) {
    Binding b(r.nvars, -1);
    std::vector<bool> done(r.body.size(), false);
    std::vector<AtomId> pos;
    join(r, step, delta_lit, b, done, pos);
}

// Matches p against the ground term t, binding variables (recorded in trail_).
bool Grounder::match(const Pat& p, TermId t, Binding& b) {
    if (p.var >= 0) {
        if (b[p.var] >= 0) return b[p.var] == t;
        b[p.var] = t;
        trail_.push_back(p.var);
        return true;
    }
    if (p.ground >= 0) return p.ground == t;
    if (terms_.sym(t) != p.sym || terms_.arity(t) != p.args.size()) return false;
    for (std::uint32_t i = 0; i < p.args.size(); ++i)
        if (!match(p.args[i], terms_.arg(t, i), b)) return false;
    return true;
}

TermId Grounder::instantiate(const Pat& p, const Binding& b) {
    if (p.var >= 0) return static_cast<TermId>(b[p.var]);
    if (p.ground >= 0) return static_cast<TermId>(p.ground);
    TermId args[16];
    std::vector<TermId> many;
    TermId* a = args;
    if (p.args.size() > 16) many.resize(p.args.size()), a = many.data();
    for (size_t i = 0; i < p.args.size(); ++i) a[i] = instantiate(p.args[i], b);
    return terms_.make(p.sym, a, static_cast<std::uint32_t>(p.args.size()));
}

// The id of p under b if that term was ever interned, else -1 (no atom can contain it).
std::int64_t Grounder::lookup(const Pat& p, const Binding& b) const {
    if (p.var >= 0) return b[p.var];
    if (p.ground >= 0) return p.ground;
    TermId args[16];
    std::vector<TermId> many;
    TermId* a = args;
    if (p.args.size() > 16) many.resize(p.args.size()), a = many.data();
    for (size_t i = 0; i < p.args.size(); ++i) {
        std::int64_t x = lookup(p.args[i], b);
        if (x < 0) return -1;
        a[i] = static_cast<TermId>(x);
    }
    return terms_.find(p.sym, a, static_cast<std::uint32_t>(p.args.size()));
}

// Whether p under b (ground) is the term t; whether x and y under b are the same term.
bool Grounder::equals(const Pat& p, TermId t, const Binding& b) const {
    if (p.var >= 0) return b[p.var] == t;
    if (p.ground >= 0) return p.ground == t;
    if (terms_.sym(t) != p.sym || terms_.arity(t) != p.args.size()) return false;
    for (std::uint32_t i = 0; i < p.args.size(); ++i)
        if (!equals(p.args[i], terms_.arg(t, i), b)) return false;
    return true;
}

bool Grounder::equals(const Pat& x, const Pat& y, const Binding& b) const {
    if (x.var >= 0) return equals(y, static_cast<TermId>(b[x.var]), b);
    if (x.ground >= 0) return equals(y, static_cast<TermId>(x.ground), b);
    if (y.var >= 0 || y.ground >= 0) return equals(y, x, b);
    if (x.sym != y.sym || x.args.size() != y.args.size()) return false;
    for (size_t i = 0; i < x.args.size(); ++i)
        if (!equals(x.args[i], y.args[i], b)) return false;
    return true;
}

// The fields of a literal's pattern that are bound under b (index, value; -1: a term
// never interned, which no atom has); none if unknown.
void Grounder::pattern_fields(const NLit& l, const Binding& b) {
    auto& out = bound_fields_;
    out.clear();
    const Pat& atom = l.atom;
    if (rel_wraps_[l.rel]) {
        const Pat& f = atom.args[0];
        if (f.var >= 0 || f.ground >= 0) {
            std::int64_t t = f.var >= 0 ? b[f.var] : f.ground;
            if (t < 0) return;
            TermId ft = static_cast<TermId>(t);
            out.emplace_back(0, ArgumentIndex::functor_field(terms_.sym(ft), terms_.arity(ft)));
            for (std::uint32_t i = 0; i < terms_.arity(ft); ++i) out.emplace_back(i + 1, terms_.arg(ft, i));
            return;
        }
        out.emplace_back(0, ArgumentIndex::functor_field(f.sym, static_cast<std::uint32_t>(f.args.size())));
        for (size_t i = 0; i < f.args.size(); ++i)
            if (ground_under(f.args[i], b)) out.emplace_back(i + 1, lookup(f.args[i], b));
        return;
    }
    for (size_t i = 0; i < atom.args.size(); ++i)
        if (ground_under(atom.args[i], b)) out.emplace_back(i, lookup(atom.args[i], b));
}

// The candidates of a literal among [c.from, c.to) of its key: the smallest one-field
// bucket of its bound fields (a key of fewer than 16 candidates is scanned as it is).
void Grounder::narrow(size_t k, const NLit& l, const Binding& b, Candidates& c) {
    c.indexed = false;
    if (c.to - c.from < 16) return;
    pattern_fields(l, b);
    if (bound_fields_.empty()) return;
    index_.narrow(k, by_key_[k], rel_wraps_[l.rel], bound_fields_, c);
}

// The chosen literal's candidates (indexed by narrow): the composite bucket of all its
// bound fields, when there are two or more.
void Grounder::narrow_all(size_t k, const NLit& l, const Binding& b, Candidates& c) {
    pattern_fields(l, b);
    if (bound_fields_.size() < 2 || bound_fields_.back().first >= 64) return;
    for (const auto& f : bound_fields_)
        if (f.second < 0) return;  // narrow found an empty bucket already
    index_.narrow_all(k, by_key_[k], rel_wraps_[l.rel], bound_fields_, c);
}

void Grounder::join(const NRule& r, int step, int delta_lit, Binding& b, std::vector<bool>& done, std::vector<AtomId>& pos) {
    spend(1 + r.pos.size());
    // Tests whose variables are all bound.
    for (size_t i = 0; i < r.body.size(); ++i) {
        const NLit& l = r.body[i];
        if (done[i] || (l.kind != NLit::Distinct && l.kind != NLit::Equal) || !bound(l, b)) continue;
        bool eq = equals(l.a, l.b, b);
        if (eq != (l.kind == NLit::Equal)) return;
    }
    // Next positive literal: the delta literal first, then the one with the fewest
    // candidate atoms under the current binding (index buckets, else the whole relation).
    int best = -1;
    size_t best_key = 0, best_count = SIZE_MAX;
    Candidates chosen;
    for (size_t j : r.pos) {
        if (done[j]) continue;
        const NLit& l = r.body[j];
        size_t k = key(l.rel, lit_step(l.sk, step));
        if (k >= delta_.size()) return;  // no atom of this relation was possible when the round began
        Candidates c;
        c.from = static_cast<int>(j) == delta_lit ? delta_[k].first : 0;
        c.to = delta_[k].second;
        narrow(k, l, b, c);
        size_t count = c.count();
        if (count == 0) return;
        if (static_cast<int>(j) == delta_lit) count = 0;  // always first
        if (count < best_count) best = static_cast<int>(j), best_key = k, best_count = count, chosen = c;
    }
    if (best < 0) {
        emit(r, step, b, pos);
        return;
    }
    const NLit& l = r.body[best];
    const std::vector<AtomId>& ids = by_key_[best_key];  // a deque element: stays put while keys are added
    if (chosen.indexed) narrow_all(best_key, l, b, chosen);
    done[best] = true;
    const size_t count = chosen.count();
    spend(count);
    for (size_t j = 0; j < count; ++j) {
        AtomId id = ids[chosen.indexed ? (*chosen.bucket)[chosen.lo + j] : chosen.from + j];
        const size_t mark = trail_.size();
        if (match(l.atom, atom_term_[id], b)) {
            pos.push_back(id);
            join(r, step, delta_lit, b, done, pos);
            pos.pop_back();
        }
        for (size_t t = mark; t < trail_.size(); ++t) b[trail_[t]] = -1;
        trail_.resize(mark);
    }
    done[best] = false;
}

void Grounder::emit(const NRule& r, int step, const Binding& b, const std::vector<AtomId>& pos) {
    for (int v = 0; v < r.nvars; ++v)
        if (b[v] < 0)
            throw NotApplicable(r.loc.str() + ": a variable of this rule is not bound by a positive literal");
    if (dead_instance(r, step, b, pos)) return;
    std::vector<AtomId> neg;
    for (const auto& l : r.body) {
        if (l.kind != NLit::Neg) continue;
        int s = lit_step(l.sk, step);
        bool complete = s < phase_;  // statics before step 0, earlier steps before later ones
        std::int64_t t = lookup(l.atom, b);
        std::int64_t id = t < 0 ? -1 : find_atom(static_cast<TermId>(t), s);
        bool can_be_true = id >= 0 && possible_[static_cast<size_t>(id)];
        if (complete && !can_be_true) continue;  // never true: the literal holds
        neg.push_back(intern_atom(t >= 0 ? static_cast<TermId>(t) : instantiate(l.atom, b), s));
    }
    TermId head = instantiate(r.head, b);
    int hs = lit_step(r.sk, step);
    // Keep each instance once (semi-naive rounds may meet one twice).
    std::vector<AtomId> p = pos;
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
    std::sort(neg.begin(), neg.end());
    neg.erase(std::unique(neg.begin(), neg.end()), neg.end());
    AtomId h = add_possible(head, hs);
    instance_.clear();
    instance_.push_back(h);
    instance_.push_back(static_cast<std::uint32_t>(p.size()));
    instance_.insert(instance_.end(), p.begin(), p.end());
    instance_.insert(instance_.end(), neg.begin(), neg.end());
    if (!instances_.insert(instance_)) return;
    add_rule(h, std::move(p), std::move(neg));
}

// Dead instances (grounder_class.h): the rules without negative literals per relation, and
// the definite static relations (static, no negative literal in their rules or below them).
void Grounder::index_entailing_rules() {
    const std::size_t n = rel_sig_.size();
    entailing_.assign(n, {});
    definite_.assign(n, 0);
    for (const auto& r : rules_) {
        const bool negation = std::any_of(r.body.begin(), r.body.end(), [](const NLit& l) { return l.kind == NLit::Neg; });
        // Not GDL-III's knowledge atoms: their rules ((knows R P) :- (agent R), P) only say
        // where they may be true; the engines set them per development (ground/epistemic.h).
        const std::string& head = terms_.symbol_name(rel_sig_[r.head_rel].first);
        if (!negation && head != kKnowsRelation && head != kCommonRelation) entailing_[r.head_rel].push_back(&r);
        // Every static relation starts definite (one without rules has no atoms: vacuously so).
        if (r.sk == StepKind::Static) definite_[r.head_rel] = 1;
        for (const auto& l : r.body)
            if ((l.kind == NLit::Pos || l.kind == NLit::Neg) && l.sk == StepKind::Static) definite_[l.rel] = 1;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& r : rules_) {
            if (r.sk != StepKind::Static || !definite_[r.head_rel]) continue;
            for (const auto& l : r.body)
                if (l.kind == NLit::Neg || (l.kind == NLit::Pos && !definite_[l.rel])) {
                    definite_[r.head_rel] = 0, changed = true;
                    break;
                }
        }
    }
}

bool Grounder::dead_instance(const NRule& r, int step, const Binding& b, const std::vector<AtomId>& pos_joined) {
    if (std::none_of(r.body.begin(), r.body.end(), [](const NLit& l) { return l.kind == NLit::Neg; })) return false;
    // In a fixed order (not the join's), so that where the budget ends does not depend on it.
    sorted_pos_.assign(pos_joined.begin(), pos_joined.end());
    std::sort(sorted_pos_.begin(), sorted_pos_.end());
    const std::vector<AtomId>& pos = sorted_pos_;
    for (const auto& l : r.body) {
        if (l.kind != NLit::Neg) continue;
        const int s = lit_step(l.sk, step);
        std::int64_t t = lookup(l.atom, b);
        const std::int64_t id = t < 0 ? -1 : find_atom(static_cast<TermId>(t), s);
        const bool possible = id >= 0 && possible_[static_cast<std::size_t>(id)];
        if (s < 0) {  // a static atom: true when possible, once the statics are complete, if definite
            if (phase_ >= 0 && possible && l.rel < definite_.size() && definite_[l.rel]) return true;
            continue;
        }
        if (possible && std::find(pos.begin(), pos.end(), static_cast<AtomId>(id)) != pos.end()) return true;
        if (l.rel >= entailing_.size() || entailing_[l.rel].empty()) continue;
        if (t < 0) t = instantiate(l.atom, b), spend(terms_.tree_size(static_cast<TermId>(t)));
        if (entailed(static_cast<TermId>(t), l.rel, s, pos)) return true;
    }
    return false;
}

bool Grounder::entailed(TermId atom, RelId rel, int step, const std::vector<AtomId>& pos) {
    constexpr std::size_t kBudget = 4096;
    std::size_t budget = kBudget;
    bool found = false;
    for (const NRule* q : entailing_[rel]) {
        if (budget == 0) break;
        --budget;  // each rule tried counts
        Binding qb(static_cast<std::size_t>(q->nvars), -1);
        const std::size_t mark = trail_.size();
        found = match(q->head, atom, qb) && entail_body(*q, 0, step, qb, pos, budget);
        trail_.resize(mark);
        if (found) break;
    }
    spend(1 + kBudget - budget);
    return found;
}

bool Grounder::entail_body(const NRule& q, std::size_t i, int step, Binding& b, const std::vector<AtomId>& pos,
                           std::size_t& budget) {
    if (i == q.body.size()) return true;
    const NLit& l = q.body[i];
    if (l.kind == NLit::Distinct || l.kind == NLit::Equal) {  // after the positive literals (make_rule)
        if (!bound(l, b)) return false;
        return equals(l.a, l.b, b) == (l.kind == NLit::Equal) && entail_body(q, i + 1, step, b, pos, budget);
    }
    if (l.kind != NLit::Pos) return false;
    const int s = lit_step(l.sk, step);
    // One candidate atom: match it, go on, undo the bindings.
    auto attempt = [&](AtomId id) {
        if (budget == 0) return false;
        --budget;
        const std::size_t mark = trail_.size();
        const bool ok = match(l.atom, atom_term_[id], b) && entail_body(q, i + 1, step, b, pos, budget);
        for (std::size_t t = mark; t < trail_.size(); ++t) b[static_cast<std::size_t>(trail_[t])] = -1;
        trail_.resize(mark);
        return ok;
    };
    if (s < 0) {  // a true static atom
        if (phase_ < 0 || l.rel >= definite_.size() || !definite_[l.rel]) return false;
        if (ground_under(l.atom, b)) {
            const std::int64_t t = lookup(l.atom, b);
            const std::int64_t id = t < 0 ? -1 : find_atom(static_cast<TermId>(t), -1);
            return id >= 0 && possible_[static_cast<std::size_t>(id)] && entail_body(q, i + 1, step, b, pos, budget);
        }
        const std::vector<AtomId>& atoms = possible_of(l.rel, -1);
        for (std::size_t k = 0; k < atoms.size(); ++k)
            if (attempt(atoms[k])) return true;
        return false;
    }
    for (AtomId id : pos)  // one of the instance's positive atoms
        if (atom_rel_[id] == l.rel && atom_step_[id] == s && attempt(id)) return true;
    return false;
}

}  // namespace gdlsc::ground::grounding
