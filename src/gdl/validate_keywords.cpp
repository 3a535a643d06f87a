// Keyword restrictions of GDL-II (Thielscher 2010) and GDL-III (Thielscher 2016) that are
// about where a keyword may occur and with how many arguments: role only in facts; init,
// next and sees only in heads; true, does and knows only in bodies. A top-level fact such
// as `(true (turn ?c))` is nearly always a parenthesis that closed the rule before it too
// early. Finally, a game needs role facts and rules for legal, terminal and goal (a missing one
// is reported at its likely misspelling, `terminl`, when the game defines one).
#include <set>
#include <algorithm>
#include <map>

#include "gdl/spelling.h"
#include "gdl/validate.h"
#include "gdl/validate_util.h"

namespace gdlsc::gdl {
namespace {

// Whether a keyword relation has the right number of arguments (knows: 1 or 2).
bool keyword_arity_ok(const std::string& name, size_t n, std::string& expected) {
    if (name == "knows") {
        expected = "1 or 2 arguments";
        return n == 1 || n == 2;
    }
    auto arity = detail::keyword_arity(name);
    if (!arity) return true;
    expected = detail::arguments(*arity);
    return n == *arity;
}

void check_arity(const Term& t, Diagnostics& diags, bool head_of_fact = false) {
    std::string expected;
    if (keyword_arity_ok(t.name, t.args.size(), expected)) return;
    std::string hint = "written here: " + t.to_kif();
    if (head_of_fact && !t.args.empty())
        hint += "; if this was meant as a rule, a parenthesis is misplaced and the body ended up inside the head";
    diags.error(t.loc, "'" + t.name + "' takes " + expected + ", not " + std::to_string(t.args.size()), hint);
}

bool head_only(const std::string& n) { return n == "init" || n == "next" || n == "sees"; }

void check_head(const Rule& r, const Rule* previous, Diagnostics& diags) {
    const Term& h = r.head;
    if (h.is_variable()) {
        diags.error(h.loc, std::string("a variable cannot be ") + (r.is_fact() ? "a fact" : "the head of a rule"),
                    "GDL is first-order: write a relation such as (p ?" + h.name + ")");
        return;
    }
    bool misplaced = detail::body_only_keyword(h.name) || detail::connective(h.name);
    if (r.is_fact() && misplaced) {
        std::string hint = "a parenthesis probably closed the rule before it too early";
        if (previous != nullptr)
            hint = "check the parentheses of the rule that ends just before (it starts at " +
                   previous->loc.str() + "): a ')' too many closes it early";
        diags.error(h.loc,
                    "top-level fact " + h.to_kif() + ": '" + h.name + "' only appears in " +
                        (detail::connective(h.name) ? "rule bodies as a connective" : "rule bodies"),
                    hint);
        return;
    }
    if (detail::body_only_keyword(h.name))
        diags.error(h.loc, "'" + h.name + "' cannot be the head of a rule: it only appears in rule bodies");
    if (h.name == "role" && !r.is_fact())
        diags.error(h.loc, "'role' only appears in facts, not as the head of a rule",
                    "list the roles as ground facts (role name)");
    check_arity(h, diags, r.is_fact());
}

void check_body(const Rule& r, Diagnostics& diags) {
    for (const auto& l : r.body)
        for_each_atom(l, [&](const Term& t, bool) {
            if (t.is_variable()) return;  // reported by the reader
            if (t.name == "next" && r.head.name == "sees" && t.args.size() == 1)
                // transit.kif, vis_pacman3p.kif: the percept describes the successor state.
                diags.deviation(t.loc,
                                "'next' in the body of a sees rule: gdlsc reads it as the state the same joint move "
                                "produces, Holds(F, Do(A, S)) inside Sees(R, P, A, S) -- still a function of A and S",
                                "GDL allows next only in heads");
            else if (head_only(t.name))
                diags.error(t.loc, "'" + t.name + "' only appears in rule heads, not in bodies",
                            t.name == "sees" ? "percepts are outputs of the game; a rule cannot test them"
                                             : "use (true ...) to test the current state");
            check_arity(t, diags);
            if (t.name == "knows" && t.args.size() == 2 && t.args[0].is_constant() && t.args[0].name == "random")
                diags.error(t.args[0].loc, "random is not an agent: (knows random ...) has no meaning",
                            "knowledge is of the players; use (knows ?r P) or name a role other than random");
            if (t.name == "knows" && !t.args.empty() && t.args.back().is_variable())
                diags.error(t.args.back().loc, "the argument of 'knows' must be a relation, not a variable",
                            "GDL-III reifies a relation: (knows ?r (p ?x)) or (knows (p ?x))");
            // A connective or distinct is no relation: it was read as one that has no rules,
            // so the literal was silently false (even (knows r (distinct a b))).
            static const char* const kNotRelations[] = {"distinct", "not", "or", "and"};
            if (t.name == "knows" && !t.args.empty() && !t.args.back().is_variable())
                for (const char* c : kNotRelations)
                    if (t.args.back().name == c)
                        diags.error(t.args.back().loc,
                                    "the argument of 'knows' must be a relation, not '" + std::string(c) + "'",
                                    "GDL-III reifies a relation: define one, e.g. (<= (differ ?x ?y) (distinct ?x ?y)), "
                                    "and write (knows ?r (differ ?x ?y))");
        });
}

// A missing keyword relation: located at the head of its likely misspelling if there is one
// -- the nearest relation the game defines with the keyword's arity, within two edits
// (spelling.h), that no body uses (`terminl`, `gaol`) -- else at the start of the (first) file.
void missing(const Program& p, const Signature& keyword, const std::string& message, const std::string& hint,
             Diagnostics& diags) {
    std::set<Signature> used;
    for (const auto& r : p.rules)
        for (const auto& l : r.body)
            for_each_atom(l, [&](const Term& t, bool) { used.insert(signature(t)); });
    std::vector<Signature> heads;
    for (const auto& r : p.rules)
        if (!r.head.is_variable() && !is_keyword(r.head.name) && r.head.args.size() == keyword.arity &&
            !used.count(signature(r.head)))
            heads.push_back(signature(r.head));
    if (auto typo = nearest(keyword, heads, 2)) {
        for (const auto& r : p.rules)
            if (!r.head.is_variable() && signature(r.head) == *typo) {
                diags.error(r.head.loc, message + ", but this rule defines '" + typo->name + "': did you mean " +
                                            keyword.name + "?",
                            hint);
                return;
            }
    }
    Location start = p.sources.empty() ? Location{} : Location{p.sources.front(), 1, 1};
    diags.error(start, message, hint);
}

}  // namespace

void check_keywords(const Program& p, Diagnostics& diags) {
    bool role = false, legal = false, terminal = false, goal = false;
    const Rule* previous = nullptr;
    for (const auto& r : p.rules) {
        check_head(r, previous, diags);
        check_body(r, diags);
        previous = &r;
        const Term& h = r.head;
        role |= h.name == "role" && h.args.size() == 1 && r.is_fact();
        legal |= h.name == "legal" && h.args.size() == 2;
        terminal |= h.name == "terminal" && h.args.empty();
        goal |= h.name == "goal" && h.args.size() == 2;
    }
    // Warnings: a role without any legal or goal rule that could apply to it (allowed, but the
    // role could never move, or never gets a payoff; random needs no goal).
    for (const auto& r : p.rules) {
        if (!(r.head.name == "role" && r.head.args.size() == 1 && r.is_fact() && r.head.args[0].is_ground())) continue;
        const Term& role_name = r.head.args[0];
        for (const char* kw : {"legal", "goal"}) {
            bool any = false;
            for (const auto& x : p.rules)
                any |= x.head.name == kw && x.head.args.size() == 2 &&
                       (x.head.args[0].is_variable() || x.head.args[0] == role_name);
            bool nature = role_name.name == "random";  // random gets no payoff
            if (!any && (std::string(kw) == "legal" ? legal : goal && !nature))
                diags.warning(r.head.loc, "role '" + role_name.to_kif() + "' has no " + kw + " rule",
                              std::string(kw) == "legal" ? "it can never move" : "it never gets a payoff");
        }
    }
    // knows of a constant that is no role, and (knows R) with R a role and no relation R/0
    // (a forgotten argument): both were read as literals that are never true.
    std::vector<std::string> roles;
    std::set<std::string> nullary;  // relations of arity 0 with rules
    for (const auto& r : p.rules) {
        if (r.head.name == "role" && r.head.args.size() == 1 && r.is_fact() && r.head.args[0].is_constant())
            roles.push_back(r.head.args[0].name);
        if (r.head.is_constant()) nullary.insert(r.head.name);
    }
    auto is_role = [&](const std::string& n) { return std::find(roles.begin(), roles.end(), n) != roles.end(); };
    std::string role_list;
    for (const auto& n : roles) role_list += (role_list.empty() ? "" : " ") + n;
    for (const auto& r : p.rules)
        for (const auto& l : r.body)
            for_each_atom(l, [&](const Term& t, bool) {
                if (t.name != "knows" || t.is_variable()) return;
                if (t.args.size() == 2 && t.args[0].is_constant() && t.args[0].name != "random" && !is_role(t.args[0].name))
                    diags.error(t.args[0].loc, "'" + t.args[0].name + "' is not a role: (knows R P) is about what role R knows",
                                "the roles are: " + role_list);
                if (t.args.size() == 1 && t.args[0].is_constant() && is_role(t.args[0].name) && !nullary.count(t.args[0].name))
                    diags.error(t.loc, "(knows " + t.args[0].name + ") is common knowledge of a relation " + t.args[0].name +
                                           "/0 that the game does not define, but " + t.args[0].name + " is a role",
                                "what the role knows is (knows " + t.args[0].name + " P)");
            });
    if (!role) missing(p, {"role", 1}, "the game has no role facts", "declare the players: (role name)", diags);
    if (!legal) missing(p, {"legal", 2}, "the game has no rules for legal", "every role needs legal moves: (legal role move)", diags);
    if (!terminal)
        missing(p, {"terminal", 0}, "the game has no rules for terminal", "say when the game ends: (<= terminal ...)", diags);
    if (!goal) missing(p, {"goal", 2}, "the game has no rules for goal", "give each role its payoff: (goal role value)", diags);
}

}  // namespace gdlsc::gdl
