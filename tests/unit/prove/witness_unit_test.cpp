// Checking a counterexample in process (src/prove/witness.h: read_witness, check_witness,
// explain_counterexample), on the coin game of tests/support/coin_game.h whose answers are
// known by hand (tests/unit/prove/witness_test.cpp runs `gdlsc prove --witness` on the corpus).
// Heads against tails, player doing noop, refutes legal-knowledge at depth 1 in all three
// replaying engines with the same traces (player's legal moves (a b) against (a)); then both
// doing a refutes goal-knowledge at depth 2 (goals 100 against 0). What is not a
// counterexample is refused with the reason: the same legal moves at the end, different
// lengths, the role's moves differing, random's percepts telling the coin apart, an illegal
// move (b after tails) and a move after the end, located by development and step; a witness
// without a role, a GDL-III game. read_witness names the file and the fault (unreadable, not
// JSON, no "actual", an unknown role, a joint move of the wrong size, a move that is not a
// string, no "alternative"), and reads prove --json's whole output too.
#define BOOST_TEST_MODULE prove_witness_unit
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/errors.h"
#include "coin_game.h"
#include "game_paths.h"
#include "prove/witness.h"
#include "session/history.h"
#include "user_error_of.h"

using namespace gdlsc;
using gdlsc::test::error_of;

namespace {

const std::vector<std::string> kAll = {"progression", "network", "smt"};

struct Coin {
    query::Game g = query::load_game_text("t.kif", test::coin_game_text());

