// The grounder (see grounder.h for the algorithm). Rules are first normalised: bodies
// in disjunctive normal form (or/and/not pushed down to literals), variables numbered,
// so that an instance is a vector of bound terms. Matching is a nested loop join over the
// possible atoms of each relation and step, choosing next the literal with the most bound
// variables; distinct is tested as soon as both sides are bound.
#include "ground/grounder.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

namespace gdlsc::ground {

using gdl::Literal;
using gdl::Term;

StepKind step_kind(const gdl::Analysis& analysis, const gdl::Signature& sig) {
    const std::string& n = sig.name;
    if (n == "true" || n == "legal" || n == "terminal" || n == "goal") return StepKind::Fluent;
    if (n == "does" || n == "next" || n == "sees") return StepKind::Action;
    if (n == "init" || n == "role" || n == "base" || n == "input" || n == "percept") return StepKind::Static;
    auto it = analysis.predicates.find(sig);
    if (it == analysis.predicates.end()) return StepKind::Static;
    switch (it->second.cls) {
        case gdl::PredicateClass::Static: return StepKind::Static;
        case gdl::PredicateClass::DerivedFluent: return StepKind::Fluent;
        case gdl::PredicateClass::ActionPredicate: return StepKind::Action;
    }
    return StepKind::Static;
}

namespace {

// A term pattern with numbered variables.
struct Pat {
    int var = -1;  // >= 0: variable number
    std::string name;
    std::vector<Pat> args;
    bool compound = false;
};

using Binding = std::vector<const Term*>;

Pat compile(const Term& t, std::map<std::string, int>& vars) {
    Pat p;
    if (t.is_variable()) {
        auto [it, fresh] = vars.emplace(t.name, static_cast<int>(vars.size()));
        p.var = it->second;
        return p;
    }
    p.name = t.name;
    p.compound = t.is_compound();
    for (const auto& a : t.args) p.args.push_back(compile(a, vars));
    return p;
}

void pat_vars(const Pat& p, std::vector<int>& out) {
    if (p.var >= 0) {
        if (std::find(out.begin(), out.end(), p.var) == out.end()) out.push_back(p.var);
        return;
    }
    for (const auto& a : p.args) pat_vars(a, out);
}

// Matches p against the ground term t, binding variables; records new bindings in trail.
bool match(const Pat& p, const Term& t, Binding& b, std::vector<int>& trail) {
    if (p.var >= 0) {
        if (b[p.var]) return *b[p.var] == t;
        b[p.var] = &t;
        trail.push_back(p.var);
        return true;
    }
    if (p.compound != t.is_compound() || p.name != t.name || p.args.size() != t.args.size()) return false;
    for (size_t i = 0; i < p.args.size(); ++i)
        if (!match(p.args[i], t.args[i], b, trail)) return false;
    return true;
}

Term instantiate(const Pat& p, const Binding& b) {
    if (p.var >= 0) return *b[p.var];
    if (!p.compound) return Term::constant(p.name);
    std::vector<Term> args;
    args.reserve(p.args.size());
    for (const auto& a : p.args) args.push_back(instantiate(a, b));
    return Term::compound(p.name, std::move(args));
}

struct NLit {
    enum Kind { Pos, Neg, Distinct, Equal } kind = Pos;
    Pat atom;  // Pos/Neg: the relational atom (true(F), does(R,M), p(...))
    std::string rel;
    size_t arity = 0;
    StepKind sk = StepKind::Static;
    Pat a, b;  // Distinct/Equal
    std::vector<int> vars;
};

struct NRule {
    Pat head;
    std::string head_rel;
    size_t head_arity = 0;
    StepKind sk = StepKind::Static;
    std::vector<NLit> body;
    std::vector<size_t> pos;  // indices of Pos literals
    int nvars = 0;
    gdl::Location loc;
};

using Conj = std::vector<std::pair<Literal, bool>>;  // (atom or distinct literal, negated)

// Disjunctive normal form of a body literal under `neg` negations.
std::vector<Conj> dnf(const Literal& l, bool neg) {
    auto product = [](const std::vector<std::vector<Conj>>& parts) {
        std::vector<Conj> out{{}};
        for (const auto& part : parts) {
            std::vector<Conj> next;
            for (const auto& c : out)
                for (const auto& d : part) {
                    Conj e = c;
                    e.insert(e.end(), d.begin(), d.end());
                    next.push_back(std::move(e));
                }
            out = std::move(next);
        }
        return out;
    };
    auto sum = [](const std::vector<std::vector<Conj>>& parts) {
        std::vector<Conj> out;
        for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
        return out;
    };
    switch (l.kind) {
        case Literal::Kind::Atom:
        case Literal::Kind::Distinct: return {Conj{{l, neg}}};
        case Literal::Kind::Not: return dnf(l.sub.at(0), !neg);
        case Literal::Kind::Or:
        case Literal::Kind::And: {
            std::vector<std::vector<Conj>> parts;
            for (const auto& s : l.sub) parts.push_back(dnf(s, neg));
            bool conj = (l.kind == Literal::Kind::And) != neg;
            return conj ? product(parts) : sum(parts);
        }
    }
    return {};
}

bool mentions_knows(const Literal& l) {
    bool found = false;
    gdl::for_each_atom(l, [&](const Term& t, bool) { found = found || t.name == "knows"; });
    return found;
}

class Grounder {
public:
    Grounder(const gdl::Program& p, const gdl::Analysis& a, const std::vector<JointMove>& moves,
             const GroundLimits& lim, const std::set<gdl::Signature>& keep, bool one_step = false)
        : program_(p), analysis_(a), moves_(moves), limits_(lim), keep_(keep), one_step_(one_step) {
        out_.horizon = one_step ? 1 : static_cast<int>(moves.size());
        out_.roles = a.roles;
    }

