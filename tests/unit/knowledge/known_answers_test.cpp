// Known answers about knowledge, through the gdlsc binary: the card game of Thielscher
// 2010, Theorem 4 on ticTacToe/connectFour, Blind Tic-Tac-Toe (textbook ch. 17,
// exercise 1), the Exploding Bomb, Krieg-TicTacToe, Monty Hall, and the three-player
// exercise of Thielscher 2010, footnote 9 (doc/knowledge.md).
#define BOOST_TEST_MODULE knowledge_known_answers
#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

namespace {

struct Run {
    int code;
    std::string out;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

Run gdlsc(const std::string& args) {
    std::string cmd = std::string(GDLSC_BINARY) + " " + args + " 2>/dev/null";
    Run r{0, ""};
    FILE* p = popen(cmd.c_str(), "r");
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int st = pclose(p);
    r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

std::string example(const std::string& rel) { return quote(std::string(GDLSC_SOURCE_DIR) + "/examples/" + rel); }
std::string corpus(const std::string& rel) { return quote(std::string(GDLSC_GAMES) + "/" + rel); }

const std::string card = example("card_game/card_game.kif");
const std::string dealt = "--history " + quote("(noop noop (deal king 7))");
const std::string all_in = "--history " + quote("(noop noop (deal king 7)) (allIn allIn noop)");

nlohmann::json json_of(const Run& r) { return nlohmann::json::parse(r.out); }

// The GDL game at `corpus_path` with every move seen by every role (Theorem 4), in a temp dir.
std::string augmented(const std::string& corpus_path, const std::string& name) {
    std::ifstream in(std::string(GDLSC_GAMES) + "/" + corpus_path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    BOOST_REQUIRE(!text.empty());
    auto dir = std::filesystem::temp_directory_path() / ("gdlsc_theorem4_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    auto path = dir / (name + ".kif");
    std::ofstream out(path);
    out << text << "\n(<= (sees ?p (move ?q ?m)) (role ?p) (does ?q ?m))\n";
    return quote(path.string());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(card_game)

BOOST_AUTO_TEST_CASE(jane_after_deal_has_seven_developments) {
    auto r = gdlsc("infoset " + card + " --role jane " + dealt + " --json");
    BOOST_REQUIRE_EQUAL(r.code, 0);
    auto j = json_of(r);
    BOOST_TEST(j["role"] == "jane");
    BOOST_TEST(j["developments"] == 7);
    BOOST_TEST(j["states"] == 7);
    std::set<std::string> rick_cards;
    for (const auto& s : j["state_list"]) {
        bool king = false;
        for (const auto& f : s) {
            std::string t = f;
            if (t == "(hascard jane king)") king = true;
            if (t.rfind("(hascard rick ", 0) == 0) rick_cards.insert(t);
        }
        BOOST_TEST(king);
    }
    BOOST_TEST(rick_cards.size() == 7u);
    BOOST_TEST(!rick_cards.count("(hascard rick king)"));
}

BOOST_AUTO_TEST_CASE(jane_knows_her_card_not_ricks) {
    auto own = gdlsc("query " + card + " " + dealt + " " + quote("(knows jane (true (hasCard jane ?c)))"));
    BOOST_TEST(own.out == "holds\n?c = king\n");
    auto other = gdlsc("query " + card + " " + dealt + " " + quote("(knows jane (true (hasCard rick ?c)))"));
    BOOST_TEST(other.out == "does not hold\n");
    auto rick = gdlsc("query " + card + " " + dealt + " " + quote("(knows rick (true (hasCard jane ?c)))"));
    BOOST_TEST(rick.out == "does not hold\n");
    auto kw = gdlsc("query " + card + " " + dealt + " " + quote("(kwhether jane (true (hasCard rick ace)))"));
    BOOST_TEST(kw.out == "does not hold\n");
    // knows whether, de re: jane knows rick does not hold her king (she holds it),
    // and for no card of the other seven does she know whether rick holds it.
    auto kwc = gdlsc("query " + card + " " + dealt + " --engine all " +
                     quote("(kwhether jane (true (hasCard rick ?c)))"));
    BOOST_TEST(kwc.code == 0);
    BOOST_TEST(kwc.out.find("?c = king\n") != std::string::npos);
    for (const char* c : {"7", "8", "9", "10", "jack", "queen", "ace"})
        BOOST_TEST(kwc.out.find(std::string("?c = ") + c + "\n") == std::string::npos, c);
}

BOOST_AUTO_TEST_CASE(after_all_in_each_knows_the_other_card) {
    auto j = gdlsc("query " + card + " " + all_in + " " + quote("(knows jane (true (bet rick ?c allIn)))"));
    BOOST_TEST(j.out == "holds\n?c = 7\n");
    auto r = gdlsc("query " + card + " " + all_in + " " + quote("(knows rick (true (bet jane ?c allIn)))"));
    BOOST_TEST(r.out == "holds\n?c = king\n");
}

BOOST_AUTO_TEST_CASE(nested_and_common_knowledge) {
    auto n = gdlsc("query " + card + " " + dealt + " " +
                   quote("(knows rick (exists ?c (knows jane (true (hasCard jane ?c)))))"));
    BOOST_TEST(n.out == "holds\n");
    auto dere = gdlsc("query " + card + " " + dealt + " " + quote("(knows rick (knows jane (true (hasCard jane king))))"));
    BOOST_TEST(dere.out == "does not hold\n");
    auto ck = gdlsc("query " + card + " " + dealt + " " + quote("(knows (true bettingRound))"));
    BOOST_TEST(ck.out == "holds\n");
    auto nck = gdlsc("query " + card + " " + dealt + " " + quote("(knows (true (hasCard jane king)))"));
    BOOST_TEST(nck.out == "does not hold\n");
}

BOOST_AUTO_TEST_CASE(random_is_not_an_agent) {
    BOOST_TEST(gdlsc("query " + card + " " + dealt + " " + quote("(knows random (true bettingRound))")).code == 2);
    BOOST_TEST(gdlsc("infoset " + card + " --role random " + dealt).code == 2);
    BOOST_TEST(gdlsc("infoset " + card + " --role nobody " + dealt).code == 2);
    BOOST_TEST(gdlsc("infoset " + card + " --role jane --history " + quote("(allIn noop noop)")).code == 2);
}

BOOST_AUTO_TEST_CASE(properties_hold) {
    for (const char* p : {"legal-knowledge", "terminal-knowledge", "goal-knowledge"}) {
        auto r = gdlsc("prove " + card + " --depth 3 " + p + " --json");
        BOOST_TEST_CONTEXT(p) {
            BOOST_REQUIRE_EQUAL(r.code, 0);
            BOOST_TEST(json_of(r)["holds"] == true);
        }
    }
}

BOOST_AUTO_TEST_CASE(formula_refuted_with_two_developments) {
    auto r = gdlsc("prove " + card + " --depth 2 --json " +
                   quote("(or (true dealingRound) (knows jane (true (hasCard rick 8))))"));
    BOOST_REQUIRE_EQUAL(r.code, 1);
    auto j = json_of(r);
    BOOST_TEST(j["holds"] == false);
    auto c = j["counterexample"];
    BOOST_TEST(c["role"] == "jane");
    BOOST_TEST(c["depth"] == 1);
    BOOST_REQUIRE_EQUAL(c["actual"].size(), 1u);
    BOOST_REQUIRE_EQUAL(c["alternative"].size(), 1u);
    // same percepts for jane (her card), different deals
    BOOST_TEST(c["actual_percepts"] == c["alternative_percepts"]);
    BOOST_TEST(c["actual"] != c["alternative"]);
}

BOOST_AUTO_TEST_CASE(dot_renders) {
    auto r = gdlsc("infoset " + card + " --role rick " + dealt + " --dot");
    BOOST_REQUIRE_EQUAL(r.code, 0);
    BOOST_TEST(r.out.find("digraph") != std::string::npos);
    auto dot = std::filesystem::temp_directory_path() / ("gdlsc_infoset_" + std::to_string(getpid()) + ".dot");
    std::ofstream(dot) << r.out;
    if (std::system("command -v dot >/dev/null 2>&1") == 0) {
        std::string cmd = "dot -Tpng " + quote(dot.string()) + " -o /dev/null";
        BOOST_TEST(std::system(cmd.c_str()) == 0);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(theorem4)

// Every information set is one development when all moves are seen and there is no random.
BOOST_AUTO_TEST_CASE(tictactoe_and_connectfour) {
    auto ttt = augmented("gdl1/ticTacToe.kif", "ticTacToe");
    for (int d : {1, 3, 5}) {
        auto r = gdlsc("prove " + ttt + " --depth " + std::to_string(d) + " perfect-information --quiet");
        BOOST_TEST_CONTEXT("ticTacToe depth " << d) { BOOST_TEST(r.code == 0); }
    }
    auto c4 = augmented("gdl1/connectFour.kif", "connectFour");
    for (int d : {2, 4}) {
        auto r = gdlsc("prove " + c4 + " --depth " + std::to_string(d) + " perfect-information --quiet");
        BOOST_TEST_CONTEXT("connectFour depth " << d) { BOOST_TEST(r.code == 0); }
    }
}

// Without the sees rule the moves are hidden: the property fails at depth 1.
BOOST_AUTO_TEST_CASE(without_percepts_it_fails) {
    auto r = gdlsc("prove " + corpus("gdl1/ticTacToe.kif") + " --depth 3 perfect-information --json --quiet");
    BOOST_REQUIRE_EQUAL(r.code, 1);
    BOOST_TEST(json_of(r)["counterexample"]["depth"] == 1);
}

BOOST_AUTO_TEST_SUITE_END()

// Textbook ch. 17, exercise 1: white played (mark 2 2) then (mark 1 3). Hand count
// (doc/knowledge.md): nil,(ok): black took 2,2 on a lost tie, then 7 free cells or a lost
// tie on 1,3: 8 states; nil,nil: 1 state; (ok),nil: 1,3 is black's and black holds one
// other cell or none: 8 states (47 developments).
BOOST_AUTO_TEST_CASE(blind_tictactoe_exercise_1) {
    std::string g = example("blind_tictactoe/blind_tictactoe.kif");
    struct Case {
        const char* history;
        int states, developments;
    } cases[] = {
        {"((mark 2 2) (mark 2 2) (tiebreak o)) ((mark 1 3) (mark 3 3) (tiebreak x))", 8, 15},
        {"((mark 2 2) (mark 2 2) (tiebreak o)) ((mark 1 3) (mark 1 3) (tiebreak o))", 1, 1},
        {"((mark 2 2) (mark 1 3) (tiebreak x)) ((mark 1 3) (mark 3 3) (tiebreak x))", 8, 47},
    };
    for (const auto& c : cases) {
        auto r = gdlsc("infoset " + g + " --role white --json --history " + quote(c.history));
        BOOST_TEST_CONTEXT(c.history) {
            BOOST_REQUIRE_EQUAL(r.code, 0);
            auto j = json_of(r);
            BOOST_TEST(j["states"] == c.states);
            BOOST_TEST(j["developments"] == c.developments);
        }
    }
}

BOOST_AUTO_TEST_CASE(exploding_bomb_knows_the_wire_iff_it_asked) {
    std::string g = example("exploding_bomb/exploding_bomb.kif");
    for (const char* colour : {"red", "blue"}) {
        std::string arm = std::string("((arm ") + colour + ") noop)";
        auto asked = gdlsc("query " + g + " --history " + quote(arm + " (noop ask)") + " " +
                           quote("(knows agent (true (armed ?c)))"));
        BOOST_TEST(asked.out == std::string("holds\n?c = ") + colour + "\n");
        auto silent = gdlsc("query " + g + " --history " + quote(arm + " (noop noop)") + " " +
                            quote("(kwhether agent (true (armed red)))"));
        BOOST_TEST(silent.out == "does not hold\n");
    }
    auto all = gdlsc("prove " + g + " --depth 3 --quiet " +
                     quote("(or (not (true (step 3))) (and (true (score 90)) (kwhether agent (true (armed red)))) "
                           "(and (true (score 100)) (not (kwhether agent (true (armed red))))))"));
    BOOST_TEST(all.code == 0);
}

BOOST_AUTO_TEST_CASE(krieg_tictactoe_legal_knowledge) {
    auto r = gdlsc("prove " + corpus("gdl2/kriegtictactoe.kif") + " --depth 4 legal-knowledge --json --quiet");
    BOOST_REQUIRE_EQUAL(r.code, 0);
    BOOST_TEST(json_of(r)["holds"] == true);
}

// Proposition 3 fails for this description: after x completes a line unseen, oplayer
// cannot know that the game is over (doc/knowledge.md).
BOOST_AUTO_TEST_CASE(krieg_tictactoe_terminal_knowledge_refuted) {
    auto r = gdlsc("prove " + corpus("gdl2/kriegtictactoe.kif") + " --depth 6 terminal-knowledge --json --quiet");
    BOOST_REQUIRE_EQUAL(r.code, 1);
    auto c = json_of(r)["counterexample"];
    BOOST_TEST(c["role"] == "oplayer");
    BOOST_TEST(c["depth"] == 5);
    BOOST_TEST(c["actual_percepts"] == c["alternative_percepts"]);
}

BOOST_AUTO_TEST_SUITE(monty_hall)

const std::string mh = corpus("gdl2/montyhall.kif");

BOOST_AUTO_TEST_CASE(knows_it_is_step_2) {
    for (const char* h : {"((hide_car 1) (choose 1))", "((hide_car 3) (choose 2))"}) {
        auto r = gdlsc("query " + mh + " --history " + quote(h) + " " + quote("(knows candidate (true (step ?n)))"));
        BOOST_TEST(r.out == "holds\n?n = 2\n");
    }
    auto p = gdlsc("prove " + mh + " --depth 1 --quiet " + quote("(or (true (step 1)) (knows candidate (true (step 2))))"));
    BOOST_TEST(p.code == 0);
}

BOOST_AUTO_TEST_CASE(never_knows_the_car_before_the_end) {
    auto p = gdlsc("prove " + mh + " --depth 4 --quiet " +
                   quote("(or terminal (not (exists ?d (knows candidate (true (car ?d))))))"));
    BOOST_TEST(p.code == 0);
    // at the end it does: the same formula without the terminal escape is refuted at depth 3
    auto q = gdlsc("prove " + mh + " --depth 4 --quiet --json " +
                   quote("(not (exists ?d (knows candidate (true (car ?d)))))"));
    BOOST_REQUIRE_EQUAL(q.code, 1);
    BOOST_TEST(json_of(q)["counterexample"]["depth"] == 3);
}

BOOST_AUTO_TEST_CASE(switching_wins_two_thirds) {
    std::string h = "--history " + quote("((hide_car 2) (choose 1)) ((open_door 3) noop)");
    auto other = gdlsc("belief " + mh + " --role candidate " + h + " " + quote("(true (car 2))") + " --json");
    BOOST_REQUIRE_EQUAL(other.code, 0);
    BOOST_TEST(json_of(other)["fraction"] == "2/3");
    BOOST_TEST(json_of(other)["developments"] == 2);
    auto chosen = gdlsc("belief " + mh + " --role candidate " + h + " " + quote("(true (car 1))") + " --json");
    BOOST_TEST(json_of(chosen)["fraction"] == "1/3");
    BOOST_TEST(std::abs(json_of(chosen)["probability"].get<double>() - 1.0 / 3) < 1e-9);
    auto text = gdlsc("belief " + mh + " --role candidate " + h + " " + quote("(true (car 2))"));
    BOOST_TEST(text.out.rfind("2/3 = 0.6666", 0) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(three_players_footnote_9) {
    std::string g = example("three_players/three_players.kif");
    std::string h = "--history " + quote("(noop noop noop (deal on tell))");
    BOOST_TEST(gdlsc("query " + g + " " + h + " " + quote("(knows p1 (true f))")).out == "holds\n");
    BOOST_TEST(gdlsc("query " + g + " " + h + " " + quote("(knows p2 (knows p1 (true f)))")).out == "holds\n");
    // p3 considers it possible that p1 does not know f (nor whether f)
    BOOST_TEST(gdlsc("query " + g + " " + h + " " + quote("(knows p3 (knows p1 (true f)))")).out == "does not hold\n");
    BOOST_TEST(gdlsc("query " + g + " " + h + " " + quote("(not (knows p3 (kwhether p1 (true f))))")).out == "holds\n");
    // and p2 knows that p3 does not know it
    BOOST_TEST(gdlsc("query " + g + " " + h + " " + quote("(knows p2 (not (knows p3 (knows p1 (true f)))))")).out ==
               "holds\n");
}
