// The grounder (src/ground/grounder.h) and the loop detection (src/ground/loops.h) on
// small inline games whose relevant ground programs are known by hand.
#define BOOST_TEST_MODULE grounder
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <set>

#include "ground/grounder.h"
#include "ground/loops.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::GroundProgram;

namespace {

using Game = test::ParsedGame;

gdl::Term term(const std::string& kif) {
    Game g = test::game_from_text("(x " + kif + ")");
    return g.program.rules.at(0).head.args.at(0);
}

// Every relation of the game: keeps all static atoms (ground_program's `keep`).
std::set<gdl::Signature> all_relations(const Game& g) {
    std::set<gdl::Signature> out;
    for (const auto& [sig, info] : g.analysis.predicates) out.insert(sig);
    return out;
}

std::vector<ground::JointMove> moves(const Game& g, const std::vector<std::vector<std::string>>& steps) {
    std::vector<ground::JointMove> out;
    for (const auto& s : steps) {
        ground::JointMove jm;
        for (const auto& m : s) jm.push_back(term(m));
        out.push_back(jm);
    }
    return out;
}

// "head :- l1, l2" with the body literals sorted (the grounder keeps its join order).
std::string normal(const std::string& rule) {
    auto at = rule.find(" :- ");
    if (at == std::string::npos) return rule;
    std::vector<std::string> lits;
    std::string body = rule.substr(at + 4);
    for (size_t from = 0;;) {
        size_t comma = body.find(", ", from);
        lits.push_back(body.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
        if (comma == std::string::npos) break;
        from = comma + 2;
    }
    std::sort(lits.begin(), lits.end());
    std::string out = rule.substr(0, at) + " :-";
    for (size_t i = 0; i < lits.size(); ++i) out += (i ? ", " : " ") + lits[i];
    return out;
}

std::set<std::string> rules(const GroundProgram& gp) {
    std::set<std::string> out;
    for (const auto& r : gp.rules) out.insert(normal(gp.rule_text(r)));
    return out;
}

bool has_rule(const GroundProgram& gp, const std::string& r) { return rules(gp).count(normal(r)) > 0; }

// A counter: a static successor relation, a step fluent, one role with a choice.
const std::string kCounter = R"(
(role p)
(succ 0 1) (succ 1 2) (succ 2 3)
(init (count 0))
(<= (legal p inc) (true (count ?x)) (succ ?x ?y))
(legal p stay)
(<= (next (count ?y)) (does p inc) (true (count ?x)) (succ ?x ?y))
(<= (next (count ?x)) (does p stay) (true (count ?x)))
(<= terminal (true (count 3)))
(<= (goal p 100) (true (count 3)))
(<= (goal p 0) (not (true (count 3))))
)";

}  // namespace

