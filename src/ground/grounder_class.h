// The grounder's one class (grounder.cpp has the algorithm's summary, grounder.h the
// interface): its state -- relations, atoms, the atom index, the rules out -- and the small
// steps inline; the modes and phases (run, one step, the steps from the initial state,
// certainty, the relevant part) in grounder_steps.cpp, the join that instantiates one rule
// (matching, the argument index) in grounder_join.cpp. Internal to src/ground.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/program.h"
#include "ground/argument_index.h"
#include "ground/grounder.h"
#include "ground/normal_form.h"
#include "ground/relevant.h"
#include "ground/sequence_set.h"
#include "ground/term_table.h"

namespace gdlsc::ground::grounding {

using gdl::Literal;
using gdl::Term;
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
    GroundProgram run_one_step();

    // ground_step's fallback (see grounder.h): the possible true@i fluents and does@i moves of
    // the steps i = 0, 1, ... from the initial state, each step grounded from the last one's
    // possible fluents, until terminal is certain at a step (every development has ended)
    // or a step's possible fluents are the last one's (every later step repeats it).
    struct Inputs {
        std::vector<gdl::Term> fluents;  // F of true(F)
        std::vector<gdl::Term> moves;    // does(R, M)
        int steps = 0;
    };
    Inputs possible_inputs();

    // One step with exactly the given inputs possible (possible_inputs' result): nothing is
    // fed back.
    GroundProgram run_one_step_over(const Inputs& in);

    /// The last run stopped in the static relations (phase -1).
    bool in_statics() const { return phase_ < 0; }

    GroundProgram run();

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
    GroundProgram relevant_part();

    void normalise() {
        for (const auto& r : program_.rules) {
            for (const auto& l : r.body)
                if (mentions_knows(l))
                    throw NotApplicable(r.loc.str() + ": knows in the rules (GDL-III): the ground engine "
                                                      "does not apply to this game");
            for (const auto& body : body_dnf(r.body)) rules_.push_back(make_rule(r, body));
        }
        drop_unread_static_rules();
        index_entailing_rules();
    }

    // Dead instances (emit): an instance whose positive atoms make one of its negative
    // atoms true can never fire, and is not kept (its head is not made possible by it).
    // "Make true": the negative atom is one of the positive ones, or a static atom of a
    // definite relation (no negation below it: its possible atoms are exactly the true
    // ones), or the head of an instance of a rule without negative literals whose body
    // atoms are among the instance's positive atoms (at its step) or true static atoms.
    // vacuumcleaner_random_big: (next_position ?m ?n) :- (does agent go), (not facing_wall),
    // (true (at agent ?i ?j)), (true (orientation ?o)), (adjacent ...): at the edge facing
    // out, the positive atoms make facing_wall true, so the relaxation no longer walks the
    // agent off the grid (3,920 positions to 100). Sound for every input, the states no
    // development reaches included: the instance is false in every model of the rules. Not
    // GDL-III's knowledge atoms, which the engines set per development (their rules only say
    // where they may hold). The ground stratification check (wellformed.h) sees the program
    // after this: a cycle through not whose instances are all dead is no longer one.
    std::vector<std::vector<const NRule*>> entailing_;  // per relation: its rules without negation
    std::vector<char> definite_;                         // per relation: static, no negation below
    std::vector<AtomId> sorted_pos_;                     // scratch: an instance's positive atoms, sorted
    void index_entailing_rules();
    bool dead_instance(const NRule& r, int step, const Binding& b, const std::vector<AtomId>& pos);
    bool entailed(TermId atom, RelId rel, int step, const std::vector<AtomId>& pos);
    // Matches Q's body literals from i on against the instance's positive atoms and the true
    // static atoms (budget: candidates examined; past it the answer is "not entailed").
    bool entail_body(const NRule& q, std::size_t i, int step, Binding& b, const std::vector<AtomId>& pos,
                     std::size_t& budget);

