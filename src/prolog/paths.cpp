// Finds the Prolog runtime (prolog/*.pl): $GDLSC_PROLOG_DIR; then where an install put it
// beside the code that runs -- the shared library libgdlsc (the C++ API, <prefix>/<libdir>/
// libgdlsc.so -> <prefix>/<datadir>/gdlsc/prolog) or the gdlsc binary (<prefix>/<bindir>/gdlsc
// -> the same); then the source tree the binary was built from (GDLSC_SOURCE_DIR). The
// relative paths from bindir and libdir to datadir come from CMake (GNUInstallDirs).
#include <dlfcn.h>

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
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&find_runtime_dir), &info) != 0 && info.dli_fname != nullptr &&
        std::string(info.dli_fname).find(".so") != std::string::npos) {  // this code is in libgdlsc
        fs::path lib = fs::canonical(info.dli_fname, ec);
        fs::path installed = lib.parent_path() / GDLSC_LIB_TO_DATA / "gdlsc" / "prolog";
        if (!ec && ok(installed)) return fs::weakly_canonical(installed, ec).string();
    }
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path installed = exe.parent_path() / GDLSC_BIN_TO_DATA / "gdlsc" / "prolog";
        if (ok(installed)) return fs::weakly_canonical(installed, ec).string();
    }
    fs::path source = fs::path(GDLSC_SOURCE_DIR) / "prolog";
    if (ok(source)) return source.string();
    throw EngineError("cannot find the Prolog runtime (gdlsc.pl): set GDLSC_PROLOG_DIR");
}

}  // namespace gdlsc::pl
