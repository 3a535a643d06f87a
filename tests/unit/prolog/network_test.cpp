// The step network as the foreign predicate gdlsc_network:k_step/5 (src/prolog/network.h),
// called through the embedded engine on Krieg-TicTacToe (examples/, Schiffel & Thielscher
// 2011, Fig. 1). Known answers by hand from the rules: at s0 oplayer's noop goes with x's 9
// marks, each valid, after which oplayer sees `yourmove`; after that, oplayer's (mark 1 1) is
// invalid (it sees `yourmove` again) in exactly the one state where x marked (1,1). Every child
// is also checked against the game's rules in Prolog (Engine::next_state and percepts). And
// what k_step does with inputs outside the network, and with no network at all (network_info).
#define BOOST_TEST_MODULE prolog_network
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "game_paths.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "kif_terms.h"
#include "network/step_network.h"
#include "prolog/engine.h"
#include "sc/emit_prolog.h"

using namespace gdlsc;
using gdl::Term;
using test::c;
using test::v;
using test::f;

namespace {

Term mark(int m, int n) { return f("mark", {c(std::to_string(m)), c(std::to_string(n))}); }
Term cell(int m, int n, const char* z) { return f("cell", {c(std::to_string(m)), c(std::to_string(n)), c(z)}); }

std::string kif(const std::vector<Term>& ts) {
    std::string s;
    for (const auto& t : ts) s += (s.empty() ? "" : " ") + t.to_kif();
    return s;
}

struct Krieg {
    gdl::Program program;
    gdl::Analysis analysis;
};

const Krieg& krieg() {
    static const Krieg k = [] {
        gdl::Diagnostics d;
        Krieg g;
        g.program = gdl::read_game_file(test::example("krieg_tictactoe/krieg_tictactoe.kif"), d);
        BOOST_REQUIRE(!d.has_errors());
        g.analysis = gdl::analyze(g.program);
        return g;
    }();
    return k;
}

pl::Engine& loaded(pl::NetworkSource source = {}) {
    auto& e = pl::Engine::instance();
    e.load_game(krieg().program, krieg().analysis, std::move(source));
    return e;
}

bool has(const std::vector<Term>& ts, const Term& t) { return std::find(ts.begin(), ts.end(), t) != ts.end(); }

struct Child {
    std::vector<Term> state;
    int k = 0;                  // 1-based parent of the first child
    std::vector<Term> joint;    // its joint move, one per role
    std::vector<int> ks;        // the parent of every child
};
struct Result {
    bool ok = false;  // k_step succeeded
    std::vector<int> ds;
    std::vector<Child> children;
};

int number(const Term& t) { return std::stoi(t.name); }

// gdlsc_network:k_step(Parents, Role, Move, Percepts, R), Role an integer (atom_number/2 makes it
// one: every gdl constant goes in as an atom).
Result k_step(pl::Engine& e, const std::vector<std::vector<Term>>& parents, const std::string& role, const Term& move,
              const std::vector<Term>& percepts) {
    std::vector<Term> ps;
    for (const auto& p : parents) ps.push_back(gdl::make_list(p));
    Term call = f(":", {c("gdlsc_network"), f("k_step", {gdl::make_list(ps), v("i"), move, gdl::make_list(percepts), v("r")})});
    auto rows = e.solve("system", ",", {f("atom_number", {c(role), v("i")}), call}, 1);
    Result r;
    if (rows.empty()) return r;
    r.ok = true;
    const Term& t = rows[0].at("r");
    BOOST_REQUIRE(t.name == "r" && t.args.size() == 2u);
    for (const auto& d : gdl::list_items(t.args[0])) r.ds.push_back(number(d));
    for (const auto& ct : gdl::list_items(t.args[1])) {
        BOOST_REQUIRE(ct.name == "c" && ct.args.size() == 4u);
        Child ch;
        ch.state = gdl::list_items(ct.args[0]);
        ch.k = number(ct.args[1]);
        BOOST_REQUIRE(ct.args[2].name == "a");
        ch.joint = ct.args[2].args;
        for (const auto& k : gdl::list_items(ct.args[3])) ch.ks.push_back(number(k));
        r.children.push_back(std::move(ch));
    }
    return r;
}

std::vector<Term> sorted(std::vector<Term> ts) {
    std::sort(ts.begin(), ts.end(), gdl::standard_order_less);
    return ts;
}

// Every child against the rules in Prolog: the state its first joint move reaches from its
// parent, the role's move in that joint move, the percepts; states sorted, children in standard
// order of their states, no two alike.
void check_against_rules(pl::Engine& e, const std::vector<std::vector<Term>>& parents, std::size_t role, const Term& move,
                         const std::vector<Term>& percepts, const Result& r) {
    for (std::size_t i = 0; i < r.children.size(); ++i) {
        const Child& ch = r.children[i];
        BOOST_REQUIRE(ch.k >= 1 && static_cast<std::size_t>(ch.k) <= parents.size());
        BOOST_REQUIRE(!ch.ks.empty());
        BOOST_TEST(ch.ks.front() == ch.k);
        BOOST_TEST(ch.joint.at(role) == move);
        auto parent = e.make_state(parents[ch.k - 1]);
        BOOST_TEST(kif(e.fluents(e.next_state(parent, ch.joint))) == kif(ch.state));
        BOOST_TEST(kif(e.percepts(e.roles()[role], ch.joint, parent)) == kif(percepts));
        BOOST_TEST(std::is_sorted(ch.state.begin(), ch.state.end(), gdl::standard_order_less));
        if (i > 0)
            BOOST_TEST(gdl::standard_order_less(gdl::make_list(r.children[i - 1].state), gdl::make_list(ch.state)),
                       "children not in strictly increasing standard order at " << i);
    }
}

// The 9 states after x's first mark, as oplayer (who saw `yourmove`) cannot tell them apart.
std::vector<std::vector<Term>> after_first_mark(pl::Engine& e) {
    auto s0 = e.fluents(e.initial_state());
    Result r = k_step(e, {s0}, "2", c("noop"), {c("yourmove")});
    std::vector<std::vector<Term>> out;
    for (const auto& ch : r.children) out.push_back(ch.state);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(oplayer_after_the_first_move_has_nine_states) {
    auto& e = loaded();
    BOOST_TEST(e.solve("gdlsc_network", "network_info", {c("none")}).size() == 1u);  // not built yet
    auto s0 = e.fluents(e.initial_state());
    Result r = k_step(e, {s0}, "2", c("noop"), {c("yourmove")});
    BOOST_REQUIRE(r.ok);
    BOOST_TEST(r.ds == std::vector<int>{9}, boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(r.children.size(), 9u);
    std::vector<Term> marked;
    for (const auto& ch : r.children) {
        BOOST_TEST(ch.k == 1);
        BOOST_TEST(ch.ks == std::vector<int>{1}, boost::test_tools::per_element());
        BOOST_TEST(has(ch.state, f("control", {c("oplayer")})));
        BOOST_TEST(ch.joint.at(1) == c("noop"));
        marked.push_back(ch.joint.at(0));
        int xs = 0;
        for (const auto& fl : ch.state) xs += fl.name == "cell" && fl.args[2] == c("x");
        BOOST_TEST(xs == 1);
    }
    std::vector<Term> all;
    for (int m = 1; m <= 3; ++m)
        for (int n = 1; n <= 3; ++n) all.push_back(mark(m, n));
    BOOST_TEST(kif(sorted(marked)) == kif(sorted(all)));
    check_against_rules(e, {s0}, 1, c("noop"), {c("yourmove")}, r);
    // the built network is reported, with its size
    auto info = e.solve("gdlsc_network", "network_info", {v("i")});
    BOOST_REQUIRE_EQUAL(info.size(), 1u);
    BOOST_TEST(info[0].at("i").name == "network");

    // oplayer always sees yourmove here: with no percepts, the 9 joint moves have no child
    Result none = k_step(e, {s0}, "2", c("noop"), {});
    BOOST_REQUIRE(none.ok);
    BOOST_TEST(none.ds == std::vector<int>{9}, boost::test_tools::per_element());
    BOOST_TEST(none.children.empty());
}

BOOST_AUTO_TEST_CASE(xplayer_knows_its_own_valid_mark) {
    auto& e = loaded();
    auto s0 = e.fluents(e.initial_state());
    Result r = k_step(e, {s0}, "1", mark(1, 1), {});
    BOOST_REQUIRE(r.ok);
    BOOST_TEST(r.ds == std::vector<int>{1}, boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(r.children.size(), 1u);
    BOOST_TEST(kif(r.children[0].joint) == "(mark 1 1) noop");
    BOOST_TEST(has(r.children[0].state, cell(1, 1, "x")));
    BOOST_TEST(!has(r.children[0].state, cell(1, 1, "b")));
    check_against_rules(e, {s0}, 0, mark(1, 1), {}, r);
    // a valid mark of x makes x see nothing
    BOOST_TEST(k_step(e, {s0}, "1", mark(1, 1), {c("yourmove")}).children.empty());
    // the same parent twice: one child, from both
    Result twice = k_step(e, {s0, s0}, "1", mark(2, 3), {});
    BOOST_TEST(twice.ds == (std::vector<int>{1, 1}), boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(twice.children.size(), 1u);
    BOOST_TEST(twice.children[0].k == 1);
    BOOST_TEST(twice.children[0].ks == (std::vector<int>{1, 2}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(oplayer_learns_where_x_is_only_when_its_mark_fails) {
    auto& e = loaded();
    const auto parents = after_first_mark(e);
    BOOST_REQUIRE_EQUAL(parents.size(), 9u);
    std::size_t x11 = 0;  // the parent where x marked (1,1)
    for (std::size_t i = 0; i < parents.size(); ++i)
        if (has(parents[i], cell(1, 1, "x"))) x11 = i + 1;
    BOOST_REQUIRE(x11 != 0u);

    // invalid (the cell is x's): nothing changes but tried(1,1), and oplayer sees yourmove
    Result failed = k_step(e, parents, "2", mark(1, 1), {c("yourmove")});
    BOOST_REQUIRE(failed.ok);
    BOOST_TEST(failed.ds == std::vector<int>(9, 1), boost::test_tools::per_element());  // x's noop, in each
    BOOST_REQUIRE_EQUAL(failed.children.size(), 1u);
    BOOST_TEST(failed.children[0].k == static_cast<int>(x11));
    BOOST_TEST(has(failed.children[0].state, f("tried", {c("1"), c("1")})));
    BOOST_TEST(has(failed.children[0].state, f("control", {c("oplayer")})));
    check_against_rules(e, parents, 1, mark(1, 1), {c("yourmove")}, failed);

    // valid: the other 8 states, o at (1,1), and x to move
    Result valid = k_step(e, parents, "2", mark(1, 1), {});
    BOOST_REQUIRE_EQUAL(valid.children.size(), 8u);
    for (const auto& ch : valid.children) {
        BOOST_TEST(ch.k != static_cast<int>(x11));
        BOOST_TEST(has(ch.state, cell(1, 1, "o")));
        BOOST_TEST(has(ch.state, f("control", {c("xplayer")})));
    }
    check_against_rules(e, parents, 1, mark(1, 1), {}, valid);
}

BOOST_AUTO_TEST_CASE(inputs_outside_the_network_fail) {
    auto& e = loaded();
    auto s0 = e.fluents(e.initial_state());
    BOOST_TEST(k_step(e, {s0}, "1", mark(1, 1), {}).ok);  // the control
    BOOST_TEST(!k_step(e, {s0}, "0", mark(1, 1), {}).ok);  // roles are 1-based
    BOOST_TEST(!k_step(e, {s0}, "3", mark(1, 1), {}).ok);  // two roles
    BOOST_TEST(!k_step(e, {s0}, "1", mark(4, 4), {}).ok);  // no such move
    BOOST_TEST(!k_step(e, {s0}, "1", mark(1, 1), {c("nothing")}).ok);  // no such percept
    auto odd = s0;
    odd.push_back(cell(9, 9, "b"));  // a fluent the grounding never made
    BOOST_TEST(!k_step(e, {odd}, "1", mark(1, 1), {}).ok);
    // not legal in the parent: (mark 1 1) of oplayer at s0, where x has control; no children
    Result illegal = k_step(e, {s0}, "2", mark(1, 1), {});
    BOOST_REQUIRE(illegal.ok);
    BOOST_TEST(illegal.ds == std::vector<int>{0}, boost::test_tools::per_element());
    BOOST_TEST(illegal.children.empty());
}

BOOST_AUTO_TEST_CASE(without_a_network_k_step_fails_and_says_why) {
    auto& e = pl::Engine::instance();
    // generated text: no network
    e.load_game_text(sc::emit_prolog(krieg().program, krieg().analysis), krieg().analysis.roles);
    auto s0 = e.fluents(e.initial_state());
    BOOST_TEST(!k_step(e, {s0}, "1", mark(1, 1), {}).ok);
    auto info = e.solve("gdlsc_network", "network_info", {f("no_network", {v("ms"), v("cpu"), v("why")})});
    BOOST_REQUIRE_EQUAL(info.size(), 1u);
    BOOST_TEST(info[0].at("why").name == "the game was loaded from generated text");

    // a source that has none: its reason, without the advice meant for query --engine smt; asked once
    int asked = 0;
    loaded([&](std::string& why) -> std::shared_ptr<const ground::StepNetwork> {
        ++asked;
        why = "3 atoms too many; use a shorter history or --engine progression";
        return nullptr;
    });
    BOOST_TEST(!k_step(e, {s0}, "1", mark(1, 1), {}).ok);
    BOOST_TEST(!k_step(e, {s0}, "1", mark(1, 1), {}).ok);
    BOOST_TEST(asked == 1);
    info = e.solve("gdlsc_network", "network_info", {f("no_network", {v("ms"), v("cpu"), v("why")})});
    BOOST_REQUIRE_EQUAL(info.size(), 1u);
    BOOST_TEST(info[0].at("why").name == "3 atoms too many");

    // one that throws: not out of the foreign predicate, but the reason kept
    loaded([](std::string&) -> std::shared_ptr<const ground::StepNetwork> { throw std::runtime_error("boom"); });
    BOOST_TEST(!k_step(e, {s0}, "1", mark(1, 1), {}).ok);
    info = e.solve("gdlsc_network", "network_info", {f("no_network", {v("ms"), v("cpu"), v("why")})});
    BOOST_REQUIRE_EQUAL(info.size(), 1u);
    BOOST_TEST(info[0].at("why").name == "the step network cannot be built: boom");

    // and one that is not applicable (knows in the rules, say)
    loaded([](std::string&) -> std::shared_ptr<const ground::StepNetwork> {
        throw ground::NotApplicable("the rules use knows");
    });
    BOOST_TEST(!k_step(e, {s0}, "1", mark(1, 1), {}).ok);
    info = e.solve("gdlsc_network", "network_info", {f("no_network", {v("ms"), v("cpu"), v("why")})});
    BOOST_REQUIRE_EQUAL(info.size(), 1u);
    BOOST_TEST(info[0].at("why").name == "the rules use knows");
}
