// The grounder (see grounder.h for the algorithm). Rules are first normalised: bodies
// in disjunctive normal form (or/and/not pushed down to literals), variables numbered,
// so that an instance is a vector of bound terms. Ground terms are hash-consed (TermTable),
// so atoms, index fields and instances are integers. Matching is a nested loop join over
// the possible atoms of each relation and step, choosing next the literal with the fewest
// candidates; distinct is tested as soon as both sides are bound. Every step of the join
// is charged to the work bound (GroundLimits::work_bound), so that grounding always ends.
#include "ground/grounder.h"

#include "gdl/existential_negation.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "ground/argument_index.h"
#include "ground/normal_form.h"
#include "ground/relevant.h"
#include "ground/sequence_set.h"
#include "ground/term_table.h"

namespace gdlsc::ground {

using gdl::Literal;
using gdl::Term;

StepKind step_kind(const gdl::Analysis& analysis, const gdl::Signature& sig) {
    const std::string& n = sig.name;
    if (n == "true" || n == "legal" || n == "terminal" || n == "goal") return StepKind::Fluent;
    if (n == "does" || n == "next" || n == "sees") return StepKind::Action;
    if (n == "init" || n == "role" || n == "base" || n == "input" || n == "percept") return StepKind::Static;
    switch (gdl::engine_class(analysis, sig)) {
        case gdl::PredicateClass::Static: return StepKind::Static;
        case gdl::PredicateClass::DerivedFluent: return StepKind::Fluent;
        case gdl::PredicateClass::ActionPredicate: return StepKind::Action;
    }
    return StepKind::Static;
}

namespace {

using namespace normal_form;

class Grounder {
public:
    // How the grounder runs: along a history (run), one step from any reachable state
    // (run_one_step), the steps from the initial state (possible_inputs), or one step over
    // given inputs (run_one_step_over).
    enum Mode { History, OneStep, Steps, OneStepOver };

    Grounder(const gdl::Program& p, const gdl::Analysis& a, const std::vector<JointMove>& moves,
             const GroundLimits& lim, const std::set<gdl::Signature>& keep, Mode mode = History)
        : program_(p), analysis_(a), moves_(moves), limits_(lim), work_bound_(lim.work_bound()), keep_(keep),
          one_step_(mode != History), mode_(mode) {
        horizon_ = mode == History ? static_cast<int>(moves.size()) : mode == Steps ? kMaxSteps : 1;
        sym_true_ = terms_.symbol("true");
        sym_does_ = terms_.symbol("does");
        rel_init_ = rel_of(terms_.symbol("init"), 1);
        rel_next_ = rel_of(terms_.symbol("next"), 1);
        rel_legal_ = rel_of(terms_.symbol("legal"), 2);
    }

    // ground_step: step 0 from any reachable state. true@0 and does@0 are inputs (no
    // rules); their possible atoms grow with the phase: every init and next@0 fluent is a
    // possible true@0 fluent, every possible legal@0 move a possible does@0 move.
    GroundProgram run_one_step() {
        normalise();
        phase_ = -1;
        run_phase(-1);
        for (AtomId id : possible_of(rel_init_, -1)) add_possible(wrap(sym_true_, atom_term_[id]), 0);
        phase_ = 0;
        run_phase(0);
        return relevant_part();
    }

