// gdlsc: a theorem prover for GDL-II/III games (see README.md, doc/usage.md).
#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "session/session.h"

int main(int argc, char** argv) {
    int code = gdlsc::cli::run(argc, argv);
    // The answer is out; exiting (the static destructors, the engine's among them) gets a
    // bounded time, after which the process ends with the same code.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    gdlsc::query::arm_exit(code);
    return code;
}
