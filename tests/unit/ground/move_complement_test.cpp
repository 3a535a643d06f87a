// A one-step program's move disjunctions by their complement (src/ground/move_complement.h):
// the rewritten program agrees with the original on every state and every joint move of one
// move per role (checked exhaustively on a program built by hand), and ground_step's
// programs have the expected rules.
#define BOOST_TEST_MODULE move_complement
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <set>

#include "ground/grounder.h"
#include "ground/move_complement.h"
#include "parsed_game.h"

using namespace gdlsc;
using ground::AtomId;
using ground::GroundProgram;
using ground::GroundRule;

namespace {

gdl::Term c(const std::string& s) { return gdl::Term::constant(s); }
gdl::Term f(const std::string& n, std::vector<gdl::Term> a) { return gdl::Term::compound(n, std::move(a)); }

// Roles p (moves (m 1) .. (m 5)) and q (noop, wait); fluents (on 1) .. (on 3); a static
// (ok 1 y) for y != 1 (one per move, as blindbreakthrough's distinctcell):
//   next(on y) :- true(on y), does(p, (m x)), (ok x y)      for x != y  -> 4 of 5 moves: rewritten
//   next(seen) :- does(p, (m x))                             for all x   -> no literal left
//   next(hit 1) :- does(p, (m 1))                            one move    -> kept
//   next(pair) :- does(p, (m 2)), does(q, noop)              two does    -> kept
//   next(qw) :- true(on 1), does(q, wait)                    one of two  -> kept
struct Hand {
    GroundProgram gp;
    std::vector<AtomId> on, does_p, does_q, heads;
};

Hand hand_program(bool ok_static) {
    Hand h;
    GroundProgram& gp = h.gp;
    gp.roles = {"p", "q"};
    for (int y = 1; y <= 3; ++y) h.on.push_back(gp.intern(f("true", {f("on", {c(std::to_string(y))})}), 0));
    for (int x = 1; x <= 5; ++x)
        h.does_p.push_back(gp.intern(f("does", {c("p"), f("m", {c(std::to_string(x))})}), 0));
    h.does_q.push_back(gp.intern(f("does", {c("q"), c("noop")}), 0));
    h.does_q.push_back(gp.intern(f("does", {c("q"), c("wait")}), 0));
    for (int y = 1; y <= 3; ++y) {
        AtomId head = gp.intern(f("next", {f("on", {c(std::to_string(y))})}), 0);
        h.heads.push_back(head);
        for (int x = 1; x <= 5; ++x) {
            if (x == y) continue;
            GroundRule r{head, {h.on[static_cast<std::size_t>(y - 1)], h.does_p[static_cast<std::size_t>(x - 1)]}, {}};
            if (ok_static) {
                AtomId ok = gp.intern(f("ok", {c(std::to_string(x)), c(std::to_string(y))}), -1);
                gp.rules.push_back({ok, {}, {}});  // a fact
                r.pos.push_back(ok);
            }
            gp.rules.push_back(r);
        }
    }
    AtomId seen = gp.intern(f("next", {c("seen")}), 0);
    AtomId hit = gp.intern(f("next", {f("hit", {c("1")})}), 0);
    AtomId pair = gp.intern(f("next", {c("pair")}), 0);
    AtomId qw = gp.intern(f("next", {c("qw")}), 0);
    h.heads.insert(h.heads.end(), {seen, hit, pair, qw});
    for (AtomId d : h.does_p) gp.rules.push_back({seen, {d}, {}});
    gp.rules.push_back({hit, {h.does_p[0]}, {}});
    gp.rules.push_back({pair, {h.does_p[1], h.does_q[0]}, {}});
    gp.rules.push_back({qw, {h.on[0], h.does_q[1]}, {}});
    return h;
}

// The least model given the inputs (no negation but on inputs in these programs).
std::vector<char> model(const GroundProgram& gp, const std::vector<AtomId>& inputs) {
    std::vector<char> v(gp.atoms.size(), 0);
    for (AtomId a : inputs) v[a] = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (const GroundRule& r : gp.rules) {
            if (v[r.head]) continue;
            if (std::all_of(r.pos.begin(), r.pos.end(), [&](AtomId b) { return v[b] != 0; }) &&
                std::none_of(r.neg.begin(), r.neg.end(), [&](AtomId b) { return v[b] != 0; }))
                v[r.head] = 1, changed = true;
        }
    }
    return v;
}

