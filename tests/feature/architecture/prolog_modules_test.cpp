// The order of the Prolog runtime's modules (doc/architecture.md, "The runtime"), checked on
// prolog/*.pl: the module table of doc/architecture.md lists every module bottom up, one row
// `| \`gdlsc_x.pl\` / \`gdlsc_x\` | ...` each, and
//   - every module of prolog/ has a row, and every row a file;
//   - a module imports (use_module/reexport) only modules above its row in the table, so the
//     imports have no cycle;
//   - a module names another of the runtime's modules (`gdlsc_x:Goal`, a call or a hook
//     clause) only if it imports it: no undeclared call into a module that loads it. The
//     modules no file defines (gdlsc_network, the host's foreign predicates; gdlsc_pcopy,
//     the slot copy's clauses) and the generated module `game` are below everything.
// Comments are not read. The checker is run on a made-up runtime with each violation first,
// so the test can fail.
#define BOOST_TEST_MODULE architecture_prolog_modules
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Modules no file of prolog/ defines: below every module.
const std::set<std::string> kNotFiles = {"gdlsc_network", "gdlsc_pcopy"};

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The text without its comments (/* ... */ and % to the end of the line), quoted atoms and
// strings kept, so that line numbers stay.
std::string code_of(const std::string& text) {
    std::string out;
    char quote = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) out += text[++i];
            else if (c == quote) quote = 0;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            const std::size_t end = text.find("*/", i + 2);
            const std::size_t stop = end == std::string::npos ? text.size() : end + 2;
            for (std::size_t j = i; j < stop; ++j)
                if (text[j] == '\n') out += '\n';
            i = stop - 1;
            continue;
        }
        if (c == '%') {
            while (i < text.size() && text[i] != '\n') ++i;
            if (i < text.size()) out += '\n';
            continue;
        }
        if (c == '0' && i + 2 < text.size() && text[i + 1] == '\'') {  // 0'c, a character code
            out += text.substr(i, 3);
            i += 2;
            continue;
        }
        if (c == '\'' || c == '"' || c == '`') quote = c;
        out += c;
    }
    return out;
}

struct Module {
    std::string name, file;
    std::vector<std::pair<std::string, int>> imports;  // module, line
    std::vector<std::pair<std::string, int>> names;    // gdlsc_x of `gdlsc_x:`, line
};

Module read_module(const fs::path& file) {
    static const std::regex module_decl(R"(:-\s*module\(\s*([a-z][a-zA-Z0-9_]*))");
    static const std::regex import(R"((use_module|reexport)\(\s*(gdlsc[a-z0-9_]*)\s*[,)])");
    static const std::regex qualified(R"(\b(gdlsc[a-z0-9_]*)\s*:[^-])");
    Module m;
    m.file = file.filename().string();
    std::istringstream code(code_of(read(file)));
    std::string line;
    for (int n = 1; std::getline(code, line); ++n) {
        std::smatch s;
        if (m.name.empty() && std::regex_search(line, s, module_decl)) m.name = s[1];
        for (auto it = std::sregex_iterator(line.begin(), line.end(), import); it != std::sregex_iterator(); ++it)
            m.imports.emplace_back((*it)[2], n);
        for (auto it = std::sregex_iterator(line.begin(), line.end(), qualified); it != std::sregex_iterator(); ++it)
            m.names.emplace_back((*it)[1], n);
    }
    return m;
}

// The module table of the architecture document, bottom up: module -> row.
std::map<std::string, int> table_order(const fs::path& doc, std::map<std::string, std::string>& file_of) {
    static const std::regex row(R"(^\|\s*`(gdlsc[a-z0-9_]*\.pl)`\s*/\s*`(gdlsc[a-z0-9_]*)`)");
    std::map<std::string, int> order;
    std::istringstream in(read(doc));
    std::string line;
    int k = 0;
    while (std::getline(in, line)) {
        std::smatch s;
        if (!std::regex_search(line, s, row)) continue;
        order.emplace(s[2], k++);
        file_of[s[2]] = s[1];
    }
    return order;
}