BOOST_AUTO_TEST_CASE(counter_two_steps) {
    Game g = test::game_from_text(kCounter);
    GroundProgram gp = ground::ground_program(g.program, g.analysis, moves(g, {{"inc"}, {"stay"}}));
    BOOST_TEST(gp.horizon == 2);
    // Step 0: exactly what the initial state allows.
    BOOST_TEST(has_rule(gp, "(true@0 (count 0)) :- (init (count 0))"));
    BOOST_TEST(has_rule(gp, "(legal@0 p inc) :- (true@0 (count 0)), (succ 0 1)"));
    BOOST_TEST(has_rule(gp, "(does@0 p inc)"));
    BOOST_TEST(has_rule(gp, "(next@0 (count 1)) :- (does@0 p inc), (true@0 (count 0)), (succ 0 1)"));
    BOOST_TEST(has_rule(gp, "(true@1 (count 1)) :- (next@0 (count 1))"));
    // (count 3) is not possible at step 0, but true@0 is grounded in the same phase as
    // goal@0, so the negative literal stays for the solver (no rule: false by completion).
    BOOST_TEST(has_rule(gp, "(goal@0 p 0) :- not (true@0 (count 3))"));
    BOOST_TEST(!has_rule(gp, "(goal@0 p 100) :- (true@0 (count 3))"));
    // stay at step 1 keeps count 1; does@1(p inc) is not in the history.
    BOOST_TEST(has_rule(gp, "(next@1 (count 1)) :- (does@1 p stay), (true@1 (count 1))"));
    BOOST_TEST(gp.find(term("(does p inc)"), 1) < 0);
    BOOST_TEST(gp.find(term("(count 2)"), 2) < 0);
    BOOST_TEST(gp.find(gdl::Term::compound("true", {term("(count 1)")}), 2) >= 0);
    // No action predicate at the last step.
    for (const auto& a : gp.atoms) BOOST_TEST(!(a.step == 2 && (a.atom.name == "next" || a.atom.name == "does")));
    BOOST_TEST(ground::positive_loops(gp).empty());
    // Only the relevant static atoms stay: (succ 2 3) is used at no step (count stays 1),
    // unless the query asks about succ.
    gdl::Term succ23 = term("(succ 2 3)");
    BOOST_TEST(gp.find(succ23, -1) < 0);
    BOOST_TEST(gp.find(term("(succ 1 2)"), -1) >= 0);
    GroundProgram kept = ground::ground_program(g.program, g.analysis, moves(g, {{"inc"}, {"stay"}}), {},
                                                {gdl::Signature{"succ", 2}});
    BOOST_TEST(kept.find(succ23, -1) >= 0);
    BOOST_TEST(kept.atoms.size() == gp.atoms.size() + 1);
}

BOOST_AUTO_TEST_CASE(disjunction_distinct_and_negated_statics) {
    Game g = test::game_from_text(R"(
(role r)
(c a) (c b) (c d)
(bad d)
(<= (pair ?x ?y) (c ?x) (c ?y) (distinct ?x ?y) (not (bad ?y)))
(<= (either ?x) (or (c ?x) (bad ?x)))
(<= (same ?x) (c ?x) (not (distinct ?x a)))
(<= (good ?x) (c ?x) (not (missing ?x)))
)");
    GroundProgram gp = ground::ground_program(g.program, g.analysis, {}, {}, all_relations(g));
    auto rs = rules(gp);
    // distinct is decided on ground terms: no (pair a a); not (bad ?y) is kept for the solver.
    BOOST_TEST(rs.count(normal("(pair a b) :- (c a), (c b), not (bad b)")));
    BOOST_TEST(rs.count(normal("(pair a d) :- (c a), (c d), not (bad d)")));
    size_t pairs = std::count_if(rs.begin(), rs.end(), [](const std::string& r) { return r.rfind("(pair ", 0) == 0; });
    BOOST_TEST(pairs == 6u);
    // or: one instance per disjunct.
    BOOST_TEST(rs.count(normal("(either d) :- (c d)")));
    BOOST_TEST(rs.count(normal("(either d) :- (bad d)")));
    // not distinct is equality.
    BOOST_TEST(rs.count(normal("(same a) :- (c a)")));
    BOOST_TEST(!rs.count(normal("(same b) :- (c b)")));
    // missing/1 has no rule; within the static phase its atoms are kept (false by completion).
    BOOST_TEST(rs.count(normal("(good a) :- (c a), not (missing a)")));
}

BOOST_AUTO_TEST_CASE(negative_literal_dropped_when_its_phase_is_complete) {
    Game g = test::game_from_text(R"(
(role r)
(c a)
(init (s a))
(init (s d))
(<= (f ?x) (true (s ?x)) (not (c b)) (not (c ?x)))
(legal r go)
(<= (next (s ?x)) (true (s ?x)))
)");
    GroundProgram gp = ground::ground_program(g.program, g.analysis, moves(g, {{"go"}}));
    // c(b) and c(d) are never possible and the statics are complete before step 0: the
    // literals hold. c(a) is a static fact (a definite relation): f(a)'s instance is dead.
    BOOST_TEST(has_rule(gp, "(f@0 d) :- (true@0 (s d))"));
    BOOST_TEST(has_rule(gp, "(f@1 d) :- (true@1 (s d))"));
    BOOST_TEST(gp.find(term("(f a)"), 0) < 0);
    BOOST_TEST(gp.find(term("(f a)"), 1) < 0);
}

