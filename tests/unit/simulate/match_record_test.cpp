// The recorded-match reader (src/simulate/match_record.h) on inline texts: both formats into one
// MatchRecord, every item located at its line and column, XML entities and CDATA, ggp-base's
// state strings, symbols folded; malformed records refused with the place; and what
// write_match_record writes reads back as the match it came from.
#define BOOST_TEST_MODULE match_record
#include <boost/test/unit_test.hpp>
#include <ostream>

#include "base/errors.h"
#include "kif_terms.h"
#include "simulate/match_record.h"
#include "simulate/simulation.h"

using namespace gdlsc;
using query::parse_match_record;

namespace {

std::string error_of(const std::string& name, const std::string& text) {
    try {
        parse_match_record(name, text);
    } catch (const UserError& e) {
        BOOST_TEST(e.exit_code == 2);
        return e.what();
    }
    return "";
}

gdl::Term kif(const std::string& name, std::vector<gdl::Term> args = {}) {
    return args.empty() ? gdl::Term::constant(name) : gdl::Term::compound(name, std::move(args));
}

}  // namespace

BOOST_AUTO_TEST_CASE(dresden_xml_with_locations_entities_and_percepts) {
    const std::string text =
        "<?xml version=\"1.0\"?>\n"
        "<!DOCTYPE gametrace>\n"
        "<gametrace><game>Cards</game>\n"
        "<steps><step nb=\"1\">\n"
        "  <state><fluent>(Cell 1 &#x41;)</fluent><fluent><![CDATA[(step 1)]]></fluent></state>\n"
        "  <moves><move role=\"Jane\">(MARK 1 1)</move><move role=\"random\">noop</move></moves>\n"
        "  <percepts><percept role=\"jane\">(saw &quot;x&quot;)</percept></percepts>\n"
        "</step><step nb=\"2\"><terminal/><goal_values><goal_value role=\"jane\">100</goal_value></goal_values></step>"
        "</steps></gametrace>\n";
    auto rec = parse_match_record("t.xml", text);
    BOOST_TEST(rec.game == "Cards");
    BOOST_REQUIRE_EQUAL(rec.steps.size(), 2u);
    const auto& s = rec.steps[0];
    BOOST_REQUIRE(s.state.has_value());
    BOOST_TEST((*s.state)[0].term == kif("cell", {kif("1"), kif("a")}));  // folded, &#x41; is A
    BOOST_TEST((*s.state)[0].loc.line == 5);
    BOOST_TEST((*s.state)[0].loc.col == 18);
    BOOST_TEST((*s.state)[1].term == kif("step", {kif("1")}));
    BOOST_REQUIRE_EQUAL(s.moves.size(), 2u);
    BOOST_TEST(s.moves[0].role == "jane");
    BOOST_TEST(s.moves[0].move.term == kif("mark", {kif("1"), kif("1")}));
    BOOST_TEST(s.moves[0].move.loc.line == 6);
    BOOST_REQUIRE(s.percepts.has_value());
    BOOST_TEST(s.percepts->at("jane")[0].term.to_kif() == "(saw \"x\")");
    BOOST_TEST(!s.legal.has_value());
    BOOST_TEST(rec.finished.value());
    BOOST_TEST(rec.goals->at("jane")[0].term == kif("100"));
}

BOOST_AUTO_TEST_CASE(ggp_base_json) {
    const std::string text = R"J({"matchId": "m", "isCompleted": false,
  "states": ["( ( cell 1 1 b ) ( control xplayer ) )", ["(cell 1 1 x)", "(control oplayer)"]],
  "moves": [["( mark 1 1 )", "noop"]], "goalValues": [0, null]})J";
    auto rec = parse_match_record("m.json", text);
    BOOST_TEST((rec.format == query::RecordFormat::Json));
    BOOST_REQUIRE_EQUAL(rec.steps.size(), 2u);
    BOOST_TEST(rec.steps[0].state->size() == 2u);
    BOOST_TEST((*rec.steps[0].state)[1].term == kif("control", {kif("xplayer")}));
    BOOST_TEST(rec.steps[0].moves[0].role == "#0");
    BOOST_TEST(rec.steps[0].moves[0].move.term == kif("mark", {kif("1"), kif("1")}));
    BOOST_TEST(rec.steps[0].moves[0].move.loc.line == 3);
    BOOST_TEST(rec.steps[1].moves.empty());
    BOOST_TEST(rec.steps[1].state->size() == 2u);
    BOOST_TEST(!rec.finished.value());
    BOOST_TEST(rec.goals->count("#0") == 1u);
    BOOST_TEST(rec.goals->count("#1") == 0u);  // null: not recorded
}

