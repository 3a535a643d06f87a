// An independent reference for GDL-III: the game translated here into one answer set program
// over sequences, the paper's approach (Thielscher 2016: every state-dependent predicate gets
// a sequence argument), solved by clingo; its legal moves, terminal and goals at every
// development up to a horizon (or a deterministic sample of them) are compared with what the
// gdlsc binary answers for the same history. Knowledge is the ASP reading of the semantics:
//
//   ind(R, s0, s0).   ind(R, c(S1,A1), c(S2,A2)) :- ind(R, S1, S2), same move of R in A1
//                     and A2, and not different percepts of R;
//   k_j(R, X, S) :- P(X, S), not nk_j(R, X, S).   nk_j(R, X, S) :- P(X, S), ind(R, S, S2), not P(X, S2).
//
// and common knowledge over reach/2, the transitive closure of the agents' ind. Every
// state-dependent predicate is written once per depth (the paper's time argument, in the
// name), so the program is stratified and its unique answer set is computed by grounding.
// Nothing here shares code with gdlsc's runtime (prolog/gdlsc_developments.pl) beyond the
// reader of game files. A mutant reference (knowledge over every development of a depth)
// shows that the comparison fails when the semantics differ.
#define BOOST_TEST_MODULE knowledge_gdl3_clingo
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "asp.h"
#include "gdl/analysis.h"
#include "gdl/reader.h"
#include "gdl/validate.h"
#include "run_gdlsc.h"

using namespace gdlsc;
using gdl::Literal;
using gdl::PredicateClass;
using gdl::Signature;
using gdl::Term;
namespace asp = gdlsc::test::asp;

namespace {

std::string example(const std::string& rel) { return std::string(GDLSC_SOURCE_DIR) + "/examples/" + rel; }

struct Clingo {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        if (!test::find_on_path("clingo").empty()) return true;
        boost::test_tools::assertion_result r(false);
        r.message() << "clingo is not on PATH (Debian package gringo; scripts/install-deps installs it)";
        return r;
    }
};

// ---- the translation ---------------------------------------------------------------

class Encoder {
public:
    /// `mutant`: knowledge over every development of the same depth instead of the information
    /// set -- a wrong reference, to show that the comparison can fail.
    Encoder(const gdl::Program& p, const gdl::Analysis& a, int horizon, bool mutant = false)
        : p_(p), a_(a), horizon_(horizon), mutant_(mutant) {
        for (const auto& [s, info] : a.predicates) cls_[s] = forced(s, info.cls);
        // A relation with knows in a body depends on the situation.
        for (const auto& r : p.rules)
            for (const auto& l : r.body)
                gdl::for_each_atom(l, [&](const Term& t, bool) {
                    if (t.name == "knows") cls_[gdl::signature(r.head)] = std::max(cls_[gdl::signature(r.head)], PredicateClass::DerivedFluent);
                });
        for (bool changed = true; changed;) {
            changed = false;
            for (auto& [s, c] : cls_) {
                auto e = a.edges.find(s);
                if (e == a.edges.end()) continue;
                for (const auto& d : e->second) {
                    auto it = cls_.find(d.to);
                    if (it != cls_.end() && it->second > c) {
                        c = it->second;
                        changed = true;
                    }
                }
            }
        }
    }

