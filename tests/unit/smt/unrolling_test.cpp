// The ground step program in Z3 (src/smt/unrolling.h) on the coin game of
// tests/support/coin_game.h and on a hand program with a positive loop. StepAtoms reads the
// atoms by meaning (5 fluents, the moves of each role, who sees what, the goals, terminal,
// which fluent has no next rule); one_hot_groups finds (step 0|1|2) and (coin heads|tails).
// In both encodings (Constraints, Definitions), enumerating the models of one copy from the
// initial state gives exactly the two developments of step 1 (heads, tails) with the right
// fluents after them, no joint move once terminal, and same_view ties the moves and
// percepts of the two copies. A positive loop (r1 <- r2, r2 <- r1, r1 <- on) is true exactly
// when `on` holds: the level ranking (Constraints) and the unfolding (Definitions) both
// exclude the unsupported model the completion alone would allow.
#define BOOST_TEST_MODULE smt_unrolling
#include <boost/test/unit_test.hpp>

#include <z3++.h>

#include <set>
#include <string>
#include <vector>

#include "coin_game.h"
#include "smt/unrolling.h"

using namespace gdlsc;
using smt::StepAtoms;
using smt::Unrolling;

namespace {

std::size_t fluent_index(const StepAtoms& sa, const std::string& kif) {
    for (std::size_t i = 0; i < sa.fluents.size(); ++i)
        if (sa.fluents[i].to_kif() == kif) return i;
    BOOST_FAIL("no fluent " + kif);
    return 0;
}

std::size_t move_index(const StepAtoms& sa, std::size_t role, const std::string& kif) {
    for (std::size_t i = 0; i < sa.moves[role].size(); ++i)
        if (sa.moves[role][i].to_kif() == kif) return i;
    BOOST_FAIL("no move " + kif);
    return 0;
}

std::set<std::string> kifs(const std::vector<gdl::Term>& ts) {
    std::set<std::string> out;
    for (const auto& t : ts) out.insert(t.to_kif());
    return out;
}

// The fluents of copy c at step t in the model.
std::set<std::string> state(Unrolling& u, const z3::model& m, int c, std::size_t t) {
    std::set<std::string> out;
    for (std::size_t i = 0; i < u.sa.fluents.size(); ++i)
        if (m.eval(u.fluent(c, t, i), true).is_true()) out.insert(u.sa.fluents[i].to_kif());
    return out;
}

// The joint move of copy c at step t in the model (Unrolling::witness reads both copies).
std::vector<std::string> joint(Unrolling& u, const z3::model& m, int c, std::size_t t) {
    std::vector<std::string> out;
    for (std::size_t r = 0; r < u.sa.does_of.size(); ++r)
        for (std::size_t k = 0; k < u.sa.does_of[r].size(); ++k)
            if (m.eval(u.vars[c][t][u.sa.does_of[r][k]], true).is_true()) out.push_back(u.sa.moves[r][k].to_kif());
    return out;
}

const Unrolling::Encoding kEncodings[] = {Unrolling::Constraints, Unrolling::Definitions};

}  // namespace

