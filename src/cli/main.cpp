// gdlsc: a theorem prover for GDL-II/III games (see README.md, doc/usage.md).
#include "cli/commands.h"

int main(int argc, char** argv) { return gdlsc::cli::run(argc, argv); }