    // ground_step: step 0 from any reachable state. true@0 and does@0 are inputs (no
    // rules); their possible atoms grow with the phase: every init and next@0 fluent is a
    // possible true@0 fluent, every possible legal@0 move a possible does@0 move.
    GroundProgram run_one_step() {
        normalise();
        collect_rule_terms();
        phase_ = -1;
        run_phase(-1);
        for (AtomId id : possible_of("init", 1, -1))
            add_possible(Term::compound("true", out_.atoms[id].atom.args), 0);
        phase_ = 0;
        run_phase(0);
        out_.index_rules();
        return relevant_part();
    }

    GroundProgram run() {
        normalise();
        collect_rule_terms();
        const int n = out_.horizon;
        phase_ = -1;
        run_phase(-1);
        for (AtomId id : possible_of("init", 1, -1)) {
            AtomId t = add_possible(Term::compound("true", out_.atoms[id].atom.args), 0);
            add_rule({t, {id}, {}});
        }
        for (int i = 0; i <= n; ++i) {
            phase_ = i;
            if (i < n) {
                const JointMove& jm = moves_[i];
                for (size_t r = 0; r < jm.size() && r < out_.roles.size(); ++r) {
                    AtomId d = add_possible(Term::compound("does", {Term::constant(out_.roles[r]), jm[r]}), i);
                    add_rule({d, {}, {}});
                }
            }
            run_phase(i);
            if (i < n)
                for (AtomId id : possible_of("next", 1, i)) {
                    AtomId t = add_possible(Term::compound("true", out_.atoms[id].atom.args), i + 1);
                    add_rule({t, {id}, {}});
                }
        }
        out_.index_rules();
        return relevant_part();
    }

private:
    const gdl::Program& program_;
    const gdl::Analysis& analysis_;
    const std::vector<JointMove>& moves_;
    GroundLimits limits_;
    const std::set<gdl::Signature>& keep_;
    const bool one_step_ = false;
    GroundProgram out_;
    std::vector<NRule> rules_;
    int phase_ = -1;  // -1: statics; i: step i
    std::vector<bool> possible_;
    std::unordered_map<std::string, std::vector<AtomId>> by_key_;  // possible atoms per relation/step
    std::unordered_map<std::string, std::pair<size_t, size_t>> delta_;  // [from, to) per key this round
    std::unordered_set<std::string> instances_;

    static std::string key(const std::string& rel, size_t arity, int step) {
        return rel + "/" + std::to_string(arity) + "@" + std::to_string(step);
    }
    const std::vector<AtomId>& possible_of(const std::string& rel, size_t arity, int step) {
        return by_key_[key(rel, arity, step)];
    }