BOOST_AUTO_TEST_CASE(step_atoms_reads_the_atoms_by_meaning) {
    const auto g = test::step_game(test::coin_game_text());
    const StepAtoms sa(g.program());
    BOOST_TEST(kifs(sa.fluents) == (std::set<std::string>{"(step 0)", "(step 1)", "(step 2)", "(coin heads)",
                                                         "(coin tails)"}));
    BOOST_TEST(sa.true_of.size() == sa.fluents.size());
    BOOST_TEST(sa.next_of.size() == sa.fluents.size());
    BOOST_TEST(sa.next_of[fluent_index(sa, "(step 0)")] == smt::kNoAtom);  // nothing makes step 0 again
    BOOST_TEST(sa.next_of[fluent_index(sa, "(step 1)")] != smt::kNoAtom);
    BOOST_TEST(sa.next_of[fluent_index(sa, "(coin heads)")] != smt::kNoAtom);
    BOOST_TEST(kifs(sa.moves[0]) == (std::set<std::string>{"(flip heads)", "(flip tails)", "noop"}));
    BOOST_TEST(kifs(sa.moves[1]) == (std::set<std::string>{"noop", "a", "b"}));
    for (std::size_t r = 0; r < 2; ++r) {
        BOOST_TEST(sa.does_of[r].size() == sa.moves[r].size());
        BOOST_TEST(sa.legal_of[r].size() == sa.moves[r].size());
        for (auto l : sa.legal_of[r]) BOOST_TEST(l != smt::kNoAtom);
    }
    BOOST_TEST(sa.sees_of[0].size() == 2u);  // random sees its coin
    BOOST_TEST(sa.sees_of[1].empty());       // player sees nothing
    BOOST_TEST(sa.goal_of[0].size() == 1u);
    BOOST_TEST(sa.goal_of[1].size() == 2u);
    BOOST_TEST(sa.terminal != smt::kNoAtom);
    for (auto a : sa.true_of) BOOST_TEST(sa.input[a]);
    for (std::size_t a = 0; a < sa.loop.size(); ++a) BOOST_TEST(sa.loop[a] == -1);  // no positive loop
    // with player seeing the coin, its percepts are read too
    const auto seen = test::step_game(test::coin_game_text(true));
    BOOST_TEST(StepAtoms(seen.program()).sees_of[1].size() == 2u);
}

BOOST_AUTO_TEST_CASE(one_hot_groups_are_fluents_equal_but_in_one_argument) {
    const auto g = test::step_game(test::coin_game_text());
    const StepAtoms sa(g.program());
    const auto groups = smt::one_hot_groups(sa, 10);
    std::set<std::set<std::string>> named;
    for (const auto& grp : groups) {
        std::set<std::string> n;
        for (std::size_t v : grp) {
            BOOST_TEST(v >= 10u);
            n.insert(sa.fluents.at(v - 10).to_kif());
        }
        named.insert(n);
    }
    BOOST_TEST(named == (std::set<std::set<std::string>>{{"(step 0)", "(step 1)", "(step 2)"},
                                                        {"(coin heads)", "(coin tails)"}}));
}

BOOST_AUTO_TEST_CASE(one_copy_from_the_initial_state_has_the_two_developments_of_the_coin) {
    const auto g = test::step_game(test::coin_game_text());
    const StepAtoms sa(g.program());
    for (auto e : kEncodings) {
        BOOST_TEST_CONTEXT((e == Unrolling::Constraints ? "constraints" : "definitions")) {
            z3::context ctx;
            z3::solver s(ctx);
            Unrolling u(g.program(), sa, ctx, [&s](const z3::expr& x) { s.add(x); }, "", e);
            u.add_step(0);
            u.initial(0, {"(step 0)"});
            u.moves(0, 0);
            u.add_step(0);
            // enumerate the models, told apart by the moves of step 0
            std::set<std::set<std::string>> after;
            std::set<std::string> flips;
            for (int n = 0; n < 10 && s.check() == z3::sat; ++n) {
                const z3::model m = s.get_model();
                const auto j = joint(u, m, 0, 0);  // exactly one move per role
                BOOST_TEST_REQUIRE(j.size() == 2u);
                BOOST_TEST(j[1] == "noop");
                flips.insert(j[0]);
                const auto st = state(u, m, 0, 1);
                after.insert(st);
                BOOST_TEST(st == (std::set<std::string>{"(step 1)", j[0] == "(flip heads)"
                                                                        ? "(coin heads)"
                                                                        : "(coin tails)"}));
                BOOST_TEST(state(u, m, 0, 0) == (std::set<std::string>{"(step 0)"}));
                BOOST_TEST(m.eval(u.atom(0, 1, sa.terminal), true).is_false());
                z3::expr_vector block(ctx);
                for (std::size_t r = 0; r < 2; ++r)
                    for (auto d : sa.does_of[r]) block.push_back(u.vars[0][0][d] != m.eval(u.vars[0][0][d], true));
                s.add(z3::mk_or(block));
            }
            BOOST_TEST(flips == (std::set<std::string>{"(flip heads)", "(flip tails)"}));
            BOOST_TEST(after.size() == 2u);
        }
    }
}