// The heads on which the two programs differ, over every state (subset of the fluents) and
// every joint move of one move per role.
std::size_t differences(const Hand& before, const Hand& after) {
    std::size_t n = 0;
    for (unsigned s = 0; s < 8; ++s)
        for (AtomId dp : before.does_p)
            for (AtomId dq : before.does_q) {
                std::vector<AtomId> in{dp, dq};
                for (unsigned y = 0; y < 3; ++y)
                    if (s >> y & 1) in.push_back(before.on[y]);
                const auto a = model(before.gp, in), b = model(after.gp, in);
                for (AtomId hd : before.heads) n += a[hd] != b[hd];
            }
    return n;
}

std::set<std::string> texts(const GroundProgram& gp) {
    std::set<std::string> out;
    for (const auto& r : gp.rules) out.insert(gp.rule_text(r));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(groups_become_their_complement_and_mean_the_same) {
    for (bool ok_static : {false, true}) {
        const Hand before = hand_program(ok_static);
        Hand after = before;
        const std::size_t removed = ground::complement_move_groups(after.gp);
        // on 1..3: 4 rules -> 1 each; seen: 5 -> 1.
        BOOST_TEST(removed == 3u * 3u + 4u);
        const auto t = texts(after.gp);
        BOOST_TEST(t.count("(next@0 (on 2)) :- (true@0 (on 2)), not (does@0 p (m 2))") == 1u, ok_static);
        BOOST_TEST(t.count("(next@0 seen)") == 1u);  // every move of p: no literal left
        BOOST_TEST(t.count("(next@0 (hit 1)) :- (does@0 p (m 1))") == 1u);
        BOOST_TEST(t.count("(next@0 pair) :- (does@0 p (m 2)), (does@0 q noop)") == 1u);
        BOOST_TEST(t.count("(next@0 qw) :- (true@0 (on 1)), (does@0 q wait)") == 1u);
        BOOST_TEST(differences(before, after) == 0u);
    }
}

BOOST_AUTO_TEST_CASE(the_comparison_sees_a_complement_that_misses_a_move) {
    // The check above can fail: the rule of (on 1) without its "not (does p (m 1))" (a
    // universe that forgot (m 1)) keeps (on 1) when p moves it.
    const Hand before = hand_program(false);
    Hand after = before;
    ground::complement_move_groups(after.gp);
    for (auto& r : after.gp.rules)
        if (r.head == before.heads[0]) r.neg.erase(std::remove(r.neg.begin(), r.neg.end(), before.does_p[0]), r.neg.end());
    BOOST_TEST(differences(before, after) > 0u);
}

BOOST_AUTO_TEST_CASE(ground_step_rewrites_frame_rules) {
    test::ParsedGame g = test::game_from_text(R"(
        (role p) (role q)
        (n 1) (n 2) (n 3) (n 4)
        (init (on 1))
        (<= (legal p (m ?x)) (n ?x))
        (<= (legal q noop))
        (<= (next (on ?y)) (true (on ?y)) (does p (m ?x)) (distinct ?x ?y))
        (<= (next (on ?x)) (does p (m ?x)))
        (<= (sees q moved) (does p (m ?x)))
        (<= terminal (true (on 4)))
        (<= (goal p 100) (true (on 4)))
        (<= (goal q 0) (true (on 4))))");
    const GroundProgram gp = ground::ground_step(g.program, g.analysis);
    const auto t = texts(gp);
    BOOST_TEST(t.count("(next@0 (on 3)) :- (true@0 (on 3)), not (does@0 p (m 3))") == 1u);
    BOOST_TEST(t.count("(sees@0 q moved)") == 1u);
    BOOST_TEST(t.count("(next@0 (on 3)) :- (does@0 p (m 3))") == 1u);
    std::size_t on3 = 0;
    for (const auto& r : gp.rules) on3 += gp.atoms[r.head].atom.to_kif() == "(next (on 3))";
    BOOST_TEST(on3 == 2u);  // the frame rule once, the move's rule once
}
