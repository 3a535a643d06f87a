// Grounding and evaluating query formulas (see query_formula.h).
#include "ground/query_formula.h"

#include <algorithm>
#include <functional>
#include <set>

#include "ground/grounder.h"

namespace gdlsc::ground {

using gdl::Term;

GFormula GFormula::truth(bool b) {
    GFormula f;
    f.kind = b ? Kind::True : Kind::False;
    return f;
}

GFormula GFormula::of_atom(AtomId a) {
    GFormula f;
    f.kind = Kind::Atom;
    f.atom = a;
    return f;
}

GFormula GFormula::negation(GFormula f) {
    if (f.is_true() || f.is_false()) return truth(f.is_false());
    if (f.kind == Kind::Not) return std::move(f.sub[0]);
    GFormula g;
    g.kind = Kind::Not;
    g.sub.push_back(std::move(f));
    return g;
}

namespace {

GFormula junction(std::vector<GFormula> fs, bool conj) {
    using K = GFormula::Kind;
    const K unit = conj ? K::True : K::False, zero = conj ? K::False : K::True, self = conj ? K::And : K::Or;
    GFormula g;
    g.kind = self;
    for (auto& f : fs) {
        if (f.kind == zero) return GFormula::truth(!conj);
        if (f.kind == unit) continue;
        if (f.kind == self) {
            for (auto& s : f.sub) g.sub.push_back(std::move(s));
        } else {
            g.sub.push_back(std::move(f));
        }
    }
    if (g.sub.empty()) return GFormula::truth(conj);
    if (g.sub.size() == 1) return std::move(g.sub[0]);
    return g;
}

using gdl::list_items;

Term substitute(const Term& t, const std::map<std::string, Term>& env) {
    if (t.is_variable()) {
        auto it = env.find(t.name);
        return it == env.end() ? t : it->second;
    }
    if (!t.is_compound()) return t;
    std::vector<Term> args;
    for (const auto& a : t.args) args.push_back(substitute(a, env));
    return Term::compound(t.name, std::move(args));
}

void subterms(const Term& t, const std::function<void(const Term&)>& f) {
    f(t);
    for (const auto& a : t.args) subterms(a, f);
}

}  // namespace

GFormula GFormula::conjunction(std::vector<GFormula> fs) { return junction(std::move(fs), true); }
GFormula GFormula::disjunction(std::vector<GFormula> fs) { return junction(std::move(fs), false); }

bool evaluate(const GFormula& f, const std::vector<bool>& model) {
    switch (f.kind) {
        case GFormula::Kind::True: return true;
        case GFormula::Kind::False: return false;
        case GFormula::Kind::Atom: return model[f.atom];
        case GFormula::Kind::Not: return !evaluate(f.sub[0], model);
        case GFormula::Kind::And:
            for (const auto& s : f.sub)
                if (!evaluate(s, model)) return false;
            return true;
        case GFormula::Kind::Or:
            for (const auto& s : f.sub)
                if (evaluate(s, model)) return true;
            return false;
    }
    return false;
}

std::set<gdl::Signature> relations_in(const Term& f) {
    std::set<gdl::Signature> out;
    std::function<void(const Term&)> walk = [&](const Term& t) {
        if (t.name == "rel" && t.args.size() == 2) {
            out.insert({t.args[0].name, list_items(t.args[1]).size()});
            return;
        }
        for (const auto& a : t.args) walk(a);
    };
    walk(f);
    return out;
}

bool mentions_knowledge(const Term& f) {
    if (f.name == "knows" || f.name == "common" || f.name == "kwhether") return true;
    if (f.name == "not" || f.name == "exists" || f.name == "forall")
        return mentions_knowledge(f.args.back());
    if (f.name == "and" || f.name == "or")
        for (const auto& g : list_items(f.args.at(0)))
            if (mentions_knowledge(g)) return true;
    return false;
}

QueryGrounder::QueryGrounder(const GroundProgram& gp, const gdl::Analysis& analysis) : gp_(gp), analysis_(analysis) {
    const int n = gp.horizon;
    std::set<Term> cands;
    for (const auto& t : gp.rule_terms) {
        cands.insert(t);
        always_[t.to_kif()] = true;
    }
    for (AtomId id = 0; id < gp.atoms.size(); ++id) {
        const Atom& a = gp.atoms[id];
        const Term* root = nullptr;
        bool fixed = false;
        if (a.step == n && a.atom.name == "true" && a.atom.args.size() == 1) root = &a.atom.args[0];
        if (a.step == n && a.atom.name == "legal" && a.atom.args.size() == 2) root = &a.atom.args[1];
        if (n > 0 && a.step == n - 1 && a.atom.name == "sees" && a.atom.args.size() == 2) root = &a.atom.args[1];
        if (n > 0 && a.step == n - 1 && a.atom.name == "does" && a.atom.args.size() == 2)
            root = &a.atom.args[1], fixed = true;  // the history's last joint move
        if (!root || gp.rules_of[id].empty()) continue;  // no rule: never true (a negative literal's atom)
        subterms(*root, [&](const Term& s) {
            cands.insert(s);
            if (fixed) always_[s.to_kif()] = true;
            else witnesses_[s.to_kif()].push_back(id);
        });
    }
    candidates_.assign(cands.begin(), cands.end());
}

GFormula QueryGrounder::in_universe(const Term& t) const {
    std::string k = t.to_kif();
    if (always_.count(k)) return GFormula::truth(true);
    auto it = witnesses_.find(k);
    if (it == witnesses_.end()) return GFormula::truth(false);
    std::vector<GFormula> fs;
    for (AtomId a : it->second) fs.push_back(GFormula::of_atom(a));
    return GFormula::disjunction(std::move(fs));
}

GFormula QueryGrounder::atom(const Term& a, int step) const {
    if (step < -1) return GFormula::truth(false);  // an action before the first joint move
    std::int64_t id = gp_.find(a, step);
    return id < 0 ? GFormula::truth(false) : GFormula::of_atom(static_cast<AtomId>(id));
}

GFormula QueryGrounder::ground(const Term& formula, const std::map<std::string, Term>& env) const {
    nodes_ = 0;
    std::map<std::string, Term> e = env;
    return build(formula, e);
}

GFormula QueryGrounder::build(const Term& f, std::map<std::string, Term>& env) const {
    if (++nodes_ > kMaxFormulaNodes)
        throw TooLarge("the query formula expands to more than " + std::to_string(kMaxFormulaNodes) +
                       " nodes over the ground universe (" + std::to_string(candidates_.size()) +
                       " terms); use fewer nested quantifiers, or --engine progression");
    const int n = gp_.horizon;
    const std::string& op = f.name;
    if (f.is_constant() && op == "terminal") return atom(Term::constant("terminal"), n);
    if (op == "knows" || op == "common" || op == "kwhether")
        throw NotApplicable("the smt engine does not apply to knowledge formulas (" + op + ") yet");
    if (op == "true" || op == "legal" || op == "goal") return atom(substitute(f, env), n);
    if (op == "sees" || op == "does") return atom(substitute(f, env), n - 1);
    if (op == "rel") {
        std::vector<Term> args;
        for (const auto& a : list_items(f.args.at(1))) args.push_back(substitute(a, env));
        const std::string& name = f.args.at(0).name;
        gdl::Signature sig{name, args.size()};
        Term a = args.empty() ? Term::constant(name) : Term::compound(name, std::move(args));
        switch (step_kind(analysis_, sig)) {
            case StepKind::Static: return atom(a, -1);
            case StepKind::Fluent: return atom(a, n);
            case StepKind::Action: return atom(a, n - 1);
        }
    }
    if (op == "distinct") return GFormula::truth(!(substitute(f.args.at(0), env) == substitute(f.args.at(1), env)));
    if (op == "not") return GFormula::negation(build(f.args.at(0), env));
    if (op == "and" || op == "or") {
        std::vector<GFormula> fs;
        for (const auto& g : list_items(f.args.at(0))) {
            fs.push_back(build(g, env));
            if (op == "and" && fs.back().is_false()) return GFormula::truth(false);
            if (op == "or" && fs.back().is_true()) return GFormula::truth(true);
        }
        return op == "and" ? GFormula::conjunction(std::move(fs)) : GFormula::disjunction(std::move(fs));
    }
    if (op == "exists" || op == "forall") {
        const bool ex = op == "exists";
        std::vector<Term> vars = list_items(f.args.at(0));
        // Expand one variable at a time: Q x1..xk φ = Q x1 (Q x2..xk φ).
        std::function<GFormula(size_t)> expand = [&](size_t i) -> GFormula {
            if (i == vars.size()) return build(f.args.at(1), env);
            std::vector<GFormula> cases;
            for (const auto& t : candidates_) {
                GFormula in = in_universe(t);
                if (in.is_false()) continue;
                env[vars[i].name] = t;
                GFormula body = expand(i + 1);
                cases.push_back(ex ? GFormula::conjunction({std::move(in), std::move(body)})
                                   : GFormula::disjunction({GFormula::negation(std::move(in)), std::move(body)}));
                if (ex && cases.back().is_true()) break;
                if (!ex && cases.back().is_false()) break;
            }
            env.erase(vars[i].name);
            return ex ? GFormula::disjunction(std::move(cases)) : GFormula::conjunction(std::move(cases));
        };
        return expand(0);
    }
    throw NotApplicable("not a query formula: " + f.to_kif());
}

GFormula QueryGrounder::ground_answer(const Term& formula, const std::vector<std::string>& vars,
                                      const std::vector<Term>& values) const {
    std::map<std::string, Term> env;
    std::vector<GFormula> parts;
    for (size_t i = 0; i < vars.size(); ++i) {
        env[vars[i]] = values[i];
        parts.push_back(in_universe(values[i]));
    }
    parts.push_back(ground(formula, env));
    return GFormula::conjunction(std::move(parts));
}

std::vector<std::vector<Term>> QueryGrounder::answers(const Term& formula, const std::vector<std::string>& vars,
                                                      const std::vector<bool>& model) const {
    // Only terms in this model's universe can be answers.
    std::vector<Term> universe;
    for (const auto& t : candidates_)
        if (evaluate(in_universe(t), model)) universe.push_back(t);
    double combos = 1;
    for (size_t i = 0; i < vars.size(); ++i) combos *= static_cast<double>(universe.size());
    if (combos > static_cast<double>(kMaxAnswerCandidates))
        throw TooLarge(std::to_string(vars.size()) + " answer variables over " + std::to_string(universe.size()) +
                       " universe terms: more than " + std::to_string(kMaxAnswerCandidates) +
                       " candidate bindings; bind some of them with exists, or use --engine progression");
    std::vector<std::vector<Term>> rows;
    std::vector<Term> values(vars.size());
    std::function<void(size_t)> enumerate = [&](size_t i) {
        if (i == vars.size()) {
            std::map<std::string, Term> env;
            for (size_t j = 0; j < vars.size(); ++j) env[vars[j]] = values[j];
            if (evaluate(ground(formula, env), model)) rows.push_back(values);
            return;
        }
        for (const auto& t : universe) {
            values[i] = t;
            enumerate(i + 1);
        }
    };
    enumerate(0);
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace gdlsc::ground