    // The atoms of the steps and of the kept static relations, closed under "a rule of a
    // kept atom mentions it"; with their rules, renumbered in the original order.
    GroundProgram relevant_part() {
        const size_t n = out_.atoms.size();
        std::vector<bool> kept(n, false);
        std::vector<AtomId> todo;
        for (AtomId a = 0; a < n; ++a)
            if (out_.atoms[a].step >= 0 || keep_.count(gdl::signature(out_.atoms[a].atom)))
                kept[a] = true, todo.push_back(a);
        while (!todo.empty()) {
            AtomId a = todo.back();
            todo.pop_back();
            for (size_t ri : out_.rules_of[a]) {
                const GroundRule& r = out_.rules[ri];
                for (const auto* part : {&r.pos, &r.neg})
                    for (AtomId b : *part)
                        if (!kept[b]) kept[b] = true, todo.push_back(b);
            }
        }
        GroundProgram g;
        g.horizon = out_.horizon;
        g.roles = out_.roles;
        g.rule_terms = std::move(out_.rule_terms);
        std::vector<AtomId> id(n, 0);
        for (AtomId a = 0; a < n; ++a)
            if (kept[a]) id[a] = g.intern(out_.atoms[a].atom, out_.atoms[a].step);
        for (const auto& r : out_.rules) {
            if (!kept[r.head]) continue;
            GroundRule x;
            x.head = id[r.head];
            for (AtomId b : r.pos) x.pos.push_back(id[b]);
            for (AtomId b : r.neg) x.neg.push_back(id[b]);
            g.rules.push_back(std::move(x));
        }
        g.index_rules();
        return g;
    }

    void normalise() {
        for (const auto& r : program_.rules) {
            for (const auto& l : r.body)
                if (mentions_knows(l))
                    throw NotApplicable(r.loc.str() + ": knows in the rules (GDL-III): the ground engine "
                                                      "does not apply to this game");
            std::vector<std::vector<Conj>> parts;
            for (const auto& l : r.body) parts.push_back(dnf(l, false));
            std::vector<Conj> bodies{{}};
            for (const auto& part : parts) {
                std::vector<Conj> next;
                for (const auto& c : bodies)
                    for (const auto& d : part) {
                        Conj e = c;
                        e.insert(e.end(), d.begin(), d.end());
                        next.push_back(std::move(e));
                    }
                bodies = std::move(next);
            }
            for (const auto& body : bodies) rules_.push_back(make_rule(r, body));
        }
    }

    NRule make_rule(const gdl::Rule& r, const Conj& body) {
        std::map<std::string, int> vars;
        NRule nr;
        nr.loc = r.loc;
        // Number positive literals' variables first, so a binding order exists.
        for (const auto& [l, neg] : body) {
            if (l.kind != Literal::Kind::Atom || neg) continue;
            NLit x;
            x.kind = NLit::Pos;
            x.atom = compile(l.atom, vars);
            x.rel = l.atom.name;
            x.arity = l.atom.args.size();
            x.sk = step_kind(analysis_, gdl::signature(l.atom));
            pat_vars(x.atom, x.vars);
            nr.pos.push_back(nr.body.size());
            nr.body.push_back(std::move(x));
        }
        for (const auto& [l, neg] : body) {
            if (l.kind == Literal::Kind::Atom && !neg) continue;
            NLit x;
            if (l.kind == Literal::Kind::Atom) {
                x.kind = NLit::Neg;
                x.atom = compile(l.atom, vars);
                x.rel = l.atom.name;
                x.arity = l.atom.args.size();
                x.sk = step_kind(analysis_, gdl::signature(l.atom));
                pat_vars(x.atom, x.vars);
            } else {
                x.kind = neg ? NLit::Equal : NLit::Distinct;
                x.a = compile(l.atom.args.at(0), vars);
                x.b = compile(l.atom.args.at(1), vars);
                pat_vars(x.a, x.vars);
                pat_vars(x.b, x.vars);
            }
            nr.body.push_back(std::move(x));
        }
        nr.head = compile(r.head, vars);
        nr.head_rel = r.head.name;
        nr.head_arity = r.head.args.size();
        nr.sk = step_kind(analysis_, gdl::signature(r.head));
        nr.nvars = static_cast<int>(vars.size());
        return nr;
    }

