// The gdlsc command line: registers every subcommand and maps errors to exit codes.
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "query/session.h"
#include "base/errors.h"

namespace gdlsc::cli {

int run(int argc, char** argv) {
    CLI::App app{"gdlsc: prove what holds and what players know in GDL-II/III games"};
    app.require_subcommand(1);
    app.footer(
        "Exit codes: 0 done (query: holds or not); 1 prove: the property does not hold; 2 invalid input (game, "
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
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    } catch (const UserError& e) {
        if (e.located) std::cerr << e.what() << "\n";
        else std::cerr << "gdlsc: error: " << e.what() << "\n";
        return e.exit_code;
    } catch (const LimitError& e) {
        std::cerr << "gdlsc: limit: " << e.what() << "\n";
        return kExitLimit;
    } catch (const std::bad_alloc&) {
        // A memory limit (ulimit -v, a cgroup) reached outside the places that name their own.
        std::cerr << "gdlsc: limit: out of memory\n";
        return kExitLimit;
    } catch (const EngineError& e) {
        std::cerr << "gdlsc: engine error: " << e.what() << "\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        std::cerr << "gdlsc: internal error: " << e.what() << "\n";
        return kExitInternal;
    }
    return exit_code;
}

}  // namespace gdlsc::cli