BOOST_AUTO_TEST_CASE(no_joint_move_is_done_in_a_terminal_state) {
    const auto g = test::step_game(test::coin_game_text());
    const StepAtoms sa(g.program());
    for (auto e : kEncodings) {
        BOOST_TEST_CONTEXT((e == Unrolling::Constraints ? "constraints" : "definitions")) {
            z3::context ctx;
            z3::solver s(ctx);
            Unrolling u(g.program(), sa, ctx, [&s](const z3::expr& x) { s.add(x); }, "", e);
            u.add_step(0);
            u.initial(0, {"(step 0)"});
            for (std::size_t t = 0; t < 2; ++t) {
                u.moves(0, t);
                u.add_step(0);
            }
            BOOST_TEST(s.check() == z3::sat);  // two steps are played
            s.push();
            s.add(u.atom(0, 2, sa.terminal));
            BOOST_TEST(s.check() == z3::sat);  // and the state after them is terminal
            s.pop();
            s.add(!u.atom(0, 2, sa.terminal));
            BOOST_TEST(s.check() == z3::unsat);  // always
            // b at step 2 only after heads: the player's legal move depends on the coin
            z3::solver s2(ctx);
            Unrolling v(g.program(), sa, ctx, [&s2](const z3::expr& x) { s2.add(x); }, "v", e);
            v.add_step(0);
            v.initial(0, {"(step 0)"});
            v.moves(0, 0);
            v.add_step(0);
            v.moves(0, 1);
            v.add_step(0);
            s2.add(v.vars[0][1][sa.does_of[1][move_index(sa, 1, "b")]]);
            s2.add(v.vars[0][0][sa.does_of[0][move_index(sa, 0, "(flip tails)")]]);
            BOOST_TEST(s2.check() == z3::unsat);
            // a third joint move: none, the state after two is terminal
            z3::solver s3(ctx);
            Unrolling w(g.program(), sa, ctx, [&s3](const z3::expr& x) { s3.add(x); }, "w", e);
            w.add_step(0);
            w.initial(0, {"(step 0)"});
            for (std::size_t t = 0; t < 3; ++t) {
                w.moves(0, t);
                w.add_step(0);
            }
            BOOST_TEST(w.vars[0].size() == 4u);
            BOOST_TEST(s3.check() == z3::unsat);
        }
    }
}