    // Every state-dependent relation is written once per depth d = 0..horizon, with d in its
    // name (true_d, r_d, seq_d, ind_d, ...): the program is then stratified by predicate, so
    // gringo computes the unique answer set while grounding (with one predicate for all depths,
    // the sequences of depth d+1 would depend on knowledge -- negation -- at depth d, a cycle
    // that only the solver could untangle, minutes instead of seconds).
    std::string program() {
        std::ostringstream o;
        const auto& roles = a_.roles;
        std::string ms, legal;
        for (size_t i = 0; i < roles.size(); ++i) ms += (i ? "," : "") + std::string("M") + std::to_string(i);
        o << "agent(R) :- r(\"role\",R), R != \"random\".\n"
          << "seq_0(s0).\n"
          << "true_0(F,s0) :- r(\"init\",F).\n"
          << "ind_0(R,s0,s0) :- agent(R).\n";
        for (const auto& r : p_.rules)  // static relations once
            if (class_of(r.head) == PredicateClass::Static) rule(o, r, 0);
        for (int d = 0; d <= horizon_; ++d) {
            for (const auto& r : p_.rules) {
                PredicateClass hc = class_of(r.head);
                if (hc == PredicateClass::DerivedFluent || (hc == PredicateClass::ActionPredicate && d < horizon_))
                    rule(o, r, d);
            }
            std::string D = std::to_string(d), N = std::to_string(d + 1);
            o << "reach_" << D << "(S1,S2) :- ind_" << D << "(R,S1,S2).\n"
              << "reach_" << D << "(S1,S3) :- reach_" << D << "(S1,S2), ind_" << D << "(R,S2,S3).\n";
            if (d == horizon_) break;
            std::string legal;
            for (size_t i = 0; i < roles.size(); ++i)
                legal += ", r_" + D + "(\"legal\"," + asp::str(roles[i]) + ",M" + std::to_string(i) + ",S)";
            o << "jl_" << D << "(S,m(" << ms << ")) :- seq_" << D << "(S), not r_" << D << "(\"terminal\",S)" << legal << ".\n"
              << "seq_" << N << "(c(S,A)) :- jl_" << D << "(S,A).\n"
              << "trans_" << D << "(c(S,A),S) :- jl_" << D << "(S,A).\n"
              << "true_" << N << "(F,C) :- ra_" << D << "(\"next\",F,C).\n";
            for (size_t i = 0; i < roles.size(); ++i)
                o << "does_" << D << "(" << asp::str(roles[i]) << ",M" << i << ",c(S,m(" << ms << "))) :- jl_" << D
                  << "(S,m(" << ms << ")).\n";
            std::string pair = "ind_" + D + "(R,S1,S2), trans_" + D + "(C1,S1), trans_" + D + "(C2,S2)";
            o << "ind_" << N << "(R,C1,C2) :- " << pair << ", does_" << D << "(R,M,C1), does_" << D
              << "(R,M,C2), not dif_" << D << "(R,C1,C2).\n"
              << "dif_" << D << "(R,C1,C2) :- " << pair << ", ra_" << D << "(\"sees\",R,X,C1), not ra_" << D
              << "(\"sees\",R,X,C2).\n"
              << "dif_" << D << "(R,C1,C2) :- " << pair << ", ra_" << D << "(\"sees\",R,X,C2), not ra_" << D
              << "(\"sees\",R,X,C1).\n";
        }
        o << knowledge_.str();
        return o.str();
    }

private:
    static PredicateClass forced(const Signature& s, PredicateClass c) {
        if (s.name == "legal" || s.name == "terminal" || s.name == "goal") return std::max(c, PredicateClass::DerivedFluent);
        if (s.name == "next" || s.name == "sees") return PredicateClass::ActionPredicate;
        return c;
    }
    PredicateClass class_of(const Term& t) const {
        auto it = cls_.find(gdl::signature(t));
        return forced(gdl::signature(t), it == cls_.end() ? PredicateClass::Static : it->second);
    }

    // One rule of the game at depth d.
    void rule(std::ostringstream& o, const gdl::Rule& r, int d) {
        PredicateClass hc = class_of(r.head);
        level_ = std::to_string(d);
        std::string state = hc == PredicateClass::ActionPredicate ? "P_" : "S_";
        std::string action = "C_";
        auto writer = [&](const Term& t) { return atom(t, state, action); };
        for (const auto& alt : asp::body(r.body, writer)) {
            o << atom(r.head, state, action);
            std::vector<std::string> lits = alt;
            if (hc == PredicateClass::DerivedFluent) lits.insert(lits.begin(), "seq_" + level_ + "(S_)");
            if (hc == PredicateClass::ActionPredicate) lits.insert(lits.begin(), "trans_" + level_ + "(C_,P_)");
            for (size_t i = 0; i < lits.size(); ++i) o << (i ? ", " : " :- ") << lits[i];
            o << ".\n";
        }
    }