    query::Witness witness(const std::string& role, const std::string& actual, const std::string& alternative) const {
        query::Witness w;
        w.role = role;
        w.actual = query::parse_history(actual, g.analysis.roles, "actual");
        w.alternative = query::parse_history(alternative, g.analysis.roles, "alternative");
        return w;
    }
    query::WitnessResult check(const std::string& property, const query::Witness& w,
                               const std::vector<std::string>& engines = kAll) const {
        return query::check_witness(g, property, w, engines, 30);
    }
    std::string refusal(const std::string& property, const query::Witness& w,
                        const std::vector<std::string>& engines = kAll) const {
        return error_of([&] { check(property, w, engines); });
    }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A file in the test's temporary folder with `text`.
std::string file_with(const std::string& name, const std::string& text) {
    const auto dir = std::filesystem::temp_directory_path() / ("gdlsc_witness_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto p = dir / name;
    std::ofstream(p) << text;
    return p.string();
}

}  // namespace

BOOST_FIXTURE_TEST_CASE(heads_against_tails_refutes_legal_knowledge_in_every_engine, Coin) {
    const auto w = witness("player", "((flip heads) noop)", "((flip tails) noop)");
    const auto r = check("legal-knowledge", w);
    BOOST_TEST(r.checks.size() == 3u);
    BOOST_TEST(r.not_applicable.empty());
    BOOST_TEST(r.disagreement.empty());
    BOOST_TEST(!r.report.holds);
    BOOST_TEST(r.report.whole_game);
    BOOST_TEST((r.report.method == query::ProveMethod::Witness));
    BOOST_TEST(r.report.at_depth == 1u);
    BOOST_TEST(r.report.role == "player");
    for (const auto& c : r.checks) {
        BOOST_TEST_CONTEXT(c.engine) {
            BOOST_TEST(c.actual.legal == (std::vector<std::string>{"a", "b"}));
            BOOST_TEST(c.alternative.legal == (std::vector<std::string>{"a"}));
            BOOST_TEST(!c.actual.terminal);
            BOOST_TEST(c.actual.percepts.size() == 1u);
            BOOST_TEST(c.actual.percepts[0].empty());  // player sees nothing
        }
    }
    // what the property compares at the ends, with the difference marked
    BOOST_TEST_REQUIRE(!r.report.at_end.empty());
    bool marked = false;
    for (const auto& e : r.report.at_end) marked = marked || e.differs;
    BOOST_TEST(marked);
    BOOST_TEST(r.report.first_difference == 1u);
}

BOOST_FIXTURE_TEST_CASE(both_doing_a_refutes_goal_knowledge_at_depth_two, Coin) {
    const auto w = witness("player", "((flip heads) noop) (noop a)", "((flip tails) noop) (noop a)");
    const auto r = check("goal-knowledge", w);
    BOOST_TEST(!r.report.holds);
    BOOST_TEST(r.report.at_depth == 2u);
    for (const auto& c : r.checks) {
        BOOST_TEST_CONTEXT(c.engine) {
            BOOST_TEST(c.actual.terminal);
            BOOST_TEST(c.actual.goals == (std::vector<std::string>{"100"}));
            BOOST_TEST(c.alternative.goals == (std::vector<std::string>{"0"}));
        }
    }
    // the same two developments do not refute terminal-knowledge: both end terminal
    BOOST_TEST(contains(refusal("terminal-knowledge", w), "both developments end in terminal states"));
    // and perfect information for player at depth 1 (random's flips differ)
    BOOST_TEST(!check("perfect-information", witness("player", "((flip heads) noop)", "((flip tails) noop)"))
                    .report.holds);
}

BOOST_FIXTURE_TEST_CASE(what_is_not_a_counterexample_is_refused_with_the_reason, Coin) {
    // the same legal moves at the end
    BOOST_TEST(contains(refusal("legal-knowledge", witness("player", "((flip heads) noop)", "((flip heads) noop)")),
                        "player's legal moves are the same at the end, (a b)"));
    // different lengths
    BOOST_TEST(contains(refusal("legal-knowledge", witness("player", "((flip heads) noop)",
                                                             "((flip tails) noop) (noop a)")),
                        "different lengths (1 and 2 joint moves)"));
    // the role's moves differ
    BOOST_TEST(contains(refusal("goal-knowledge", witness("player", "((flip heads) noop) (noop b)",
                                                            "((flip heads) noop) (noop a)")),
                        "at step 2 player's moves differ (b and a)"));
    BOOST_TEST(contains(refusal("perfect-information", witness("random", "((flip heads) noop)", "((flip tails) noop)")),
                        "at step 1 random's moves differ ((flip heads) and (flip tails))"));
    // when player sees the coin, its percepts tell the developments apart
    {
        Coin seen;
        seen.g = query::load_game_text("t.kif", test::coin_game_text(true));
        const std::string m =
            seen.refusal("legal-knowledge", seen.witness("player", "((flip heads) noop)", "((flip tails) noop)"));
        BOOST_TEST(contains(m, "at step 1 player sees ((coin heads)) in the actual development and ((coin tails)) in "
                               "the alternative"),
                   m);
    }
    // an illegal move, located by development and step, in each engine alone
    for (const auto& e : kAll) {
        BOOST_TEST_CONTEXT(e) {
            const std::string m = refusal("goal-knowledge",
                                          witness("player", "((flip heads) noop) (noop b)",
                                                  "((flip tails) noop) (noop b)"),
                                          {e});
            BOOST_TEST(contains(m, "prove --witness: in the alternative development"));
            BOOST_TEST(contains(m, "step 2"));
        }
    }
    // a move after the end
    const std::string after = refusal(
        "goal-knowledge", witness("player", "((flip heads) noop) (noop a) (noop a)", "((flip tails) noop) (noop a) (noop a)"));
    BOOST_TEST(contains(after, "in the actual development"));
    BOOST_TEST(contains(after, "step 3"));
    // no role
    query::Witness norole = witness("player", "((flip heads) noop)", "((flip tails) noop)");
    norole.role.clear();
    BOOST_TEST(contains(refusal("legal-knowledge", norole), "the witness names no role"));
}

BOOST_AUTO_TEST_CASE(a_gdl3_game_is_refused) {
    const query::Game g = query::load_game_file(test::example("cheryl/cheryl.kif"));
    BOOST_TEST_REQUIRE(g.analysis.epistemic);
    query::Witness w;
    w.role = g.analysis.roles.back();
    BOOST_TEST(contains(error_of([&] { query::check_witness(g, "legal-knowledge", w, kAll, 30); }), "GDL-III"));
}

BOOST_FIXTURE_TEST_CASE(read_witness_names_the_file_and_the_fault, Coin) {
    // prove --json's whole output, and its "counterexample" alone
    const std::string ce =
        R"J({"role": "player", "actual": [["(flip heads)", "noop"]], "alternative": [["(flip tails)", "noop"]]})J";
    for (const std::string& text : {ce, std::string(R"J({"holds": false, "counterexample": )J") + ce + "}"}) {
        const auto w = query::read_witness(file_with("w.json", text), g);
        BOOST_TEST(w.role == "player");
        BOOST_TEST_REQUIRE(w.actual.size() == 1u);
        BOOST_TEST(w.actual[0].moves[0].to_kif() == "(flip heads)");
        BOOST_TEST(w.alternative[0].moves[0].to_kif() == "(flip tails)");
        BOOST_TEST(!check("legal-knowledge", w).report.holds);
    }
    const std::string missing = "/nonexistent/w.json";
    BOOST_TEST(contains(error_of([&] { query::read_witness(missing, g); }), "cannot read the witness file " + missing));
    auto fault = [&](const std::string& name, const std::string& text) {
        const std::string path = file_with(name, text);
        const std::string m = error_of([&] { query::read_witness(path, g); });
        BOOST_TEST(m.rfind(path + ": ", 0) == 0u, m);  // the file first
        return m;
    };
    BOOST_TEST(contains(fault("a.json", "{not json"), "not JSON"));
    BOOST_TEST(contains(fault("b.json", R"J({"role": "player"})J"), "a witness is an object with"));
    BOOST_TEST(contains(fault("c.json", R"J({"role": 3, "actual": []})J"), "\"role\" must be a role name"));
    BOOST_TEST(contains(fault("d.json", R"J({"role": "banker", "actual": [], "alternative": []})J"), "banker"));
    BOOST_TEST(contains(fault("e.json", R"J({"role": "player", "actual": [["(flip heads)"]], "alternative": []})J"),
                        "actual step 1: a joint move is a list of 2 moves, one per role"));
    BOOST_TEST(contains(fault("f.json", R"J({"role": "player", "actual": [["(flip heads)", 7]], "alternative": []})J"),
                        "a move is a KIF string"));
    BOOST_TEST(contains(fault("g.json", R"J({"role": "player", "actual": []})J"), "needs \"alternative\""));
    BOOST_TEST(contains(fault("h.json", R"J({"role": "player", "actual": 5, "alternative": []})J"),
                        "\"actual\" must be a list of joint moves"));
    std::filesystem::remove_all(std::filesystem::path(file_with("x", "")).parent_path());
}

BOOST_FIXTURE_TEST_CASE(explain_counterexample_fills_the_ends_and_catches_a_bad_one, Coin) {
    query::ProveReport r;
    r.property = "legal-knowledge";
    r.holds = false;
    r.role = "player";
    r.at_depth = 1;
    r.actual = {{"(flip heads)", "noop"}};
    r.alternative = {{"(flip tails)", "noop"}};
    query::explain_counterexample(g, r, 30);
    BOOST_TEST_REQUIRE(!r.at_end.empty());
    BOOST_TEST(r.first_difference == 1u);
    bool legal_differs = false;
    for (const auto& e : r.at_end)
        if (e.differs) legal_differs = e.actual == "(a b)" && e.alternative == "(a)";
    BOOST_TEST(legal_differs);
    // a counterexample that does not replay (b after tails) is a bug of its method: EngineError
    query::ProveReport bad = r;
    bad.at_end.clear();
    bad.property = "goal-knowledge";
    bad.at_depth = 2;
    bad.actual = {{"(flip heads)", "noop"}, {"noop", "b"}};
    bad.alternative = {{"(flip tails)", "noop"}, {"noop", "b"}};
    BOOST_CHECK_THROW(query::explain_counterexample(g, bad, 30), EngineError);
    // a report that holds is left alone
    query::ProveReport holds;
    holds.property = "legal-knowledge";
    query::explain_counterexample(g, holds, 30);
    BOOST_TEST(holds.at_end.empty());
}
