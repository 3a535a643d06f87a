// Parsing and checking query formulas (KIF) into formula terms.
// Quantified variables are renamed apart (x -> x'1), so a quantifier never captures
// an answer variable of the same name elsewhere in the formula.
#include "session/formula.h"

#include "gdl/spelling.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "gdl/kif_lexer.h"
#include "prolog/engine.h"
#include "base/errors.h"
#include "base/strings.h"
#include "session/diagnostic_error.h"

namespace gdlsc::query {
namespace {

using gdl::SExpr;
using gdl::Term;

class Parser {
public:
    Parser(const gdl::Analysis& a, gdl::Diagnostics& d) : a_(a), diags_(d) {}

    Term formula(const SExpr& e) {
        if (e.is_variable()) {
            diags_.error(e.loc, "a variable cannot be a formula", "write e.g. (true " + e.atom + ")");
            return Term::constant("terminal");
        }
        if (!e.is_list) return relation(e.atom, {}, e);
        if (e.items.empty() || !e.items[0].is_symbol()) {
            diags_.error(e.loc, "a formula is (relation args...) or (not|and|or|exists|forall|knows ...)");
            return Term::constant("terminal");
        }
        const std::string& op = e.items[0].atom;
        size_t n = e.items.size() - 1;
        auto arg = [&](size_t i) { return term(e.items[i]); };
        if (e.items[0].quoted && connective(op)) {  // `(|not| a)`: the game's relation not/1
            std::vector<Term> args;
            for (size_t i = 1; i <= n; ++i) args.push_back(arg(i));
            return relation(op, std::move(args), e, false);
        }
        if (op == "not") {
            if (!want(e, n == 1, "'not' takes one formula")) return bad();
            return Term::compound("not", {formula(e.items[1])}, e.loc);
        }
        if (op == "and" || op == "or") {
            std::vector<Term> fs;
            for (size_t i = 1; i <= n; ++i) fs.push_back(formula(e.items[i]));
            return Term::compound(op, {gdl::make_list(fs)}, e.loc);
        }
        if (op == "exists" || op == "forall") return quantifier(e, op);
        if (op == "knows") {
            if (n == 1) return Term::compound("common", {formula(e.items[1])}, e.loc);
            if (!want(e, n == 2, "'knows' is (knows R φ) or (knows φ) for common knowledge")) return bad();
            return Term::compound("knows", {agent(e.items[1]), formula(e.items[2])}, e.loc);
        }
        if (op == "kwhether") {
            if (!want(e, n == 2, "'kwhether' is (kwhether R φ)")) return bad();
            return Term::compound("kwhether", {agent(e.items[1]), formula(e.items[2])}, e.loc);
        }
        if (op == "true") {
            if (!want(e, n == 1, "'true' takes one fluent")) return bad();
            Term f = arg(1);
            check_holdable(f, e.items[1]);
            return Term::compound("true", {f}, e.loc);
        }
        if (op == "distinct") {
            if (!want(e, n == 2, "'distinct' takes two terms")) return bad();
            return Term::compound("distinct", {arg(1), arg(2)}, e.loc);
        }
        if (op == "legal" || op == "goal" || op == "sees" || op == "does") {
            if (!want(e, n == 2, "'" + op + "' takes a role and a term")) return bad();
            Term r = role(e.items[1]);
            Term x = arg(2);
            if (op == "legal" || op == "does") check_move(x, e.items[2]);
            return Term::compound(op, {r, x}, e.loc);
        }
        if (op == "terminal") {
            if (!want(e, n == 0, "'terminal' takes no arguments")) return bad();
            return Term::constant("terminal", e.loc);
        }
        std::vector<Term> args;
        for (size_t i = 1; i <= n; ++i) args.push_back(arg(i));
        return relation(op, std::move(args), e);
    }

    std::vector<std::string> answer_vars;

private:
    Term bad() { return Term::constant("terminal"); }
    bool want(const SExpr& e, bool ok, const std::string& msg) {
        if (!ok) diags_.error(e.loc, msg);
        return ok;
    }

