// `translate`'s front door (src/query/translate.h), which reads and validates a game file and
// hands it to one emitter per format: each format's text is exactly what that emitter writes
// for the same game (examples/monty_hall; number_guessing for knows), the history for the
// ground formats checked step by step; the diagnostics of an invalid game (and of a valid one
// with a deviation, an error under --strict) instead of a translation; and every refused
// combination of options as the UserError its header documents.
#define BOOST_TEST_MODULE query_translate
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "base/errors.h"
#include "game_paths.h"
#include "query/engines_smt.h"
#include "query/translate.h"
#include "sc/emit.h"
#include "sc/emit_prolog.h"
#include "sc/theory.h"
#include "session/game_file.h"
#include "session/session.h"
#include "user_error_of.h"

using namespace gdlsc;
using query::TranslateOptions;

namespace {

const std::string& monty_path() {
    static const std::string p = test::example("monty_hall/monty_hall.kif");
    return p;
}

query::Translation translate(const std::string& path, TranslateOptions o) { return query::translate_game_file(path, o); }

TranslateOptions fmt(const std::string& f) {
    TranslateOptions o;
    o.format = f;
    return o;
}

// A game file in the temporary folder, removed at the end of the scope.
struct TempGame {
    std::filesystem::path path;
    TempGame(const std::string& name, const std::string& text)
        : path(std::filesystem::temp_directory_path() /
               ("gdlsc_translate_test_" + std::to_string(::getpid()) + "_" + name + ".kif")) {
        std::ofstream(path) << text;
    }
    ~TempGame() { std::filesystem::remove(path); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(each_format_is_its_emitter) {
    const query::Game g = query::load_game_file(monty_path());
    auto t = translate(monty_path(), fmt("prolog"));
    BOOST_TEST(t.valid);
    BOOST_TEST(t.diagnostics == "");
    BOOST_TEST(t.text == sc::emit_prolog(g.program, g.analysis));

    sc::Theory th = sc::translate(g.program, g.analysis);
    std::ostringstream text, tptp;
    sc::emit_text(th, monty_path(), text);
    sc::emit_tptp(th, monty_path(), tptp);
    BOOST_TEST(translate(monty_path(), fmt("text")).text == text.str());
    BOOST_TEST(translate(monty_path(), fmt("tptp")).text == tptp.str());
    BOOST_TEST(translate(monty_path(), fmt("network")).text == query::network_text(g.program, g.analysis, monty_path()));

    // along a history: the ground program and its SMT-LIB, on that history
    auto h = query::parse_history("((choose 1) (hide_car 2))", g.analysis.roles);
    TranslateOptions ground = fmt("ground");
    ground.history = "((choose 1) (hide_car 2))";
    BOOST_TEST(translate(monty_path(), ground).text == query::ground_text(g.program, g.analysis, h, monty_path()));
    TranslateOptions smt = fmt("smtlib");
    smt.history = ground.history;
    BOOST_TEST(translate(monty_path(), smt).text == query::smtlib_text(g.program, g.analysis, h, monty_path()));
    // asp: a clingo program
    BOOST_TEST(translate(monty_path(), fmt("asp")).text.find(":-") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_invalid_game_gives_its_diagnostics) {
    TempGame bad("bad", "(role a)\n(init (p ?x))\n(legal a go)\n(<= terminal (true (p 1)))\n(goal a 100)\n");
    auto t = translate(bad.path.string(), fmt("text"));
    BOOST_TEST(!t.valid);
    BOOST_TEST(t.text == "");
    BOOST_TEST(t.diagnostics.rfind(bad.path.string() + ":2:10: error: unsafe fact: variable ?x in a fact\n", 0) == 0u,
               t.diagnostics);

    // a deviation (one relation with two arities): a warning, translated; an error under --strict
    TempGame dev("dev", "(role a)\n(init (c 0))\n(legal a go)\n(<= (next (c 1)) (q 1))\n(<= (next (c 0)) (q 1 2))\n(q 1)\n(q 1 2)\n"
                 "(<= terminal (true (c 1)))\n(goal a 100)\n");
    auto lax = translate(dev.path.string(), fmt("prolog"));
    BOOST_TEST(lax.valid);
    BOOST_TEST(lax.diagnostics.find("warning: relation 'q' is used with 2 arguments") != std::string::npos, lax.diagnostics);
    BOOST_TEST(!lax.text.empty());
    TranslateOptions strict = fmt("prolog");
    strict.strict = true;
    auto refused = translate(dev.path.string(), strict);
    BOOST_TEST(!refused.valid);
    BOOST_TEST(refused.diagnostics.find("error: relation 'q' is used with 2 arguments") != std::string::npos,
               refused.diagnostics);
    BOOST_TEST(refused.text == "");
}

BOOST_AUTO_TEST_CASE(refused_options) {
    auto err = [](TranslateOptions o, const std::string& path = monty_path()) {
        int code = 0;
        std::string m = test::error_of([&] {
            try {
                query::translate_game_file(path, o);
            } catch (const UserError& e) {
                code = e.exit_code;
                throw;
            }
        });
        BOOST_TEST(code == kExitInvalidInput);
        return m;
    };
    TranslateOptions o = fmt("text");
    o.history = "((choose 1) (hide_car 2))";
    BOOST_TEST(err(o) == "--history and --history-file go with --format smtlib, ground or asp");
    o = fmt("prolog");
    o.horizon = 3;
    BOOST_TEST(err(o) == "--horizon, --encoding and --sequences go with --format asp");
    o = fmt("asp");
    o.encoding = "spiral";
    BOOST_TEST(err(o) == "unknown --encoding 'spiral' (time, staged, sequences)");
    o.encoding = "time";
    o.sequences = true;
    BOOST_TEST(err(o) == "--sequences and --encoding time contradict each other");
    o = fmt("asp");
    o.horizon = -2;
    BOOST_TEST(err(o) == "--horizon must be at least 0");
    o = fmt("asp");
    o.horizon = 1;
    o.history = "((choose 1) (hide_car 2)) (noop (open_door 3))";
    BOOST_TEST(err(o) == "--horizon 1 is shorter than the history (2 joint moves)");
    o = fmt("yaml");
    BOOST_TEST(err(o) == "unknown format 'yaml' (text, prolog, tptp, smtlib, ground, network, asp)");
    // knows needs the sequence encoding
    const std::string guessing = test::example("number_guessing/number_guessing.kif");
    o = fmt("asp");
    o.encoding = "staged";
    BOOST_TEST(err(o, guessing) ==
               guessing + ": --encoding staged: the game has knows, and knowledge needs the sequence encoding "
                          "(--encoding sequences, the default for it)");
    // an illegal step of the history: named
    o = fmt("ground");
    o.history = "((choose 4) (hide_car 2))";
    BOOST_TEST(err(o).find("step 1") != std::string::npos, err(o));
}
