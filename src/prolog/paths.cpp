// Finds the Prolog runtime (prolog/*.pl): $GDLSC_PROLOG_DIR, then next to an installed
// binary (<prefix>/bin/gdlsc -> <prefix>/share/gdlsc/prolog), then the source tree
// the binary was built from (GDLSC_SOURCE_DIR, set by CMake).
#include <cstdlib>
#include <filesystem>

#include "prolog/engine.h"
#include "base/environment.h"
#include "base/errors.h"

namespace gdlsc::pl {

std::string find_runtime_dir() {
    namespace fs = std::filesystem;
    auto ok = [](const fs::path& p) {
        std::error_code ec;
        return fs::exists(p / "gdlsc.pl", ec);
    };
    if (const std::string& env = environment().prolog_dir; !env.empty()) {
        if (ok(env)) return env;
        throw EngineError("GDLSC_PROLOG_DIR=" + env + " does not hold gdlsc.pl");
    }
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path installed = exe.parent_path().parent_path() / "share" / "gdlsc" / "prolog";
        if (ok(installed)) return installed.string();
    }
    fs::path source = fs::path(GDLSC_SOURCE_DIR) / "prolog";
    if (ok(source)) return source.string();
    throw EngineError("cannot find the Prolog runtime (gdlsc.pl): set GDLSC_PROLOG_DIR");
}

}  // namespace gdlsc::pl
