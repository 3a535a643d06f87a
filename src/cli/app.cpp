// The gdlsc command line: registers every subcommand and maps errors to exit codes.
#include <iostream>
#include <new>
#include <nlohmann/json.hpp>
#include <regex>

#include "cli/commands.h"
#include "session/session.h"
#include "base/errors.h"
#include "base/strings.h"

namespace gdlsc::cli {
namespace {

// A misspelt command or option, caught before CLI11 parses (it would say only "A subcommand
// is required" or "not expected"), with the nearest name: exit 64 like any bad command line.
std::string misspelling(CLI::App& app, int argc, char** argv) {
    if (argc < 2) return "";
    std::vector<std::string> commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) commands.push_back(sub->get_name());
    const std::string first = argv[1];
    if (first.empty() || first[0] == '-') return "";
    CLI::App* sub = nullptr;
    try {
        sub = app.get_subcommand(first);
    } catch (const CLI::OptionNotFound&) {
        std::string near = nearest(first, commands);
        return "unknown command '" + first + "'" + (near.empty() ? "" : "; did you mean '" + near + "'?") +
               " (commands: " + joined(commands, ", ") + ")";
    }
    std::vector<std::string> options{"--help"};
    for (const CLI::Option* o : sub->get_options())
        for (const std::string& n : o->get_lnames()) options.push_back("--" + n);
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--") break;
        if (a.rfind("--", 0) != 0 || a.size() == 2) continue;
        a = a.substr(0, a.find('='));
        if (std::find(options.begin(), options.end(), a) != options.end()) continue;
        std::string near = nearest(a, options);
        return "unknown option " + a + " for " + first + (near.empty() ? "" : "; did you mean " + near + "?") +
               " (gdlsc " + first + " --help lists them)";
    }
    return "";
}

// Counts what passes to std::cout, so that a JSON error object is printed only on an empty
// stdout (a command that printed its answer and then failed, e.g. a match past its step
// bound, keeps one JSON document on stdout).
class CountingBuf : public std::streambuf {
public:
    explicit CountingBuf(std::streambuf* to) : to_(to) {}
    std::size_t count = 0;

protected:
    int overflow(int c) override {
        if (c != EOF) ++count;
        return to_->sputc(static_cast<char>(c));
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        count += static_cast<std::size_t>(n);
        return to_->sputn(s, n);
    }
    int sync() override { return to_->pubsync(); }

private:
    std::streambuf* to_;
};

bool wants_json(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--json") return true;
    return false;
}

// Under --json an error is also a JSON object on stdout, so that a program reading the output
// never meets an empty stream: {"error", "exit", "location"} (location: "file:line:col" of the
// first located diagnostic, or null).
void print_json_error(const std::string& message, int code) {
    nlohmann::json j;
    j["error"] = message;
    j["exit"] = code;
    j["location"] = nullptr;
    static const std::regex located(R"(^([^:\s][^:]*):(\d+):(\d+): )");
    std::size_t begin = 0;
    while (begin <= message.size()) {  // the first line that is a located diagnostic
        std::size_t end = message.find('\n', begin);
        std::string line = message.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
        std::smatch m;
        if (std::regex_search(line, m, located)) {
            j["location"] = m[1].str() + ":" + m[2].str() + ":" + m[3].str();
            break;
        }
        if (end == std::string::npos) break;
        begin = end + 1;
    }
    std::cout << j.dump(2) << "\n";
}

}  // namespace

int run(int argc, char** argv) {
    CLI::App app{"gdlsc: prove what holds and what players know in GDL-II/III games"};
    app.require_subcommand(1);
    app.footer(
        "Exit codes: 0 done (query: holds or not); 1 prove: the property does not hold, replay: the record deviates from the game; 2 invalid input (game, "
        "history, formula, role: the message names the place); 3 engines disagree (--engine all); 4 a limit (time, "
        "memory, size) ended the command; 5 internal error; 6 prove --induction: undecided; 64 bad command line.\n"
        "`gdlsc COMMAND --help` for each command; the manual: doc/usage.md (installed: man gdlsc).");
    app.set_version_flag("--version", std::function<std::string()>(query::version_text),
                         "print gdlsc's version and those of the SWI-Prolog and Z3 it runs with, and exit");
    int exit_code = kExitOk;
    // One line per subcommand (src/cli/cmd_<name>.cpp).
    register_check(app, exit_code);
    register_translate(app, exit_code);
    register_query(app, exit_code);
    register_regress(app, exit_code);
    register_infoset(app, exit_code);
    register_prove(app, exit_code);
    register_belief(app, exit_code);
    register_simulate(app, exit_code);
    register_solve(app, exit_code);
    register_replay(app, exit_code);
    CountingBuf counted(std::cout.rdbuf());
    struct Restore {
        std::streambuf* old;
        ~Restore() { std::cout.rdbuf(old); }
    } restore{std::cout.rdbuf(&counted)};
    const bool json = wants_json(argc, argv);
    if (std::string bad = misspelling(app, argc, argv); !bad.empty()) {
        std::cerr << "gdlsc: error: " << bad << "\n";
        if (json) print_json_error(bad, kExitUsage);
        return kExitUsage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        if (json) print_json_error(e.what(), kExitUsage);
        return kExitUsage;
    } catch (...) {
        ErrorSummary e = summarize_current_exception();
        if (e.located) std::cerr << e.message << "\n";
        else std::cerr << "gdlsc: " << e.kind << ": " << e.message << "\n";
        if (json && counted.count == 0) print_json_error(e.message, e.exit_code);
        return e.exit_code;
    }
    return exit_code;
}

}  // namespace gdlsc::cli