std::vector<std::string> violations(const fs::path& prolog_dir, const fs::path& doc) {
    std::vector<std::string> out;
    std::map<std::string, std::string> file_of;
    const std::map<std::string, int> order = table_order(doc, file_of);
    if (order.empty()) return {doc.string() + ": no module table"};
    std::map<std::string, Module> modules;
    for (const auto& f : fs::directory_iterator(prolog_dir)) {
        if (f.path().extension() != ".pl") continue;
        Module m = read_module(f.path());
        if (m.name.empty()) {
            out.push_back("prolog/" + m.file + ": no module declaration");
            continue;
        }
        modules[m.name] = m;
    }
    for (const auto& [name, file] : file_of)
        if (!modules.count(name)) out.push_back("the table names " + name + " (" + file + "), which no file of prolog/ defines");
    for (const auto& [name, m] : modules) {
        const std::string where = "prolog/" + m.file;
        auto row = order.find(name);
        if (row == order.end()) {
            out.push_back(where + ": the module " + name + " is not in the module table of doc/architecture.md");
            continue;
        }
        if (file_of[name] != m.file)
            out.push_back(where + ": the table says the module " + name + " is in " + file_of[name]);
        std::set<std::string> imported;
        for (const auto& [target, line] : m.imports) {
            imported.insert(target);
            auto t = order.find(target);
            if (t == order.end()) {
                if (!kNotFiles.count(target))
                    out.push_back(where + ":" + std::to_string(line) + ": imports " + target + ", not in the module table");
            } else if (t->second >= row->second) {
                out.push_back(where + ":" + std::to_string(line) + ": " + name + " imports " + target +
                              ", which is not below it in the module table");
            }
        }
        for (const auto& [target, line] : m.names) {
            if (target == name || kNotFiles.count(target) || imported.count(target)) continue;
            out.push_back(where + ":" + std::to_string(line) + ": " + name + " names " + target + ": without importing it");
        }
    }
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string all;
    for (const auto& s : v) all += s + "\n";
    return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_checker_finds_an_upward_import_and_an_undeclared_call) {
    const fs::path root = fs::temp_directory_path() / ("gdlsc_prolog_modules_" + std::to_string(::getpid()));
    fs::create_directories(root / "prolog");
    std::ofstream(root / "architecture.md") << "| module | what |\n|---|---|\n"
                                               "| `gdlsc_low.pl` / `gdlsc_low` | below |\n"
                                               "| `gdlsc_high.pl` / `gdlsc_high` | above |\n"
                                               "| `gdlsc_gone.pl` / `gdlsc_gone` | no file |\n";
    // gdlsc_low imports the module above it (a cycle with gdlsc_high's import) and calls into
    // gdlsc_high without a declaration; its comments name gdlsc_high: too, which is no call.
    std::ofstream(root / "prolog" / "gdlsc_low.pl")
        << ":- module(gdlsc_low, [p/0]).\n"
           ":- use_module(gdlsc_high).\n"
           "% gdlsc_high:q/0 in a comment\n"
           "p :- gdlsc_high:q, gdlsc_pcopy:r, X = 'gdlsc_x', atom(X).\n"
           "/* gdlsc_high:q in a block\n   comment */\n"
           "s :- gdlsc_other:t.\n";
    std::ofstream(root / "prolog" / "gdlsc_high.pl") << ":- module(gdlsc_high, [q/0]).\n"
                                                        ":- use_module(gdlsc_low, [p/0]).\n"
                                                        "q :- p, gdlsc_low:p, gdlsc_high:q.\n";
    std::ofstream(root / "prolog" / "gdlsc_new.pl") << ":- module(gdlsc_new, []).\n";
    auto v = violations(root / "prolog", root / "architecture.md");
    fs::remove_all(root);
    const std::string all = joined(v);
    BOOST_TEST_INFO_SCOPE(all);
    BOOST_TEST(v.size() == 4u);
    BOOST_TEST(all.find("prolog/gdlsc_low.pl:2: gdlsc_low imports gdlsc_high, which is not below it") != std::string::npos);
    BOOST_TEST(all.find("prolog/gdlsc_low.pl:7: gdlsc_low names gdlsc_other: without importing it") != std::string::npos);
    BOOST_TEST(all.find("prolog/gdlsc_new.pl: the module gdlsc_new is not in the module table") != std::string::npos);
    BOOST_TEST(all.find("the table names gdlsc_gone (gdlsc_gone.pl), which no file of prolog/ defines") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_undeclared_call_into_a_module_that_loads_it_is_found) {
    const fs::path root = fs::temp_directory_path() / ("gdlsc_prolog_modules_b_" + std::to_string(::getpid()));
    fs::create_directories(root / "prolog");
    std::ofstream(root / "architecture.md") << "| `gdlsc_low.pl` / `gdlsc_low` | below |\n"
                                               "| `gdlsc_high.pl` / `gdlsc_high` | above |\n";
    std::ofstream(root / "prolog" / "gdlsc_low.pl") << ":- module(gdlsc_low, [p/0]).\np :- gdlsc_high:q.\n";
    std::ofstream(root / "prolog" / "gdlsc_high.pl") << ":- module(gdlsc_high, [q/0]).\n:- use_module(gdlsc_low).\nq.\n";
    auto v = violations(root / "prolog", root / "architecture.md");
    fs::remove_all(root);
    const std::string all = joined(v);
    BOOST_TEST_INFO_SCOPE(all);
    BOOST_TEST(v.size() == 1u);
    BOOST_TEST(all.find("prolog/gdlsc_low.pl:2: gdlsc_low names gdlsc_high: without importing it") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_runtime_follows_the_module_table) {
    const fs::path src = fs::path(GDLSC_SOURCE_DIR);
    BOOST_REQUIRE(fs::is_directory(src / "prolog"));
    auto v = violations(src / "prolog", src / "doc" / "architecture.md");
    BOOST_TEST(v.empty(), "prolog/ against the module table of doc/architecture.md:\n" << joined(v));
}
