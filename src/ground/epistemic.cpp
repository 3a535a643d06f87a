// knows literals as relations for grounding (see epistemic.h).
#include "ground/epistemic.h"

#include <map>

#include "ground/ground_program.h"

namespace gdlsc::ground {
namespace {

using gdl::Literal;
using gdl::Term;

class Rewrite {
public:
    explicit Rewrite(gdl::Program& out) : out_(out) {}

    Literal literal(const Literal& l) {
        Literal x = l;
        if (l.kind == Literal::Kind::Atom) {
            if (l.atom.name == "knows" && (l.atom.args.size() == 1 || l.atom.args.size() == 2)) x.atom = knows(l.atom, l);
            return x;
        }
        for (auto& s : x.sub) s = literal(s);
        return x;
    }

private:
    gdl::Program& out_;
    std::map<std::pair<std::string, std::size_t>, bool> done_;  // (relation, arity), common?

    Term knows(const Term& t, const Literal& l) {
        const Term& p = t.args.back();
        if (p.is_variable())
            throw NotApplicable(l.loc.str() + ": knows of a variable: the ground engines need a relation");
        const bool common = t.args.size() == 1;
        possible(p, common, l.loc);
        if (common) return Term::compound(kCommonRelation, {p}, t.loc);
        return Term::compound(kKnowsRelation, {t.args[0], p}, t.loc);
    }

    // The rule that bounds the atoms of one known relation (once per relation and kind).
    void possible(const Term& p, bool common, const gdl::Location& loc) {
        auto key = std::make_pair(p.name + (common ? "/c" : "/k"), p.args.size());
        if (done_.count(key)) return;
        done_[key] = true;
        std::vector<Term> vars;
        for (std::size_t i = 0; i < p.args.size(); ++i) vars.push_back(Term::variable("X" + std::to_string(i)));
        Term general = vars.empty() ? Term::constant(p.name) : Term::compound(p.name, vars);
        gdl::Rule r;
        r.loc = loc;
        if (common) {
            r.head = Term::compound(kCommonRelation, {general});
        } else {
            Term role = Term::variable("R");
            r.head = Term::compound(kKnowsRelation, {role, general});
            r.body.push_back(Literal::make_atom(Term::compound(kAgentRelation, {role})));
        }
        r.body.push_back(Literal::make_atom(general));
        out_.rules.push_back(std::move(r));
    }
};

}  // namespace

gdl::Program knows_as_relations(const gdl::Program& program, const std::vector<std::string>& roles) {
    gdl::Program out;
    out.sources = program.sources;
    out.syntax = program.syntax;
    Rewrite rw(out);
    for (const auto& r : program.rules) {
        gdl::Rule x = r;
        for (auto& l : x.body) l = rw.literal(l);
        out.rules.push_back(std::move(x));
    }
    for (const auto& role : roles) {
        if (role == "random") continue;
        gdl::Rule fact;
        fact.head = Term::compound(kAgentRelation, {Term::constant(role)});
        out.rules.push_back(std::move(fact));
    }
    return out;
}

}  // namespace gdlsc::ground