    /// A fluent no init or next rule can make (a typo, most likely: it would never hold)
    /// is an error at its column, with the fluents the game has.
    void check_holdable(const Term& f, const SExpr& at) {
        if (f.is_variable() || !a_.holdable_known || a_.holdable.count(gdl::signature(f))) return;
        std::string known;
        for (const auto& s : a_.holdable) known += (known.empty() ? "" : ", ") + gdl::kif_symbol(s.name) + "/" + std::to_string(s.arity);
        const auto near = gdl::nearest(gdl::signature(f), {a_.holdable.begin(), a_.holdable.end()});
        diags_.error(at.loc, "no init or next rule makes a fluent " + gdl::kif_symbol(f.name) + "/" +
                                 std::to_string(f.args.size()) + ": it never holds" +
                                 (near ? "; did you mean " + gdl::kif_symbol(near->name) + "/" + std::to_string(near->arity) + "?" : ""),
                     "the game's fluents are " + known);
    }

    /// A move no legal rule makes (a typo, most likely: it would never be legal nor made) is
    /// an error at its column, with the moves the game has.
    void check_move(const Term& m, const SExpr& at) {
        if (m.is_variable() || !a_.movable_known || a_.movable.count(gdl::signature(m))) return;
        std::string known;
        for (const auto& s : a_.movable) known += (known.empty() ? "" : ", ") + gdl::kif_symbol(s.name) + "/" + std::to_string(s.arity);
        const auto near = gdl::nearest(gdl::signature(m), {a_.movable.begin(), a_.movable.end()});
        diags_.error(at.loc, "no legal rule makes a move " + gdl::kif_symbol(m.name) + "/" + std::to_string(m.args.size()) +
                                 ": it is never legal" +
                                 (near ? "; did you mean " + gdl::kif_symbol(near->name) + "/" + std::to_string(near->arity) + "?" : ""),
                     "the game's moves are " + known);
    }

    /// The words of the query language that a `|quoted|` symbol does not stand for.
    static bool connective(const std::string& op) {
        static const std::set<std::string> words = {"not",   "and",   "or",       "distinct",
                                                    "exists", "forall", "knows", "kwhether"};
        return words.count(op) > 0;
    }

    /// `keywords`: the GDL keywords true, does, distinct, not, or, and are no relation here.
    Term relation(const std::string& name, std::vector<Term> args, const SExpr& e, bool keywords = true) {
        if (name == "terminal" && args.empty()) return Term::constant("terminal", e.loc);
        static const std::set<std::string> special = {"true", "does", "distinct", "not", "or", "and"};
        if (!a_.find(name, args.size()) || (keywords && special.count(name))) {
            std::string hint;
            std::vector<gdl::Signature> relations;
            for (const auto& [sig, info] : a_.predicates) {
                if (sig.name == name) hint += (hint.empty() ? "" : ", ") + sig.str();
                if (!special.count(sig.name)) relations.push_back(sig);
            }
            relations.push_back({"terminal", 0});
            std::string near;
            if (hint.empty())
                if (auto n = gdl::nearest({name, args.size()}, relations))
                    near = "; did you mean " + gdl::kif_symbol(n->name) + "/" + std::to_string(n->arity) + "?";
            diags_.error(e.loc, "unknown relation " + gdl::kif_symbol(name) + "/" + std::to_string(args.size()) + " in this game" + near,
                         hint.empty() ? "" : "the game has " + hint);
            return bad();
        }
        return Term::compound("rel", {Term::constant(name), gdl::make_list(args)}, e.loc);
    }

    Term role(const SExpr& e) {
        Term t = term(e);
        if (t.is_constant() && std::find(a_.roles.begin(), a_.roles.end(), t.name) == a_.roles.end()) {
            std::string rs;
            for (const auto& r : a_.roles) rs += (rs.empty() ? "" : " ") + gdl::kif_symbol(r);
            const std::string near = nearest(t.name, a_.roles);
            diags_.error(e.loc, "unknown role " + t.to_kif() + (near.empty() ? "" : "; did you mean " + gdl::kif_symbol(near) + "?"),
                         "the roles are: " + rs);
        } else if (t.is_compound()) {
            diags_.error(e.loc, "a role is a constant or a variable, not " + t.to_kif());
        }
        return t;
    }