    std::string rel(const std::string& pred, const Term& t, const std::string& extra) const {
        std::string s = pred + "(" + asp::str(t.name);
        for (const auto& a : t.args) s += "," + asp::term(a);
        if (!extra.empty()) s += "," + extra;
        return s + ")";
    }

    // One atom in the context of a state variable (and, in an action rule, a transition).
    std::string atom(const Term& t, const std::string& state, const std::string& action) {
        if (t.name == "true" && t.args.size() == 1) return "true_" + level_ + "(" + asp::term(t.args[0]) + "," + state + ")";
        if (t.name == "does" && t.args.size() == 2)
            return "does_" + level_ + "(" + asp::term(t.args[0]) + "," + asp::term(t.args[1]) + "," + action + ")";
        if (t.name == "knows" && (t.args.size() == 1 || t.args.size() == 2)) return knows(t, state);
        switch (class_of(t)) {
            case PredicateClass::Static: return rel("r", t, "");
            case PredicateClass::DerivedFluent: return rel("r_" + level_, t, state);
            case PredicateClass::ActionPredicate: return rel("ra_" + level_, t, action);
        }
        return "";
    }

    // (knows R P) / (knows P): an auxiliary relation k<j>(R, Xs, S) / ck<j>(Xs, S) over the
    // variables Xs of P, defined once per occurrence.
    std::string knows(const Term& t, const std::string& state) {
        const Term& p = t.args.back();
        std::vector<std::string> xs;
        std::function<void(const Term&)> vars = [&](const Term& u) {
            if (u.is_variable() && std::find(xs.begin(), xs.end(), asp::var(u.name)) == xs.end()) xs.push_back(asp::var(u.name));
            for (const auto& a : u.args) vars(a);
        };
        vars(p);
        std::string x;
        for (const auto& v : xs) x += v + ",";
        const std::string& L = level_;
        std::string j = std::to_string(next_++) + "_" + L;
        std::string ps = atom(p, "S", "none"), ps2 = atom(p, "S2", "none");
        if (t.args.size() == 2) {
            std::string k = "k" + j, nk = "nk" + j;
            knowledge_ << k << "(R," << x << "S) :- agent(R), seq_" << L << "(S), " << ps << ", not " << nk << "(R," << x << "S).\n"
                       << nk << "(R," << x << "S) :- agent(R), seq_" << L << "(S), " << ps << ", "
                       << (mutant_ ? "seq_" + L + "(S2)" : "ind_" + L + "(R,S,S2)") << ", not " << ps2 << ".\n";
            return k + "(" + asp::term(t.args[0]) + "," + x + state + ")";
        }
        std::string k = "ck" + j, nk = "nck" + j;
        knowledge_ << k << "(" << x << "S) :- seq_" << L << "(S), " << ps << ", not " << nk << "(" << x << "S).\n"
                   << nk << "(" << x << "S) :- seq_" << L << "(S), " << ps << ", reach_" << L << "(S,S2), not " << ps2 << ".\n";
        return k + "(" + x + state + ")";
    }

    const gdl::Program& p_;
    const gdl::Analysis& a_;
    int horizon_;
    bool mutant_;
    std::map<Signature, PredicateClass> cls_;
    std::ostringstream knowledge_;
    int next_ = 0;
    std::string level_ = "0";  ///< the depth of the rule being written
};

// ---- the comparison --------------------------------------------------------------------

struct Answers {
    std::set<std::string> legal, goals;  ///< "role move", "role value" in KIF
    bool terminal = false;
};

// The joint moves of a sequence c(c(s0, m(...)), m(...)), first first, in KIF.
std::vector<std::vector<std::string>> moves_of(const asp::Value& seq) {
    std::vector<std::vector<std::string>> out;
    const asp::Value* v = &seq;
    while (v->name == "c" && v->args.size() == 2) {
        std::vector<std::string> joint;
        for (const auto& m : v->args[1].args) joint.push_back(m.kif());
        out.insert(out.begin(), joint);
        v = &v->args[0];
    }
    return out;
}