BOOST_AUTO_TEST_CASE(recursion_and_positive_loops) {
    Game g = test::game_from_text(R"(
(role r)
(edge a b) (edge b a) (edge b c)
(<= (path ?x ?y) (edge ?x ?y))
(<= (path ?x ?z) (path ?x ?y) (edge ?y ?z))
(<= p q)
(<= q p)
(<= q (edge c a))
)");
    GroundProgram gp = ground::ground_program(g.program, g.analysis, {}, {}, all_relations(g));
    // path is the transitive closure: from a and b everything, nothing from c.
    std::set<std::string> paths;
    for (const auto& a : gp.atoms)
        if (a.atom.name == "path") paths.insert(a.name());
    BOOST_TEST(paths == (std::set<std::string>{"(path a a)", "(path a b)", "(path a c)", "(path b a)", "(path b b)",
                                               "(path b c)"}));
    // p and q: no rule instance can make them true (edge c a is never possible), so the
    // grounder never produces them.
    BOOST_TEST(gp.find(gdl::Term::constant("p"), -1) < 0);
    // The loops among path atoms: path(a a) <- path(a b) <- path(a a), ...
    auto loops = ground::positive_loops(gp);
    BOOST_TEST(loops.size() == 2u);  // {path(a a), path(a b)} and {path(b a), path(b b)}
    for (const auto& l : loops) BOOST_TEST(l.size() == 2u);
}

BOOST_AUTO_TEST_CASE(unfounded_set_and_violated_loop) {
    Game g = test::game_from_text(R"(
(role r)
(e a)
(<= p q)
(<= q p)
(<= q (e a) (not (e a)))
(<= s (e a))
)");
    GroundProgram gp = ground::ground_program(g.program, g.analysis, {}, {}, all_relations(g));
    BOOST_TEST(has_rule(gp, "q :- (e a), not (e a)"));
    // The model {e(a), s, p, q} satisfies the completion but p, q support each other.
    std::vector<bool> m(gp.atoms.size(), true);
    auto u = ground::unfounded_atoms(gp, m);
    std::set<std::string> names;
    for (auto a : u) names.insert(gp.atoms[a].name());
    BOOST_TEST(names == (std::set<std::string>{"p", "q"}));
    auto loops = ground::violated_loops(gp, m, u);
    BOOST_REQUIRE(loops.size() == 1u);
    BOOST_TEST(loops[0].size() == 2u);
    // Its external support is q's rule with the negative literal.
    auto es = ground::external_support(gp, loops[0]);
    BOOST_REQUIRE(es.size() == 1u);
    BOOST_TEST(gp.rule_text(gp.rules[es[0]]) == "q :- (e a), not (e a)");
}

BOOST_AUTO_TEST_CASE(limits_and_knows) {
    Game g = test::game_from_text(kCounter);
    ground::GroundLimits lim;
    lim.max_atoms = 10;
    BOOST_CHECK_THROW(ground::ground_program(g.program, g.analysis, moves(g, {{"inc"}}), lim), ground::TooLarge);
    try {
        ground::ground_program(g.program, g.analysis, moves(g, {{"inc"}}), lim);
    } catch (const ground::TooLarge& e) {
        BOOST_TEST(std::string(e.what()).find("passed the size bound (10 atoms") != std::string::npos);
    }
    Game k = test::game_from_text("(role r) (init s) (<= (legal r a) (knows r (true s)))");
    BOOST_CHECK_THROW(ground::ground_program(k.program, k.analysis, {}), ground::NotApplicable);
}
