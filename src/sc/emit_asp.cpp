// The game as a clingo program (emit_asp.h; doc/translation.md, "ASP"): the names a game's
// symbols get in ASP, and the entry point. The Emitter (emit_asp_emitter.h) writes one of three
// encodings, each described and written in a file of its own: time (emit_asp_time.cpp: the
// time point an argument), staged (emit_asp_staged.cpp: the time point in the names, with
// demand), sequences (emit_asp_sequences.cpp: GDL-III, every development a term).
#include "sc/emit_asp.h"

#include <algorithm>
#include <cctype>
#include <functional>

#include "sc/emit_asp_emitter.h"

namespace gdlsc::sc {
namespace asp {

bool ascii_lower(char c) { return c >= 'a' && c <= 'z'; }
bool ascii_alnum(char c) { return ascii_lower(c) || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// A clingo identifier we may give to a game symbol: [a-z][A-Za-z0-9_]*, not the keyword
// `not`, not in our name space gdl_*.
bool identifier(const std::string& n) {
    if (n.empty() || !ascii_lower(n[0])) return false;
    for (char c : n)
        if (!ascii_alnum(c) && c != '_') return false;
    return n != "not" && n.rfind("gdl_", 0) != 0;
}

// A relation name we may use as a predicate: an identifier that does not end in _<digits>,
// the form of our per-time names (cell_3) in the sequence encoding.
bool relation_identifier(const std::string& n) {
    if (!identifier(n)) return false;
    size_t i = n.size();
    while (i > 0 && n[i - 1] >= '0' && n[i - 1] <= '9') --i;
    return !(i < n.size() && i > 0 && n[i - 1] == '_');
}

bool small_integer(const std::string& n) {
    if (n.empty() || n.size() > 9) return false;
    for (char c : n)
        if (c < '0' || c > '9') return false;
    return n == "0" || n[0] != '0';
}

std::string quoted(const std::string& n) {
    std::string out = "\"";
    for (char c : n) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

std::string term(const Term& t) {
    if (t.is_variable()) return asp_variable(t.name);
    if (t.is_constant()) return asp_constant(t.name);
    std::string s = identifier(t.name) ? t.name + "(" : "gdl_f(" + quoted(t.name) + ",";
    for (size_t i = 0; i < t.args.size(); ++i) s += (i ? "," : "") + term(t.args[i]);
    return s + ")";
}

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

}  // namespace asp

using asp::ascii_alnum;
using asp::identifier;
using asp::quoted;
using asp::small_integer;

std::string asp_constant(const std::string& name) {
    return identifier(name) || small_integer(name) ? name : quoted(name);
}

std::string asp_variable(const std::string& name) {
    static const char* hex = "0123456789abcdef";
    std::string out = "V";
    for (char ch : name) {
        auto c = static_cast<unsigned char>(ch);
        if (ascii_alnum(ch)) out += ch;
        else if (ch == '_') out += "__";
        else out += std::string("_") + hex[c >> 4] + hex[c & 15];
    }
    return out;
}

std::string emit_asp(const gdl::Program& program, const gdl::Analysis& analysis, const AspOptions& options,
                     gdl::Diagnostics& diags) {
    return asp::Emitter(program, analysis, options, diags).run();
}

}  // namespace gdlsc::sc