std::string history_text(const std::vector<std::vector<std::string>>& moves) {
    std::string h;
    for (const auto& j : moves) {
        h += h.empty() ? "(" : " (";
        for (size_t i = 0; i < j.size(); ++i) h += (i ? " " : "") + j[i];
        h += ")";
    }
    return h;
}

// gdlsc's answers after `history`; nullopt when gdlsc refuses the history (only `lenient`:
// a wrong reference may build developments that are not developments).
std::optional<Answers> gdlsc_answers(const std::string& game, const std::string& history, bool lenient) {
    Answers a;
    bool refused = false;
    auto ask = [&](const std::string& f) {
        auto r = test::run_gdlsc({"query", game, "--history", history, f, "--json"});
        if (lenient && r.exit_code == 2) {
            refused = true;
            return nlohmann::json::parse(R"({"holds": false, "bindings": []})");
        }
        BOOST_REQUIRE_MESSAGE(r.exit_code == 0, f + " after " + history + ": " + r.err);
        return nlohmann::json::parse(r.out);
    };
    auto legal = ask("(legal ?r ?m)");
    for (const auto& b : legal["bindings"]) a.legal.insert(b["?r"].get<std::string>() + " " + b["?m"].get<std::string>());
    auto goals = ask("(goal ?r ?v)");
    for (const auto& b : goals["bindings"]) a.goals.insert(b["?r"].get<std::string>() + " " + b["?v"].get<std::string>());
    a.terminal = ask("terminal")["holds"].get<bool>();
    if (refused) return std::nullopt;
    return a;
}

// Compares gdlsc with the reference on (a sample of) the developments up to `horizon`;
// returns the number of developments where they differ (each a failed check unless `mutant`).
size_t crosscheck(const std::string& game, int horizon, size_t sample, bool mutant = false) {
    gdl::Diagnostics d;
    auto p = gdl::read_game_file(game, d);
    auto a = gdl::analyze(p);
    if (!d.has_errors()) gdl::validate(p, a, d);
    BOOST_REQUIRE_MESSAGE(!d.has_errors(), game + " is not valid");
    Encoder enc(p, a, horizon, mutant);
    std::string file = test::temp_file("gdl3.lp", enc.program());
    if (const char* keep = std::getenv("GDLSC_KEEP_ASP"))  // for reading the encoding: a folder
        std::filesystem::copy_file(file, std::string(keep) + "/" + std::filesystem::path(game).stem().string() + ".lp",
                                   std::filesystem::copy_options::overwrite_existing);
    auto r = test::run_program({test::find_on_path("clingo"), "--outf=0", "-V0", file}, 300);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 10 || r.exit_code == 30, "clingo exit " << r.exit_code << ": " << r.err);
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line);  // the answer set (unique: checked below)
    std::string second;
    BOOST_TEST(!(std::getline(lines, second) && second.find("seq_0(") != std::string::npos), "more than one answer set");

    std::map<std::string, Answers> theirs;  // sequence text -> answers
    std::map<std::string, asp::Value> seqs;
    std::istringstream atoms(line);
    std::string at;
    while (atoms >> at) {
        asp::Value v = asp::read_value(at);
        const bool rel = v.name.rfind("r_", 0) == 0;  // r_<depth>(...): a derived fluent
        if (v.name.rfind("seq_", 0) == 0 && v.args.size() == 1) {
            seqs[v.args[0].text()] = v.args[0];
            theirs[v.args[0].text()];
        } else if (rel && v.args.size() == 4 && v.args[0].name == "legal") {
            theirs[v.args[3].text()].legal.insert(v.args[1].kif() + " " + v.args[2].kif());
        } else if (rel && v.args.size() == 4 && v.args[0].name == "goal") {
            theirs[v.args[3].text()].goals.insert(v.args[1].kif() + " " + v.args[2].kif());
        } else if (rel && v.args.size() == 2 && v.args[0].name == "terminal") {
            theirs[v.args[1].text()].terminal = true;
        }
    }
    BOOST_REQUIRE(!seqs.empty());
    // Every sequence, or a deterministic sample that keeps the deepest ones.
    std::vector<std::pair<size_t, std::string>> order;
    for (const auto& [text, v] : seqs) order.emplace_back(moves_of(v).size(), text);
    std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first || (x.first == y.first && x.second < y.second); });
    size_t step = order.size() <= sample ? 1 : order.size() / sample + 1;
    size_t compared = 0, differ = 0;
    for (size_t i = 0; i < order.size(); i += step) {
        const std::string& text = order[i].second;
        std::string history = history_text(moves_of(seqs.at(text)));
        std::optional<Answers> got = gdlsc_answers(game, history, mutant);
        if (!got) {  // gdlsc refused the history: the (wrong) reference differs
            ++differ;
            ++compared;
            continue;
        }
        const Answers& mine = *got;
        const Answers& ref = theirs[text];
        bool at_horizon = order[i].first == static_cast<size_t>(horizon);
        bool same = mine.terminal == ref.terminal && mine.goals == ref.goals && mine.legal == ref.legal;
        if (!same) ++differ;
        if (mutant) {
            ++compared;
            continue;
        }
        BOOST_TEST(mine.terminal == ref.terminal, game << " after " << history << ": terminal");
        BOOST_TEST(mine.goals == ref.goals, game << " after " << history << ": goals");
        BOOST_TEST(mine.legal == ref.legal, game << " after " << history << ": legal moves");
        if (mine.legal != ref.legal)
            for (const auto& m : ref.legal)
                if (!mine.legal.count(m)) BOOST_TEST_MESSAGE("only clingo: " << m << (at_horizon ? " (horizon)" : ""));
        ++compared;
    }
    BOOST_TEST(compared >= std::min<size_t>(sample / 2, seqs.size()), game << ": too few developments compared");
    BOOST_TEST_MESSAGE(game << ": " << compared << " of " << seqs.size() << " developments compared, " << differ
                              << " differ");
    return differ;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(clingo_reference, *boost::unit_test::precondition(Clingo()))