    // The rules of static relations that no rule of a step reads, directly or through other
    // static relations (and that are not kept for a query, nor init): their atoms would be
    // dropped by relevant_part() anyway, so they are not grounded at all. A game's unused
    // table (vacuumcleaner_random_big's 40,000 trajectory atoms) then costs nothing and does
    // not count against the limits.
    void drop_unread_static_rules() {
        std::vector<char> needed(rel_sig_.size(), 0);
        std::vector<RelId> todo;
        auto need = [&](RelId r) {
            if (r >= needed.size()) needed.resize(r + 1, 0);
            if (!needed[r]) needed[r] = 1, todo.push_back(r);
        };
        need(rel_init_);
        for (const auto& sig : keep_) {
            auto it = rel_index_.find((static_cast<std::uint64_t>(terms_.symbol(sig.name)) << 32) | sig.arity);
            if (it != rel_index_.end()) need(it->second);
        }
        std::vector<std::vector<const NRule*>> static_rules_of(rel_sig_.size());
        for (const auto& r : rules_) {
            if (r.sk == StepKind::Static) {
                if (r.head_rel >= static_rules_of.size()) static_rules_of.resize(r.head_rel + 1);
                static_rules_of[r.head_rel].push_back(&r);
                continue;
            }
            for (const auto& l : r.body)
                if (l.kind == NLit::Pos || l.kind == NLit::Neg) need(l.rel);
        }
        while (!todo.empty()) {
            const RelId h = todo.back();
            todo.pop_back();
            if (h >= static_rules_of.size()) continue;
            for (const NRule* r : static_rules_of[h])
                for (const auto& l : r->body)
                    if (l.kind == NLit::Pos || l.kind == NLit::Neg) need(l.rel);
        }
        rules_.erase(std::remove_if(rules_.begin(), rules_.end(),
                                    [&](const NRule& r) {
                                        return r.sk == StepKind::Static &&
                                               (r.head_rel >= needed.size() || !needed[r.head_rel]);
                                    }),
                     rules_.end());
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
        nr.head_rel = rel_of(nr.head.sym, static_cast<std::uint32_t>(r.head.args.size()));
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
        return mix64((static_cast<std::uint64_t>(t) << 32) | static_cast<std::uint32_t>(step + 1));
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
    void run_phase(int step);

    // One-step grounding: what next@0 and legal@0 made possible becomes possible input.
    // Only the atoms new since the last call: the others were fed back already.
    void feed_back();
    size_t fed_next_ = 0, fed_legal_ = 0;

    // Steps: every possible legal@step move is a possible does@step (new ones only).
    void feed_moves(int step);
    int fed_step_ = -1;

    // Steps: the atoms of the rules from `from` on that hold in every development at their
    // step (an action atom: in every development that makes a move there): a rule whose
    // positive atoms are certain and whose negative atoms can never be true makes its head
    // certain (to a fixpoint); true@i+1(f) is certain when next@i(f) is (frame rules), and
    // does@i(r, m) when m is r's only possible move.
    void mark_certain(std::size_t from);

    // Instances of r at `step`; the literal `delta_lit` (if >= 0) only takes atoms from the
    // current round's delta, the others take every atom possible when the round began.
    void ground_rule(const NRule& r, int step, int delta_lit);

    // Matches p against the ground term t, binding variables (recorded in trail_).
    bool match(const Pat& p, TermId t, Binding& b);

    TermId instantiate(const Pat& p, const Binding& b);

    // The id of p under b if that term was ever interned, else -1 (no atom can contain it).
    std::int64_t lookup(const Pat& p, const Binding& b) const;

    // Whether p under b (ground) is the term t; whether x and y under b are the same term.
    bool equals(const Pat& p, TermId t, const Binding& b) const;
    bool equals(const Pat& x, const Pat& y, const Binding& b) const;

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
    void pattern_fields(const NLit& l, const Binding& b);

    // The candidates of a literal among [c.from, c.to) of its key: the smallest one-field
    // bucket of its bound fields (a key of fewer than 16 candidates is scanned as it is).
    void narrow(size_t k, const NLit& l, const Binding& b, Candidates& c);

    // The chosen literal's candidates (indexed by narrow): the composite bucket of all its
    // bound fields, when there are two or more.
    void narrow_all(size_t k, const NLit& l, const Binding& b, Candidates& c);

    bool bound(const NLit& l, const Binding& b) const {
        for (int v : l.vars)
            if (b[v] < 0) return false;
        return true;
    }

    void join(const NRule& r, int step, int delta_lit, Binding& b, std::vector<bool>& done, std::vector<AtomId>& pos);

    void emit(const NRule& r, int step, const Binding& b, const std::vector<AtomId>& pos);
};

}  // namespace gdlsc::ground::grounding
