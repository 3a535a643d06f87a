// The command line's shared options (src/cli/options.h) and the subcommands that register
// them, at the CLI11 level: parsed, not run to the end (a parse error stops before the
// callback; where a parse succeeds the callback runs and fails on the missing game file).
#define BOOST_TEST_MODULE cli_options
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/options.h"

namespace cli = gdlsc::cli;

namespace {

// Every subcommand, registered as gdlsc registers them.
struct FullApp {
    CLI::App app{"gdlsc"};
    int exit_code = -1;
    FullApp() {
        cli::register_check(app, exit_code);
        cli::register_translate(app, exit_code);
        cli::register_query(app, exit_code);
        cli::register_regress(app, exit_code);
        cli::register_infoset(app, exit_code);
        cli::register_prove(app, exit_code);
        cli::register_belief(app, exit_code);
        cli::register_simulate(app, exit_code);
        cli::register_solve(app, exit_code);
        cli::register_replay(app, exit_code);
    }
};

// Whether `value` passes the option `name` of a fresh app with that one option.
bool timeout_accepts(const std::string& value) {
    CLI::App app;
    double s = -1;
    cli::add_timeout(&app, s);
    std::vector<std::string> args = {value, "--timeout"};  // CLI11 parses the vector back to front
    try {
        app.parse(args);
    } catch (const CLI::ParseError&) {
        return false;
    }
    return true;
}

bool whole_accepts(const std::string& value) {
    CLI::App app;
    unsigned long n = 0;
    app.add_option("--depth", n)->check(cli::whole_number());
    std::vector<std::string> args = {value, "--depth"};
    try {
        app.parse(args);
    } catch (const CLI::ParseError&) {
        return false;
    }
    return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(timeout_has_one_default_on_every_command_that_takes_it) {
    FullApp f;
    std::vector<std::string> with_timeout;
    for (const CLI::App* sub : f.app.get_subcommands([](CLI::App*) { return true; })) {
        const CLI::Option* o = nullptr;
        try {
            o = sub->get_option("--timeout");
        } catch (const CLI::OptionNotFound&) {
            continue;
        }
        with_timeout.push_back(sub->get_name());
        BOOST_TEST(o->get_default_str() == std::to_string(static_cast<int>(gdlsc::query::kDefaultTimeoutSeconds)),
                   sub->get_name() << ": default " << o->get_default_str());
    }
    // Every command that runs the engine or a search takes it.
    for (const char* name : {"query", "regress", "infoset", "prove", "belief", "simulate", "solve", "replay"})
        BOOST_TEST((std::find(with_timeout.begin(), with_timeout.end(), name) != with_timeout.end()), name);
}

BOOST_AUTO_TEST_CASE(every_command_takes_the_game_and_strict) {
    FullApp f;
    for (const CLI::App* sub : f.app.get_subcommands([](CLI::App*) { return true; })) {
        BOOST_TEST(sub->get_option("game")->get_required(), sub->get_name());
        BOOST_TEST(sub->get_option("--strict") != nullptr, sub->get_name());
    }
}

BOOST_AUTO_TEST_CASE(timeout_values) {
    BOOST_TEST(timeout_accepts("0"));
    BOOST_TEST(timeout_accepts("2.5"));
    BOOST_TEST(timeout_accepts("60"));
    BOOST_TEST(!timeout_accepts("-1"));
    BOOST_TEST(!timeout_accepts("abc"));
    BOOST_TEST(!timeout_accepts("5s"));
    BOOST_TEST(!timeout_accepts(""));
}

BOOST_AUTO_TEST_CASE(whole_numbers_refuse_what_unsigned_parsing_would_wrap) {
    BOOST_TEST(whole_accepts("0"));
    BOOST_TEST(whole_accepts("12"));
    BOOST_TEST(!whole_accepts("-1"));  // CLI11 alone would read 2^64 - 1
    BOOST_TEST(!whole_accepts("1e3"));
    BOOST_TEST(!whole_accepts("+3"));
    BOOST_TEST(!whole_accepts("99999999999999999999"));  // 20 digits: past 2^64
}

BOOST_AUTO_TEST_CASE(history_and_history_file_exclude_each_other) {
    FullApp f;
    // query g.kif terminal --history (noop) --history-file h.txt (CLI11 takes it back to front)
    std::vector<std::string> args = {"h.txt", "--history-file", "(noop)", "--history", "terminal", "g.kif", "query"};
    BOOST_CHECK_THROW(f.app.parse(args), CLI::ExcludesError);
    BOOST_TEST(f.exit_code == -1);  // nothing ran
}

BOOST_AUTO_TEST_CASE(translate_formats_are_checked) {
    for (const char* fmt : {"text", "prolog", "tptp", "smtlib", "ground", "network"}) {
        FullApp f;
        std::vector<std::string> args = {fmt, "--format", "g.kif", "translate"};
        // Parsing runs the callback, which reads g.kif: only the format check matters here.
        try {
            f.app.parse(args);
        } catch (const CLI::ParseError& e) {
            BOOST_FAIL(fmt << ": " << e.what());
        } catch (const std::exception&) {
        }
    }
    FullApp f;
    std::vector<std::string> args = {"latex", "--format", "g.kif", "translate"};
    BOOST_CHECK_THROW(f.app.parse(args), CLI::ValidationError);
}