BOOST_AUTO_TEST_CASE(cheryl_every_development) { crosscheck(example("cheryl/cheryl.kif"), 4, 200); }
BOOST_AUTO_TEST_CASE(russian_cards) { crosscheck(example("russian_cards/russian_cards.kif"), 2, 40); }
BOOST_AUTO_TEST_CASE(number_guessing) { crosscheck(example("number_guessing/number_guessing.kif"), 2, 40); }
BOOST_AUTO_TEST_CASE(sum_and_product) { crosscheck(example("sum_and_product/sum_and_product_10.kif"), 5, 60); }
// Knowledge of a static relation, random and a constant that is no role (carol) reached by
// variables: neither is an agent, both know nothing (b's legal moves show it).
BOOST_AUTO_TEST_CASE(static_random_fixture) {
    crosscheck(std::string(GDLSC_SOURCE_DIR) + "/tests/fixtures/knowledge/gdl3_static_random.kif", 2, 40);
}

struct Python3 {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        if (!test::find_on_path("python3").empty()) return true;
        boost::test_tools::assertion_result r(false);
        r.message() << "python3 is not on PATH: the generator cannot run (scripts/install-deps installs it)";
        return r;
    }
};

BOOST_AUTO_TEST_CASE(muddy_children_generated, *boost::unit_test::precondition(Python3())) {
    std::string py = test::find_on_path("python3");
    auto r = test::run_program({py, example("muddy_children/generate.py"), "3"});
    BOOST_REQUIRE(r.exit_code == 0);
    crosscheck(test::temp_file("muddy3.kif", r.out), 4, 40);
}

// The comparison can fail: a reference whose knowledge ignores the information sets (every
// development of the same depth counts) disagrees with gdlsc on Cheryl's Birthday.
BOOST_AUTO_TEST_CASE(a_wrong_reference_is_caught) {
    BOOST_TEST(crosscheck(example("cheryl/cheryl.kif"), 4, 200, true) > 0u);
}

BOOST_AUTO_TEST_SUITE_END()