    // The subject of knows/kwhether: a role other than random (random is not an agent).
    Term agent(const SExpr& e) {
        Term t = role(e);
        if (t.is_constant() && t.name == "random")
            diags_.error(e.loc, "random is not an agent: it has no knowledge",
                         "knows and kwhether take a role other than random");
        return t;
    }

    Term quantifier(const SExpr& e, const std::string& op) {
        size_t n = e.items.size() - 1;
        if (n < 2) {
            diags_.error(e.loc, "'" + op + "' is (" + op + " ?x φ) or (" + op + " (?x ?y) φ)");
            return bad();
        }
        std::vector<const SExpr*> vs;
        for (size_t i = 1; i < n; ++i) {
            const SExpr& v = e.items[i];
            if (v.is_list)
                for (const auto& w : v.items) vs.push_back(&w);
            else
                vs.push_back(&v);
        }
        std::vector<Term> vars;
        std::vector<std::pair<std::string, std::string>> saved;
        for (const SExpr* v : vs) {
            if (!v->is_variable()) {
                diags_.error(v->loc, "'" + op + "' binds variables (?x), not " +
                                         (v->is_list ? std::string("a list") : v->atom));
                continue;
            }
            std::string name = v->atom.substr(1);
            std::string fresh = name + "'" + std::to_string(++fresh_);
            saved.emplace_back(name, scope_.count(name) ? scope_[name] : std::string());
            scope_[name] = fresh;
            vars.push_back(Term::variable(fresh, v->loc));
        }
        Term body = formula(e.items[n]);
        for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
            if (it->second.empty()) scope_.erase(it->first);
            else scope_[it->first] = it->second;
        }
        return Term::compound(op, {gdl::make_list(vars), body}, e.loc);
    }

    Term term(const SExpr& e) {
        Term t = gdl::sexpr_term(e, diags_);
        rename(t);
        return t;
    }
    void rename(Term& t) {
        if (t.is_variable()) {
            auto it = scope_.find(t.name);
            if (it != scope_.end()) t.name = it->second;
            else if (std::find(answer_vars.begin(), answer_vars.end(), t.name) == answer_vars.end())
                answer_vars.push_back(t.name);
        }
        for (auto& a : t.args) rename(a);
    }

    const gdl::Analysis& a_;
    gdl::Diagnostics& diags_;
    std::map<std::string, std::string> scope_;
    int fresh_ = 0;
};

}  // namespace

Formula parse_formula(const std::string& text, const gdl::Analysis& analysis, const std::string& source_name) {
    auto src = gdl::make_source(source_name, text);
    gdl::Diagnostics diags;
    auto es = gdl::read_sexprs(src, diags);
    Formula f;
    f.text = text;
    Parser p(analysis, diags);
    if (es.size() != 1 && !diags.has_errors())
        diags.error(gdl::Location{src, 1, 1}, es.empty() ? "the formula is empty"
                                                         : "expected one formula, found " + std::to_string(es.size()),
                    es.empty() ? "" : "combine them with (and ...)");
    if (es.size() == 1) f.term = p.formula(es[0]);
    throw_if_errors(diags);
    f.answer_vars = p.answer_vars;
    return f;
}

std::optional<gdl::Term> not_about_state(const gdl::Term& t, const gdl::Analysis& a, Quantifiers q) {
    if (!t.is_compound()) return std::nullopt;  // terminal
    const std::string& n = t.name;
    if (n == "does" || n == "sees" || n == "knows" || n == "common" || n == "kwhether") return t;
    if (n == "rel" && t.args.size() == 2) {
        gdl::Signature sig{t.args[0].name, gdl::list_items(t.args[1]).size()};
        if (gdl::engine_class(a, sig) == gdl::PredicateClass::ActionPredicate) return t;
        return std::nullopt;
    }
    if (n == "not") return not_about_state(t.args[0], a, q);
    if (n == "exists" || n == "forall") {
        if (q == Quantifiers::LookThrough) return not_about_state(t.args[1], a, q);
        return t;
    }
    if (n == "and" || n == "or")
        for (const gdl::Term& f : gdl::list_items(t.args[0]))
            if (auto bad = not_about_state(f, a, q)) return bad;
    return std::nullopt;  // true, legal, goal, distinct
}

}  // namespace gdlsc::query