    // ground_step's fallback (see grounder.h): the possible true@i fluents and does@i moves of
    // the steps i = 0, 1, ... from the initial state, each step grounded from the last one's
    // possible fluents, until terminal is certain at a step (every development has ended)
    // or a step's possible fluents are the last one's (every later step repeats it).
    struct Inputs {
        std::vector<gdl::Term> fluents;  // F of true(F)
        std::vector<gdl::Term> moves;    // does(R, M)
        int steps = 0;
    };
    Inputs possible_inputs() {
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
    GroundProgram run_one_step_over(const Inputs& in) {
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

    /// The last run stopped in the static relations (phase -1).
    bool in_statics() const { return phase_ < 0; }

    GroundProgram run() {
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

private:
    const gdl::Program& program_;
    const gdl::Analysis& analysis_;
    const std::vector<JointMove>& moves_;
    GroundLimits limits_;
    const std::size_t work_bound_;
    std::size_t work_ = 0;
    const std::set<gdl::Signature>& keep_;
    const bool one_step_ = false;
    const Mode mode_ = History;
    static constexpr int kMaxSteps = 1000;  // possible_inputs gives up past this many steps
    std::vector<bool> certain_;  // Steps: per atom, true in every development at its step
    int horizon_ = 0;
    TermTable terms_;
    SymbolId sym_true_ = 0, sym_does_ = 0;
    RelId rel_init_ = 0, rel_next_ = 0, rel_legal_ = 0;
    std::vector<NRule> rules_;
    int phase_ = -1;  // -1: statics; i: step i

    // Relations: (symbol, arity) -> RelId; whether its atoms wrap a fluent (true/next/init).
    std::unordered_map<std::uint64_t, RelId> rel_index_;
    std::vector<bool> rel_wraps_;
    std::vector<std::pair<SymbolId, std::uint32_t>> rel_sig_;

    // Atoms (every atom interned, possible or only mentioned by a negative literal), in order.
    std::vector<TermId> atom_term_;
    std::vector<int> atom_step_;
    std::vector<RelId> atom_rel_;
    std::vector<bool> possible_;
    std::vector<std::uint64_t> atom_slots_ = std::vector<std::uint64_t>(1024, 0);  // tag | id + 1
    // Rules (atom ids as above), their body literals counted for size_text.
    std::vector<GroundRule> rules_out_;
    std::size_t body_literals_ = 0;

    std::deque<std::vector<AtomId>> by_key_;           // possible atoms per relation/step key
    std::vector<std::pair<size_t, size_t>> delta_;     // [from, to) per key this round
    SequenceSet instances_;
    std::vector<std::uint32_t> instance_;              // scratch for emit
    std::vector<int> trail_;                           // variables bound by match, undone per level

    RelId rel_of(SymbolId sym, std::uint32_t arity) {
        std::uint64_t k = (static_cast<std::uint64_t>(sym) << 32) | arity;
        auto [it, fresh] = rel_index_.emplace(k, static_cast<RelId>(rel_sig_.size()));
        if (fresh) {
            const std::string& n = terms_.symbol_name(sym);
            rel_sig_.emplace_back(sym, arity);
            rel_wraps_.push_back(arity == 1 && (n == "true" || n == "next" || n == "init"));
        }
        return it->second;
    }
    // Steps -1..horizon per relation.
    std::size_t key(RelId rel, int step) const {
        return static_cast<std::size_t>(rel) * static_cast<std::size_t>(horizon_ + 2) + static_cast<std::size_t>(step + 1);
    }
    const std::vector<AtomId>& possible_of(RelId rel, int step) {
        std::size_t k = key(rel, step);
        if (by_key_.size() <= k) by_key_.resize(k + 1);
        return by_key_[k];  // a deque element: stays put while keys are added
    }
    // sym applied to the arguments of t: true(F) from init(F) or next(F), does(R, M) from legal(R, M).
    TermId wrap(SymbolId sym, TermId t) {
        std::vector<TermId> args(terms_.arity(t));
        for (std::uint32_t i = 0; i < args.size(); ++i) args[i] = terms_.arg(t, i);
        return terms_.make(sym, args.data(), static_cast<std::uint32_t>(args.size()));
    }

    Pat compile(const Term& t, std::map<std::string, int>& vars) {
        Pat p;
        if (t.is_variable()) {
            auto [it, fresh] = vars.emplace(t.name, static_cast<int>(vars.size()));
            p.var = it->second;
            return p;
        }
        p.sym = terms_.symbol(t.name);
        bool ground = true;
        std::vector<TermId> ids;
        for (const auto& a : t.args) {
            p.args.push_back(compile(a, vars));
            ground = ground && p.args.back().ground >= 0;
            if (ground) ids.push_back(static_cast<TermId>(p.args.back().ground));
        }
        if (ground) p.ground = terms_.make(p.sym, ids.data(), static_cast<std::uint32_t>(ids.size()));
        return p;
    }

    // The atoms of the steps and of the kept static relations, closed under "a rule of a
    // kept atom mentions it"; with their rules, renumbered in the original order.
    GroundProgram relevant_part() {
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

    void normalise() {
        for (const auto& r : program_.rules) {
            for (const auto& l : r.body)
                if (mentions_knows(l))
                    throw NotApplicable(r.loc.str() + ": knows in the rules (GDL-III): the ground engine "
                                                      "does not apply to this game");
            for (const auto& body : body_dnf(r.body)) rules_.push_back(make_rule(r, body));
        }
    }

    NLit relational(const Term& atom, std::map<std::string, int>& vars, NLit::Kind kind) {
        NLit x;
        x.kind = kind;
        x.atom = compile(atom, vars);
        x.rel = rel_of(x.atom.sym, static_cast<std::uint32_t>(atom.args.size()));
        x.sk = step_kind(analysis_, gdl::signature(atom));
        pat_vars(x.atom, x.vars);
        return x;
    }

    NRule make_rule(const gdl::Rule& r, const Conj& body) {
        std::map<std::string, int> vars;
        NRule nr;
        nr.loc = r.loc;
        // Number positive literals' variables first, so a binding order exists.
        for (const auto& [l, neg] : body) {
            if (l.kind != Literal::Kind::Atom || neg) continue;
            nr.pos.push_back(nr.body.size());
            nr.body.push_back(relational(l.atom, vars, NLit::Pos));
        }
        for (const auto& [l, neg] : body) {
            if (l.kind == Literal::Kind::Atom && !neg) continue;
            if (l.kind == Literal::Kind::Atom) {
                nr.body.push_back(relational(l.atom, vars, NLit::Neg));
                continue;
            }
            NLit x;
            x.kind = neg ? NLit::Equal : NLit::Distinct;
            x.a = compile(l.atom.args.at(0), vars);
            x.b = compile(l.atom.args.at(1), vars);
            pat_vars(x.a, x.vars);
            pat_vars(x.b, x.vars);
            nr.body.push_back(std::move(x));
        }
        nr.head = compile(r.head, vars);
        rel_of(nr.head.sym, static_cast<std::uint32_t>(r.head.args.size()));
        nr.sk = step_kind(analysis_, gdl::signature(r.head));
        nr.nvars = static_cast<int>(vars.size());
        return nr;
    }

    std::vector<Term> rule_terms() const {
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
        return {u.begin(), u.end()};
    }

    int lit_step(StepKind sk, int step) const { return sk == StepKind::Static ? -1 : step; }

    bool in_phase(const NRule& r, int step) const {
        if (step < 0) return r.sk == StepKind::Static;
        if (r.sk == StepKind::Fluent) return true;
        return r.sk == StepKind::Action && step < horizon_;
    }

    std::string size_text() const {
        return std::to_string(atom_term_.size()) + " atoms, " + std::to_string(rules_out_.size()) + " rules (" +
               std::to_string(body_literals_) + " body literals), steps 0.." +
               std::to_string(mode_ == Steps ? std::max(phase_, 0) : horizon_);
    }

    std::string what() const {
        if (mode_ == Steps) return "the ground program of the steps from the initial state";
        return one_step_ ? std::string("the one-step ground program")
                         : "the ground program for steps 0.." + std::to_string(horizon_);
    }
    std::string where() const {
        return phase_ < 0 ? std::string("the static relations") : "step " + std::to_string(phase_);
    }

    void check_limits() {
        if (atom_term_.size() > limits_.max_atoms || rules_out_.size() > limits_.max_rules)
            throw TooLarge(what() + " passed the size bound (" + std::to_string(limits_.max_atoms) + " atoms, " +
                           std::to_string(limits_.max_rules) + " rules) while grounding " + where() + ": " +
                           size_text() + "; use a shorter history or a larger --max-ground-size");
    }

    void spend(std::size_t units) {
        work_ += units;
        if (work_ > work_bound_) {
            throw TooLarge(what() + " passed the work bound (" + std::to_string(work_bound_) +
                           " units: join candidates examined and sizes of new atoms) while grounding " + where() + ": " +
                           size_text() + " so far (its grounding may be infinite); use a shorter history or a larger "
                           "--max-ground-size");
        }
    }

    // The atom index: open addressing over (term, step), as in TermTable.
    static std::uint64_t atom_hash(TermId t, int step) {
        return fmix((static_cast<std::uint64_t>(t) << 32) | static_cast<std::uint32_t>(step + 1));
    }
    std::int64_t find_atom(TermId t, int step) const {
        const std::uint64_t h = atom_hash(t, step), tag = h & ~0xFFFFFFFFull;
        const std::size_t mask = atom_slots_.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            const std::uint64_t s = atom_slots_[i];
            if (s == 0) return -1;
            const AtomId a = static_cast<AtomId>(s) - 1;
            if ((s & ~0xFFFFFFFFull) == tag && atom_term_[a] == t && atom_step_[a] == step) return a;
        }
    }

    AtomId intern_atom(TermId t, int step) {
        std::int64_t found = find_atom(t, step);
        if (found >= 0) return static_cast<AtomId>(found);
        const AtomId a = static_cast<AtomId>(atom_term_.size());
        atom_term_.push_back(t);
        atom_step_.push_back(step);
        atom_rel_.push_back(rel_of(terms_.sym(t), terms_.arity(t)));
        possible_.push_back(false);
        if (atom_term_.size() * 2 > atom_slots_.size()) {
            std::vector<std::uint64_t> slots(atom_slots_.size() * 2, 0);
            atom_slots_.swap(slots);
            for (std::uint64_t s : slots)
                if (s != 0) place_atom(static_cast<AtomId>(s) - 1);
        }
        place_atom(a);
        spend(terms_.tree_size(t));
        return a;
    }

    void place_atom(AtomId a) {
        const std::uint64_t h = atom_hash(atom_term_[a], atom_step_[a]);
        const std::size_t mask = atom_slots_.size() - 1;
        std::size_t i = h & mask;
        while (atom_slots_[i] != 0) i = (i + 1) & mask;
        atom_slots_[i] = (h & ~0xFFFFFFFFull) | (static_cast<std::uint64_t>(a) + 1);
    }

    AtomId add_possible(TermId atom, int step) {
        AtomId id = intern_atom(atom, step);
        if (!possible_[id]) {
            possible_[id] = true;
            std::size_t k = key(atom_rel_[id], step);
            if (by_key_.size() <= k) by_key_.resize(k + 1);
            by_key_[k].push_back(id);
        }
        check_limits();
        return id;
    }

    void add_rule(AtomId head, std::vector<AtomId> pos, std::vector<AtomId> neg) {
        body_literals_ += pos.size() + neg.size();
        rules_out_.push_back({head, std::move(pos), std::move(neg)});
        check_limits();
    }

    // One phase to its fixpoint, semi-naive: after the first round, an instance must use
    // at least one atom that became possible in the previous round.
    void run_phase(int step) {
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
    void feed_back() {
        std::vector<TermId> fluents, moves;
        const std::vector<AtomId>&next = possible_of(rel_next_, 0), &legal = possible_of(rel_legal_, 0);
        for (; fed_next_ < next.size(); ++fed_next_) fluents.push_back(wrap(sym_true_, atom_term_[next[fed_next_]]));
        for (; fed_legal_ < legal.size(); ++fed_legal_) moves.push_back(wrap(sym_does_, atom_term_[legal[fed_legal_]]));
        for (TermId f : fluents) add_possible(f, 0);
        for (TermId m : moves) add_possible(m, 0);
    }
    size_t fed_next_ = 0, fed_legal_ = 0;

    // Steps: every possible legal@step move is a possible does@step (new ones only).
    void feed_moves(int step) {
        if (step != fed_step_) fed_step_ = step, fed_legal_ = 0;
        const std::vector<AtomId>& legal = possible_of(rel_legal_, step);
        std::vector<TermId> moves;
        for (; fed_legal_ < legal.size(); ++fed_legal_) moves.push_back(wrap(sym_does_, atom_term_[legal[fed_legal_]]));
        for (TermId m : moves) add_possible(m, step);
    }
    int fed_step_ = -1;

    // Steps: the atoms of the rules from `from` on that hold in every development at their
    // step (an action atom: in every development that makes a move there): a rule whose
    // positive atoms are certain and whose negative atoms can never be true makes its head
    // certain (to a fixpoint); true@i+1(f) is certain when next@i(f) is (frame rules), and
    // does@i(r, m) when m is r's only possible move.
    void mark_certain(std::size_t from) {
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

    // Instances of r at `step`; the literal `delta_lit` (if >= 0) only takes atoms from the
    // current round's delta, the others take every atom possible when the round began.
    void ground_rule(const NRule& r, int step, int delta_lit) {
        Binding b(r.nvars, -1);
        std::vector<bool> done(r.body.size(), false);
        std::vector<AtomId> pos;
        join(r, step, delta_lit, b, done, pos);
    }

    // Matches p against the ground term t, binding variables (recorded in trail_).
    bool match(const Pat& p, TermId t, Binding& b) {
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

    TermId instantiate(const Pat& p, const Binding& b) {
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
    std::int64_t lookup(const Pat& p, const Binding& b) const {
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
    bool equals(const Pat& p, TermId t, const Binding& b) const {
        if (p.var >= 0) return b[p.var] == t;
        if (p.ground >= 0) return p.ground == t;
        if (terms_.sym(t) != p.sym || terms_.arity(t) != p.args.size()) return false;
        for (std::uint32_t i = 0; i < p.args.size(); ++i)
            if (!equals(p.args[i], terms_.arg(t, i), b)) return false;
        return true;
    }
    bool equals(const Pat& x, const Pat& y, const Binding& b) const {
        if (x.var >= 0) return equals(y, static_cast<TermId>(b[x.var]), b);
        if (x.ground >= 0) return equals(y, static_cast<TermId>(x.ground), b);
        if (y.var >= 0 || y.ground >= 0) return equals(y, x, b);
        if (x.sym != y.sym || x.args.size() != y.args.size()) return false;
        for (size_t i = 0; i < x.args.size(); ++i)
            if (!equals(x.args[i], y.args[i], b)) return false;
        return true;
    }

    // The argument index (argument_index.h) and the bound fields of a literal's pattern.
    using Candidates = ArgumentIndex::Candidates;
    ArgumentIndex index_{terms_, atom_term_};
    std::vector<ArgumentIndex::BoundField> bound_fields_;  // scratch

    static bool ground_under(const Pat& p, const Binding& b) {
        if (p.var >= 0) return b[p.var] >= 0;
        if (p.ground >= 0) return true;
        for (const auto& a : p.args)
            if (!ground_under(a, b)) return false;
        return true;
    }

    // The fields of a literal's pattern that are bound under b (index, value; -1: a term
    // never interned, which no atom has); none if unknown.
    void pattern_fields(const NLit& l, const Binding& b) {
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
    void narrow(size_t k, const NLit& l, const Binding& b, Candidates& c) {
        c.indexed = false;
        if (c.to - c.from < 16) return;
        pattern_fields(l, b);
        if (bound_fields_.empty()) return;
        index_.narrow(k, by_key_[k], rel_wraps_[l.rel], bound_fields_, c);
    }

    // The chosen literal's candidates (indexed by narrow): the composite bucket of all its
    // bound fields, when there are two or more.
    void narrow_all(size_t k, const NLit& l, const Binding& b, Candidates& c) {
        pattern_fields(l, b);
        if (bound_fields_.size() < 2 || bound_fields_.back().first >= 64) return;
        for (const auto& f : bound_fields_)
            if (f.second < 0) return;  // narrow found an empty bucket already
        index_.narrow_all(k, by_key_[k], rel_wraps_[l.rel], bound_fields_, c);
    }

    bool bound(const NLit& l, const Binding& b) const {
        for (int v : l.vars)
            if (b[v] < 0) return false;
        return true;
    }

    void join(const NRule& r, int step, int delta_lit, Binding& b, std::vector<bool>& done, std::vector<AtomId>& pos) {
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

    void emit(const NRule& r, int step, const Binding& b, const std::vector<AtomId>& pos) {
        for (int v = 0; v < r.nvars; ++v)
            if (b[v] < 0)
                throw NotApplicable(r.loc.str() + ": a variable of this rule is not bound by a positive literal");
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
};

}  // namespace

// Grounding needs every variable bound: a negation over an anonymous variable (an accepted
// deviation, doc/validation.md) is first rewritten through an auxiliary relation.
GroundProgram ground_program(const gdl::Program& program, const gdl::Analysis& analysis,
                             const std::vector<JointMove>& moves, const GroundLimits& limits,
                             const std::set<gdl::Signature>& keep) {
    gdl::Program safe = gdl::existential_negations(program);
    if (safe.rules.size() == program.rules.size()) return Grounder(program, analysis, moves, limits, keep).run();
    const gdl::Analysis a = gdl::analyze(safe);
    return Grounder(safe, a, moves, limits, keep).run();
}

namespace {

GroundProgram one_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits) {
    static const std::vector<JointMove> none;
    // init is kept so that the step network knows the initial state (StepNetwork::initial_fluents).
    static const std::set<gdl::Signature> keep{{"init", 1}};
    Grounder relaxed(program, analysis, none, limits, keep, Grounder::OneStep);
    try {
        return relaxed.run_one_step();
    } catch (const TooLarge& e) {
        if (relaxed.in_statics()) throw;  // the static relations alone pass the bounds
        // The relaxed step forgets what bounds a game's length (a step counter): feed the
        // steps from the initial state instead, until the game is certainly over, on a
        // quarter of the work bound (a game that needs more is seldom small enough after).
        GroundLimits steps_limits = limits;
        steps_limits.max_work = limits.work_bound() / 4;
        try {
            const Grounder::Inputs in =
                Grounder(program, analysis, none, steps_limits, keep, Grounder::Steps).possible_inputs();
            return Grounder(program, analysis, none, limits, keep, Grounder::OneStepOver).run_one_step_over(in);
        } catch (const TooLarge& steps) {
            throw TooLarge(std::string(e.what()) + "; step by step from the initial state: " + steps.what());
        }
    }
}

}  // namespace

GroundProgram ground_step(const gdl::Program& program, const gdl::Analysis& analysis, const GroundLimits& limits) {
    gdl::Program safe = gdl::existential_negations(program);
    if (safe.rules.size() == program.rules.size()) return one_step(program, analysis, limits);
    const gdl::Analysis a = gdl::analyze(safe);
    return one_step(safe, a, limits);
}

}  // namespace gdlsc::ground