BOOST_AUTO_TEST_CASE(malformed_records_name_their_place) {
    BOOST_TEST(error_of("a.xml", "<gametrace>\n<steps>\n<step nb=\"1\">").find("a.xml:3:14: error: the file ends inside <step>") !=
               std::string::npos);
    BOOST_TEST(error_of("b.json", "{\"moves\": [[\"noop\"]\n").find("b.json:2:1: error: the file ends") != std::string::npos);
    BOOST_TEST(error_of("c.json", "{\"moves\": [[\"(noop\"]]}").find("c.json:1:14: error: move 1: '(' is never closed") != std::string::npos);
    BOOST_TEST(error_of("d.xml", "<gametrace><steps><step nb=\"1\"><moves><move role=\"r\">(a ?x)</move></moves></step></steps></gametrace>")
                   .find("variable") != std::string::npos);
    BOOST_TEST(error_of("e.json", "{\"moves\": [], \"states\": [\"(a)\", \"(b)\"]}").find("at most one more state") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(what_gdlsc_writes_reads_back) {
    query::Match m;
    m.id = "sim1";
    m.roles = {"jane", "random"};
    query::StateRecord s0, s1;
    s0.fluents = {kif("dealing")};
    s0.legal = {{kif("noop")}, {kif("deal", {kif("ace")}), kif("deal", {kif("king")})}};
    s1.fluents = {kif("has", {kif("jane"), kif("ace")})};
    s1.terminal = true;
    m.states = {s0, s1};
    query::MatchStep st;
    st.joint = {kif("noop"), kif("deal", {kif("ace")})};
    st.percepts = {{kif("card", {kif("ace")})}, {}};
    m.steps = {st};
    m.goals = {{"jane", kif("100")}};
    for (auto f : {query::RecordFormat::Xml, query::RecordFormat::Json}) {
        auto rec = parse_match_record("w", query::write_match_record(m, f, "cards"));
        BOOST_TEST_INFO(query::record_format_name(f));
        BOOST_TEST((rec.format == f));
        BOOST_TEST(rec.game == "cards");
        BOOST_REQUIRE_EQUAL(rec.steps.size(), 2u);
        BOOST_TEST(rec.steps[0].moves.size() == 2u);
        BOOST_TEST(rec.steps[0].moves[1].move.term == kif("deal", {kif("ace")}));
        BOOST_TEST(rec.steps[1].state->at(0).term == kif("has", {kif("jane"), kif("ace")}));
        BOOST_REQUIRE(rec.steps[0].percepts.has_value());
        const std::string jane = f == query::RecordFormat::Xml ? "jane" : "#0";
        BOOST_TEST(rec.steps[0].percepts->at(jane).at(0).term == kif("card", {kif("ace")}));
        BOOST_TEST(rec.finished.value());
        BOOST_TEST(rec.goals->at(jane).at(0).term == kif("100"));
    }
}

// Never a crash: every prefix of a written record, and records with bytes changed (a fixed
// seed), either read or are refused with a UserError -- nothing else escapes the reader.
BOOST_AUTO_TEST_CASE(every_prefix_and_mutation_reads_or_is_refused) {
    query::Match m;
    m.id = "sim1";
    m.roles = {"jane", "random"};
    query::StateRecord s0, s1;
    s0.fluents = {kif("dealing")};
    s0.legal = {{kif("noop")}, {kif("deal", {kif("ace")})}};
    s1.fluents = {kif("has", {kif("jane"), kif("ace")})};
    s1.terminal = true;
    m.states = {s0, s1};
    query::MatchStep st;
    st.joint = {kif("noop"), kif("deal", {kif("ace")})};
    st.percepts = {{kif("card", {kif("ace")})}, {}};
    m.steps = {st};
    m.goals = {{"jane", kif("100")}};
    std::size_t refused = 0, read = 0;
    auto attempt = [&](const std::string& text) {
        try {
            parse_match_record("p", text);
            ++read;
        } catch (const UserError&) {
            ++refused;
        }
    };
    unsigned long long x = 88172645463325252ULL;  // xorshift, fixed
    auto next = [&] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
    const char noise[] = "<>/&\";()[]{},:? \n#x0aZ";
    for (auto f : {query::RecordFormat::Xml, query::RecordFormat::Json}) {
        const std::string text = query::write_match_record(m, f, "cards");
        for (std::size_t n = 0; n < text.size(); ++n) attempt(text.substr(0, n));
        for (int i = 0; i < 3000; ++i) {
            std::string t = text;
            for (int k = 0; k < 3; ++k) t[next() % t.size()] = noise[next() % (sizeof noise - 1)];
            attempt(t);
        }
    }
    BOOST_TEST(refused > 0u);
    BOOST_TEST(read > 0u);
}
