// The printers of `prove`'s report (src/prove/prove_report.h: prove_text, prove_json,
// prove_method_name) on reports made by hand, against texts written out by hand in the format
// doc/knowledge.md shows: each verdict's sentence (bounded, whole game, by k-induction,
// undecided, by Horn clauses over pairs and over states, by a BDD invariant, over states); a
// counterexample with the role's percepts, where the joint moves first differ and what the
// property compares at the ends, aligned and marked; the same development twice; a formula
// without a role; a well-formedness development with its loop, and none at all; the
// information set of a failing (knows R φ). The JSON has per method the fields that belong to
// it and a null counterexample when the property holds or is undecided.
#define BOOST_TEST_MODULE prove_prove_report
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "prove/prove_report.h"

using namespace gdlsc;
using query::ProveMethod;
using query::ProveReport;
using nlohmann::json;

namespace {

ProveReport holding(ProveMethod m, bool whole_game) {
    ProveReport r;
    r.property = "legal-knowledge";
    r.method = m;
    r.whole_game = whole_game;
    return r;
}

// Player cannot tell heads from tails (the coin game of tests/support/coin_game.h).
ProveReport coin_counterexample() {
    ProveReport r;
    r.property = "legal-knowledge";
    r.method = ProveMethod::Fixpoint;
    r.whole_game = true;
    r.holds = false;
    r.role = "player";
    r.at_depth = 1;
    r.actual = {{"(flip heads)", "noop"}};
    r.alternative = {{"(flip tails)", "noop"}};
    r.actual_percepts = {{}};
    r.alternative_percepts = {{}};
    r.first_difference = 1;
    r.at_end = {{"legal moves of player", "(a b)", "(a)", true}, {"terminal", "false", "false", false}};
    return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_sentence_of_each_verdict) {
    auto bounded = holding(ProveMethod::Developments, false);
    bounded.depth = 3;
    BOOST_TEST(query::prove_text(bounded) == "legal-knowledge holds for every development of length <= 3\n");

    auto fix = holding(ProveMethod::Fixpoint, true);
    fix.states = 5, fix.pairs = 7, fix.depth = 2;
    BOOST_TEST(query::prove_text(fix) == "legal-knowledge holds for every development of every length (whole game: 5 "
                                         "reachable states, 7 pairs of indistinguishable states, depth 2)\n");

    auto ind = holding(ProveMethod::SmtInduction, true);
    ind.depth = 2;
    BOOST_TEST(query::prove_text(ind) ==
               "legal-knowledge holds for every development of every length: proved by k-induction (k = 2)\n");
    ind.invariants_from = 3;  // after a setup phase: the base case searched up to 3 + 2
    BOOST_TEST(query::prove_text(ind) ==
               "legal-knowledge holds for every development of every length: proved by k-induction (k = 2; the "
               "invariants hold from depth 3, the depths up to 5 searched)\n");
    ind.invariants_from = 0;

    ProveReport und = holding(ProveMethod::SmtInduction, true);
    und.holds = false, und.undecided = true, und.depth = 4, und.role = "player";
    BOOST_TEST(query::prove_text(und) == "legal-knowledge is undecided: not k-inductive up to k = 4 for player, and no "
                                         "counterexample of length <= 4\n");

    auto chc = holding(ProveMethod::Chc, true);
    chc.invariants = {{"alice", 3}, {"bob", 5}};
    chc.solved_by = {{"alice", "spacer"}, {"bob", "pdr"}};
    BOOST_TEST(query::prove_text(chc) ==
               "legal-knowledge holds for every development of every length: proved on the pair system's Horn clauses "
               "(inductive invariant: alice 3 lemmas by Spacer, bob 5 lemmas by PDR)\n");

    auto states = holding(ProveMethod::Chc, true);
    states.property = "termination", states.over_states = true, states.invariants = {{"states", 4}};
    BOOST_TEST(query::prove_text(states) == "termination holds for the whole game: proved by IC3/PDR on one copy of "
                                            "the game's states (an inductive invariant of 4 lemmas)\n");
    auto z3states = states;
    z3states.invariants.clear(), z3states.solver = "bounded", z3states.depth = 6;
    BOOST_TEST(query::prove_text(z3states) ==
               "termination holds for the whole game: proved by Z3 on one copy of the game's states (every development "
               "ends within 6 joint moves: Z3 finds none of 7)\n");

    auto bdd = holding(ProveMethod::Bdd, true);
    bdd.invariants = {{"player", 2}};
    BOOST_TEST(query::prove_text(bdd) == "legal-knowledge holds for every development of every length: proved on BDDs "
                                         "by an inductive invariant (player: 2 equalities of fluents)\n");
    bdd.searched = {"dealer"}, bdd.states = 5, bdd.pairs = 5, bdd.depth = 2;
    BOOST_TEST(query::prove_text(bdd) ==
               "legal-knowledge holds for every development of every length: proved on BDDs by an inductive invariant "
               "(player: 2 equalities of fluents); the reachable pairs of dealer: 5 states, 5 pairs, depth 2\n");

    auto over = holding(ProveMethod::Fixpoint, true);
    over.property = "playability", over.over_states = true, over.states = 5, over.depth = 2;
    BOOST_TEST(query::prove_text(over) == "playability holds for the whole game (5 reachable states searched, depth 2)\n");
}

BOOST_AUTO_TEST_CASE(a_counterexample_with_its_percepts_difference_and_ends) {
    ProveReport r = coin_counterexample();
    r.actual_percepts = {{"(coin heads)"}};
    r.alternative_percepts = {{"(coin heads)"}};
    BOOST_TEST(query::prove_text(r) == "legal-knowledge does not hold: player cannot tell these two developments apart "
                                       "at depth 1\n"
                                       "  actual:\n"
                                       "    step 1: ((flip heads) noop)   player sees ((coin heads))\n"
                                       "  alternative:\n"
                                       "    step 1: ((flip tails) noop)   player sees ((coin heads))\n"
                                       "  the joint moves first differ at step 1\n"
                                       "  at the end (after step 1):\n"
                                       "    legal moves of player  actual (a b)   alternative (a)   <- differ\n"
                                       "    terminal               actual false   alternative false\n");
}

BOOST_AUTO_TEST_CASE(the_same_development_twice_and_a_formula_without_a_role) {
    ProveReport r = coin_counterexample();
    r.property = "(knows player (true (coin heads)))";
    r.alternative = r.actual;
    r.first_difference = 0;
    r.at_end = {{"(true (coin heads))", "false", "false", true}};
    r.failing_members = ProveReport::FailingMembers{"(true (coin heads))", 2, 1, {"(coin tails) (step 1)"}};
    BOOST_TEST(query::prove_text(r) ==
               "(knows player (true (coin heads))) does not hold: it fails at the end of this development of length 1, "
               "which player cannot rule out (it is the actual one)\n"
               "  development:\n"
               "    step 1: ((flip heads) noop)   player sees ()\n"
               "  at the end (after step 1):\n"
               "    (true (coin heads))  false   <- differ\n"
               "  player's information set at the actual development has 2 distinct states; (true (coin heads)) fails "
               "in 1 of them:\n"
               "    (coin tails) (step 1)\n");
    r.failing_members->failing = 2;  // more failing than shown
    BOOST_TEST(query::prove_text(r).find("fails in 2 of them, e.g.\n") != std::string::npos);

    ProveReport f = coin_counterexample();
    f.property = "(not terminal)";
    f.role.clear();
    f.at_end.clear();
    f.first_difference = 0;
    f.alternative.clear();
    f.at_depth = 2;
    f.actual = {{"(flip heads)", "noop"}, {"noop", "a"}};
    BOOST_TEST(query::prove_text(f) == "(not terminal) does not hold: it fails after this development of length 2\n"
                                       "  actual:\n"
                                       "    step 1: ((flip heads) noop)\n"
                                       "    step 2: (noop a)\n");
}

BOOST_AUTO_TEST_CASE(a_well_formedness_development_its_loop_and_none) {
    ProveReport r;
    r.property = "termination";
    r.method = ProveMethod::Fixpoint;
    r.whole_game = true;
    r.holds = false;
    r.explanation = "the state after step 1 recurs";
    r.actual = {{"a"}, {"b"}, {"a"}};
    r.loop_start = 1;
    BOOST_TEST(query::prove_text(r) == "termination does not hold: the state after step 1 recurs\n"
                                       "  development:\n"
                                       "    step 1: (a)\n"
                                       "    step 2: (b)\n"
                                       "    step 3: (a)\n"
                                       "  the state after step 1 recurs after step 3: the steps between can be repeated "
                                       "for ever\n");
    r.loop_start.reset();
    r.actual.clear();
    BOOST_TEST(query::prove_text(r) == "termination does not hold: the state after step 1 recurs\n"
                                       "  development:\n"
                                       "    (the initial state)\n");
    r.no_development = true;
    BOOST_TEST(query::prove_text(r) == "termination does not hold: the state after step 1 recurs\n");
    const json j = json::parse(query::prove_json(r));
    BOOST_TEST(j["counterexample"]["actual"].is_null());
    BOOST_TEST(j["counterexample"]["explanation"] == "the state after step 1 recurs");
}

BOOST_AUTO_TEST_CASE(the_method_names) {
    const std::vector<std::pair<ProveMethod, std::string>> names = {
        {ProveMethod::Developments, "developments"}, {ProveMethod::Fixpoint, "fixpoint"},
        {ProveMethod::SmtBounded, "smt"},           {ProveMethod::SmtInduction, "smt-induction"},
        {ProveMethod::Witness, "witness"},          {ProveMethod::Chc, "chc"},
        {ProveMethod::Bdd, "bdd"}};
    for (const auto& [m, name] : names) BOOST_TEST(query::prove_method_name(m) == name);
}

BOOST_AUTO_TEST_CASE(the_json_fields_of_each_method) {
    auto fix = holding(ProveMethod::Fixpoint, true);
    fix.states = 5, fix.pairs = 7, fix.depth = 2, fix.space = "network";
    json j = json::parse(query::prove_json(fix));
    BOOST_TEST(j["holds"] == true);
    BOOST_TEST(j["method"] == "fixpoint");
    BOOST_TEST(j["whole_game"] == true);
    BOOST_TEST(j["undecided"] == false);
    BOOST_TEST(j["states"] == 5);
    BOOST_TEST(j["pairs"] == 7);
    BOOST_TEST(j["space"] == "network");
    BOOST_TEST(j["counterexample"].is_null());
    BOOST_TEST(!j.contains("k"));
    BOOST_TEST(!j.contains("nodes"));

    auto ind = holding(ProveMethod::SmtInduction, true);
    ind.depth = 2, ind.invariants = {{"player", 4}}, ind.invariants_from = 1;
    j = json::parse(query::prove_json(ind));
    BOOST_TEST(j["k"] == 2);
    BOOST_TEST(j["invariants"]["player"] == 4);
    BOOST_TEST(j["invariants_from"] == 1);
    BOOST_TEST(!j.contains("states"));
    ind.holds = false, ind.undecided = true;
    j = json::parse(query::prove_json(ind));
    BOOST_TEST(!j.contains("k"));
    BOOST_TEST(j["counterexample"].is_null());  // undecided: no counterexample

    auto bdd = holding(ProveMethod::Bdd, true);
    bdd.peak_nodes = 10, bdd.table_nodes = 20, bdd.bdd_nodes = 3, bdd.variables = 8;
    j = json::parse(query::prove_json(bdd));
    BOOST_TEST(j["nodes"] == (json{{"peak", 10}, {"table", 20}, {"reached", 3}, {"variables", 8}}));
    BOOST_TEST(!j.contains("invariants"));  // none found

    auto chc = holding(ProveMethod::Chc, true);
    chc.solver = "both", chc.solved_by = {{"player", "pdr"}};
    j = json::parse(query::prove_json(chc));
    BOOST_TEST(j["solver"] == "both");
    BOOST_TEST(j["solved_by"]["player"] == "pdr");

    j = json::parse(query::prove_json(coin_counterexample()));
    BOOST_TEST(j["holds"] == false);
    const json& c = j["counterexample"];
    BOOST_TEST(c["role"] == "player");
    BOOST_TEST(c["depth"] == 1);
    BOOST_TEST(c["actual"] == json::array({json::array({"(flip heads)", "noop"})}));
    BOOST_TEST(c["alternative"] == json::array({json::array({"(flip tails)", "noop"})}));
    BOOST_TEST(c["first_difference"] == 1);
    BOOST_TEST(c["at_end"].size() == 2u);
    BOOST_TEST(c["at_end"][0] == (json{{"what", "legal moves of player"}, {"actual", "(a b)"}, {"alternative", "(a)"},
                                       {"differs", true}}));
    BOOST_TEST(!c.contains("information_set"));
    auto norole = coin_counterexample();
    norole.role.clear();
    BOOST_TEST(json::parse(query::prove_json(norole))["counterexample"]["role"].is_null());
}