    void collect_rule_terms() {
        std::set<Term> u;
        std::function<void(const Term&)> sub = [&](const Term& t) {
            for (const auto& a : t.args) sub(a);
            if (t.is_ground()) u.insert(t);
        };
        for (const auto& r : program_.rules) {
            for (const auto& a : r.head.args) sub(a);
            for (const auto& l : r.body)
                gdl::for_each_atom(l, [&](const Term& t, bool) {
                    for (const auto& a : t.args) sub(a);
                });
        }
        for (const auto& r : analysis_.roles) u.insert(Term::constant(r));
        out_.rule_terms.assign(u.begin(), u.end());
    }

    int lit_step(StepKind sk, int step) const { return sk == StepKind::Static ? -1 : step; }

    bool in_phase(const NRule& r, int step) const {
        if (step < 0) return r.sk == StepKind::Static;
        if (r.sk == StepKind::Fluent) return true;
        return r.sk == StepKind::Action && step < out_.horizon;
    }

    void check_limits() {
        if (out_.atoms.size() > limits_.max_atoms || out_.rules.size() > limits_.max_rules)
            throw TooLarge((one_step_ ? std::string("the one-step ground program")
                                      : "the ground program for steps 0.." + std::to_string(out_.horizon)) +
                           " passed the size bound (" + std::to_string(limits_.max_atoms) + " atoms, " +
                           std::to_string(limits_.max_rules) + " rules) while grounding " +
                           (phase_ < 0 ? std::string("the static relations") : "step " + std::to_string(phase_)) +
                           ": " + out_.size_text() + "; use a shorter history or a larger --max-ground-size");
    }

    AtomId add_possible(const Term& atom, int step) {
        AtomId id = out_.intern(atom, step);
        if (possible_.size() <= id) possible_.resize(id + 1, false);
        if (!possible_[id]) {
            possible_[id] = true;
            by_key_[key(atom.name, atom.args.size(), step)].push_back(id);
        }
        check_limits();
        return id;
    }

    void add_rule(GroundRule r) {
        out_.rules.push_back(std::move(r));
        check_limits();
    }

    // One phase to its fixpoint, semi-naive: after the first round, an instance must use
    // at least one atom that became possible in the previous round.
    void run_phase(int step) {
        std::vector<const NRule*> rules;
        for (const auto& r : rules_)
            if (in_phase(r, step)) rules.push_back(&r);
        std::unordered_map<std::string, size_t> seen;  // per key: atoms already used as "old"
        bool first = true;
        while (true) {
            // The delta of this round: atoms of each key added since the last round.
            delta_.clear();
            bool any = false;
            for (const auto& [k, ids] : by_key_) {
                size_t from = first ? 0 : seen[k];
                if (ids.size() > from) any = true;
                delta_[k] = {from, ids.size()};
            }
            if (!first && !any) break;
            for (const NRule* r : rules) {
                if (first) {
                    ground_rule(*r, step, -1);
                    continue;
                }
                for (size_t j : r->pos) {
                    const NLit& l = r->body[j];
                    auto d = delta_.find(key(l.rel, l.arity, lit_step(l.sk, step)));
                    if (d != delta_.end() && d->second.second > d->second.first) ground_rule(*r, step, static_cast<int>(j));
                }
            }
            for (const auto& [k, range] : delta_) seen[k] = range.second;
            first = false;
            if (one_step_ && step == 0) feed_back();
        }
    }

    // One-step grounding: what next@0 and legal@0 made possible becomes possible input.
    void feed_back() {
        std::vector<Term> fluents, moves;
        for (AtomId id : possible_of("next", 1, 0)) fluents.push_back(out_.atoms[id].atom.args[0]);
        for (AtomId id : possible_of("legal", 2, 0)) moves.push_back(out_.atoms[id].atom);
        for (const Term& f : fluents) add_possible(Term::compound("true", {f}), 0);
        for (const Term& m : moves) add_possible(Term::compound("does", m.args), 0);
    }

    // Instances of r at `step`; the literal `delta_lit` (if >= 0) only takes atoms from the
    // current round's delta, the others take every atom possible when the round began.
    void ground_rule(const NRule& r, int step, int delta_lit) {
        Binding b(r.nvars, nullptr);
        std::vector<bool> done(r.body.size(), false);
        std::vector<AtomId> pos;
        join(r, step, delta_lit, b, done, pos, 0);
    }