BOOST_AUTO_TEST_CASE(same_view_ties_the_moves_and_percepts_of_a_role) {
    const auto g = test::step_game(test::coin_game_text());
    const StepAtoms sa(g.program());
    z3::context ctx;
    z3::solver s(ctx);
    Unrolling u(g.program(), sa, ctx, [&s](const z3::expr& x) { s.add(x); }, "");
    for (int c = 0; c < 2; ++c) {
        u.add_step(c);
        u.initial(c, {"(step 0)"});
        u.moves(c, 0);
    }
    for (int c = 0; c < 2; ++c) u.add_step(c);  // step 1 (outside every scope below)
    // the flips differ in the two copies
    const auto heads = sa.does_of[0][move_index(sa, 0, "(flip heads)")];
    s.add(u.vars[0][0][heads] && !u.vars[1][0][heads]);
    s.push();
    u.same_view(1, 0, true);  // player: its noop and no percepts -- possible
    BOOST_TEST_REQUIRE(s.check() == z3::sat);
    {
        const auto w = u.witness(s.get_model(), 1);
        BOOST_TEST(w.depth == 1u);
        BOOST_TEST_REQUIRE(w.actual.size() == 1u);
        BOOST_TEST_REQUIRE(w.alternative.size() == 1u);
        BOOST_TEST(w.actual[0].size() == 2u);
        BOOST_TEST(w.actual[0][0].to_kif() == "(flip heads)");
        BOOST_TEST(w.alternative[0][0].to_kif() == "(flip tails)");
        BOOST_TEST(w.actual[0][1].to_kif() == "noop");
        BOOST_TEST(w.alternative[0][1].to_kif() == "noop");
    }
    s.pop();
    s.push();
    u.same_view(0, 0, false);  // random's percepts (the coin) alone tell them apart
    BOOST_TEST(s.check() == z3::unsat);
    s.pop();
    s.push();
    u.same_view(0, 0, true);  // and its moves
    BOOST_TEST(s.check() == z3::unsat);
    s.pop();
    // the violations: at step 0 the two copies are one state
    s.push();
    s.add(u.violation(smt::TwoCopyProperty::Legal, 1, 1));  // b legal in one copy only
    BOOST_TEST(s.check() == z3::sat);
    s.pop();
    s.push();
    s.add(u.violation(smt::TwoCopyProperty::Legal, 1, 0));
    BOOST_TEST(s.check() == z3::unsat);
    s.pop();
    s.push();
    s.add(u.violation(smt::TwoCopyProperty::Terminal, 1, 1));
    BOOST_TEST(s.check() == z3::unsat);
    s.pop();
    s.add(u.violation(smt::TwoCopyProperty::PerfectInformation, 1, 1));
    BOOST_TEST(s.check() == z3::sat);
}

namespace {

// A positive loop: r1 and r2 support each other; only `on` starts them. next(on) <- r2 keeps
// them relevant. Without the ranking the completion allows r1 = r2 = true with on false.
const char* kLoop = R"((role p)
(init on)
(legal p go)
(<= r1 r2)
(<= r2 r1)
(<= r1 (true on))
(<= (next on) r2)
(<= (next off) (true on))
(<= terminal (true off))
(goal p 0)
)";

}  // namespace

BOOST_AUTO_TEST_CASE(a_positive_loop_is_true_only_when_supported) {
    const auto g = test::step_game(kLoop);
    const StepAtoms sa(g.program());
    std::set<int> loops;
    for (int l : sa.loop)
        if (l >= 0) loops.insert(l);
    BOOST_TEST(loops.size() == 1u);  // r1 and r2
    std::int64_t r1 = smt::kNoAtom;
    r1 = g.program().find(gdl::Term::constant("r1"), 0);
    BOOST_TEST_REQUIRE(r1 != smt::kNoAtom);
    BOOST_TEST(sa.loop[static_cast<std::size_t>(r1)] >= 0);
    const std::size_t on = fluent_index(sa, "on");
    for (auto e : kEncodings) {
        BOOST_TEST_CONTEXT((e == Unrolling::Constraints ? "constraints" : "definitions")) {
            z3::context ctx;
            z3::solver s(ctx);
            Unrolling u(g.program(), sa, ctx, [&s](const z3::expr& x) { s.add(x); }, "", e);
            u.add_step(0);
            u.add_step(0);  // step 1: on@1 is r2@0
            s.push();
            s.add(!u.fluent(0, 0, on) && u.atom(0, 0, r1));
            BOOST_TEST(s.check() == z3::unsat);  // unsupported
            s.pop();
            s.push();
            s.add(!u.fluent(0, 0, on) && u.fluent(0, 1, on));
            BOOST_TEST(s.check() == z3::unsat);
            s.pop();
            s.push();
            s.add(u.fluent(0, 0, on) && !u.atom(0, 0, r1));
            BOOST_TEST(s.check() == z3::unsat);  // supported: true
            s.pop();
            s.add(u.fluent(0, 0, on));
            BOOST_TEST(s.check() == z3::sat);
            BOOST_TEST(s.get_model().eval(u.fluent(0, 1, on), true).is_true());
        }
    }
}