    // Argument index: per relation/step key and field, the positions (in by_key_[key]) of
    // the atoms with that field's value. The fields of true(F), next(F), init(F) are F's
    // functor and F's arguments; of any other atom its arguments.
    struct Index {
        size_t indexed = 0;
        std::vector<std::unordered_map<std::string, std::vector<size_t>>> fields;
    };
    std::unordered_map<std::string, Index> indexes_;

    static bool wraps_fluent(const std::string& rel, size_t arity) {
        return arity == 1 && (rel == "true" || rel == "next" || rel == "init");
    }

    static std::vector<std::string> term_fields(const Term& atom) {
        std::vector<std::string> out;
        if (wraps_fluent(atom.name, atom.args.size())) {
            const Term& f = atom.args[0];
            out.push_back(f.name + "/" + std::to_string(f.args.size()));
            for (const auto& a : f.args) out.push_back(a.to_kif());
        } else {
            for (const auto& a : atom.args) out.push_back(a.to_kif());
        }
        return out;
    }

    static bool ground_under(const Pat& p, const Binding& b) {
        if (p.var >= 0) return b[p.var] != nullptr;
        for (const auto& a : p.args)
            if (!ground_under(a, b)) return false;
        return true;
    }

    // The fields of a pattern that are bound under b (index, value); none if unknown.
    static std::vector<std::pair<size_t, std::string>> pattern_fields(const Pat& atom, const Binding& b) {
        std::vector<std::pair<size_t, std::string>> out;
        if (wraps_fluent(atom.name, atom.args.size())) {
            const Pat& f = atom.args[0];
            if (f.var >= 0) {
                if (!b[f.var]) return out;
                auto fs = term_fields(Term::compound(atom.name, {*b[f.var]}));
                for (size_t i = 0; i < fs.size(); ++i) out.emplace_back(i, fs[i]);
                return out;
            }
            out.emplace_back(0, f.name + "/" + std::to_string(f.args.size()));
            for (size_t i = 0; i < f.args.size(); ++i)
                if (ground_under(f.args[i], b)) out.emplace_back(i + 1, instantiate(f.args[i], b).to_kif());
            return out;
        }
        for (size_t i = 0; i < atom.args.size(); ++i)
            if (ground_under(atom.args[i], b)) out.emplace_back(i, instantiate(atom.args[i], b).to_kif());
        return out;
    }

    // Positions in [from, to) of the smallest bucket among the bound fields; false: scan all.
    bool narrow(const std::string& k, const std::vector<AtomId>& ids, const Pat& atom, const Binding& b, size_t from,
                size_t to, std::vector<size_t>& positions) {
        if (to - from < 16) return false;
        auto bound_fields = pattern_fields(atom, b);
        if (bound_fields.empty()) return false;
        Index& ix = indexes_[k];
        for (; ix.indexed < ids.size(); ++ix.indexed) {
            auto fs = term_fields(out_.atoms[ids[ix.indexed]].atom);
            if (ix.fields.size() < fs.size()) ix.fields.resize(fs.size());
            for (size_t i = 0; i < fs.size(); ++i) ix.fields[i][fs[i]].push_back(ix.indexed);
        }
        const std::vector<size_t>* best = nullptr;
        static const std::vector<size_t> none;
        for (const auto& [i, v] : bound_fields) {
            if (i >= ix.fields.size()) return true;  // no atom has this field: nothing matches
            auto it = ix.fields[i].find(v);
            const std::vector<size_t>* bucket = it == ix.fields[i].end() ? &none : &it->second;
            if (!best || bucket->size() < best->size()) best = bucket;
        }
        auto lo = std::lower_bound(best->begin(), best->end(), from);
        auto hi = std::lower_bound(lo, best->end(), to);
        positions.assign(lo, hi);
        return true;
    }

    bool bound(const NLit& l, const Binding& b) const {
        for (int v : l.vars)
            if (!b[v]) return false;
        return true;
    }

    void join(const NRule& r, int step, int delta_lit, Binding& b, std::vector<bool>& done,
              std::vector<AtomId>& pos, size_t depth) {
        // Tests whose variables are all bound.
        for (size_t i = 0; i < r.body.size(); ++i) {
            const NLit& l = r.body[i];
            if (done[i] || (l.kind != NLit::Distinct && l.kind != NLit::Equal) || !bound(l, b)) continue;
            bool eq = instantiate(l.a, b) == instantiate(l.b, b);
            if (eq != (l.kind == NLit::Equal)) return;
        }
        // Next positive literal: the delta literal first, then the one with the fewest
        // candidate atoms under the current binding (index buckets, else the whole relation).
        int best = -1;
        std::string best_key;
        std::vector<size_t> positions;
        bool indexed = false;
        size_t from = 0, to = 0, best_count = SIZE_MAX;
        for (size_t j : r.pos) {
            if (done[j]) continue;
            const NLit& l = r.body[j];
            std::string k = key(l.rel, l.arity, lit_step(l.sk, step));
            auto d = delta_.find(k);
            if (d == delta_.end()) return;  // no atom of this relation was possible when the round began
            size_t f = static_cast<int>(j) == delta_lit ? d->second.first : 0, t = d->second.second;
            std::vector<size_t> ps;
            bool ix = narrow(k, by_key_[k], l.atom, b, f, t, ps);
            size_t count = ix ? ps.size() : t - f;
            if (count == 0) return;
            if (static_cast<int>(j) == delta_lit) count = 0;  // always first
            if (count < best_count) {
                best = static_cast<int>(j), best_key = k, best_count = count;
                positions = std::move(ps), indexed = ix, from = f, to = t;
            }
        }
        if (best < 0) {
            emit(r, step, b, pos);
            return;
        }
        const NLit& l = r.body[best];
        const std::vector<AtomId>& ids = by_key_[best_key];  // a reference stays valid when the map grows
        done[best] = true;
        std::vector<int> trail;
        const size_t count = indexed ? positions.size() : to - from;
        for (size_t j = 0; j < count; ++j) {
            AtomId id = ids[indexed ? positions[j] : from + j];
            trail.clear();
            if (match(l.atom, out_.atoms[id].atom, b, trail)) {
                pos.push_back(id);
                join(r, step, delta_lit, b, done, pos, depth + 1);
                pos.pop_back();
            }
            for (int v : trail) b[v] = nullptr;
        }
        done[best] = false;
    }

    void emit(const NRule& r, int step, const Binding& b, const std::vector<AtomId>& pos) {
        for (int v = 0; v < r.nvars; ++v)
            if (!b[v])
                throw NotApplicable(r.loc.str() + ": a variable of this rule is not bound by a positive literal");
        std::vector<AtomId> neg;
        for (const auto& l : r.body) {
            if (l.kind != NLit::Neg) continue;
            Term a = instantiate(l.atom, b);
            int s = lit_step(l.sk, step);
            bool complete = s < phase_;  // statics before step 0, earlier steps before later ones
            std::int64_t id = out_.find(a, s);
            bool can_be_true = id >= 0 && static_cast<size_t>(id) < possible_.size() && possible_[id];
            if (complete && !can_be_true) continue;  // never true: the literal holds
            AtomId nid = out_.intern(a, s);
            if (possible_.size() <= nid) possible_.resize(nid + 1, false);
            neg.push_back(nid);
        }
        Term head = instantiate(r.head, b);
        int hs = lit_step(r.sk, step);
        // Keep each instance once (semi-naive rounds may meet one twice).
        std::vector<AtomId> p = pos;
        std::sort(p.begin(), p.end());
        p.erase(std::unique(p.begin(), p.end()), p.end());
        std::sort(neg.begin(), neg.end());
        neg.erase(std::unique(neg.begin(), neg.end()), neg.end());
        AtomId h = add_possible(head, hs);
        std::string inst = std::to_string(h) + ":";
        for (AtomId x : p) inst += std::to_string(x) + ",";
        inst += ":";
        for (AtomId x : neg) inst += std::to_string(x) + ",";
        if (!instances_.insert(inst).second) return;
        add_rule({h, std::move(p), std::move(neg)});
    }
};

}  // namespace

GroundProgram ground_program(const gdl::Program& program, const gdl::Analysis& analysis,
                             const std::vector<JointMove>& moves, const GroundLimits& limits,
                             const std::set<gdl::Signature>& keep) {
    return Grounder(program, analysis, moves, limits, keep).run();
}

GroundProgram ground_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits) {
    static const std::vector<JointMove> none;
    static const std::set<gdl::Signature> keep;
    return Grounder(program, analysis, none, limits, keep, true).run_one_step();
}

}  // namespace gdlsc::ground
