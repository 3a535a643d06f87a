// Game symbols as Prolog atoms (see prolog_atom.h): quoted unless plainly a lower-case word
// that no operator reads differently; UTF-8 kept, other characters escaped.
#include "sc/prolog_atom.h"

#include <set>
#include <sstream>

namespace gdlsc::sc {
namespace {

// Appends one Unicode code point as UTF-8.
void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool plain_atom(const std::string& s) {
    // Words that are Prolog operators read differently in some positions: always quote them.
    static const std::set<std::string> ops = {"is", "mod", "rem", "xor", "div", "rdiv", "as", "dynamic",
                                              "discontiguous", "initialization", "meta_predicate",
                                              "module_transparent", "multifile", "public", "thread_local",
                                              "table", "volatile", "tnot"};
    if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    return ops.count(s) == 0;
}

}  // namespace

std::string prolog_atom(const std::string& name) {
    if (plain_atom(name)) return name;
    std::string out = "'";
    for (size_t i = 0; i < name.size();) {
        unsigned char c = static_cast<unsigned char>(name[i]);
        unsigned cp = c;
        size_t len = 1;
        if (c >= 0xC0 && c < 0xF8) {  // decode UTF-8; invalid sequences fall back to the byte value
            size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            unsigned v = c & (0x3F >> (n - 1));
            bool ok = i + n <= name.size();
            for (size_t k = 1; ok && k < n; ++k) {
                unsigned char d = static_cast<unsigned char>(name[i + k]);
                ok = (d & 0xC0) == 0x80;
                v = (v << 6) | (d & 0x3F);
            }
            if (ok) {
                cp = v;
                len = n;
            }
        }
        i += len;
        if (cp == '\'' || cp == '\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp >= 0x20 && cp < 0x7F) {
            out += static_cast<char>(cp);
        } else if (cp >= 0xA0 && len > 1) {
            put_utf8(out, cp);
        } else {
            std::ostringstream hex;
            hex << "\\x" << std::hex << cp << "\\";
            out += hex.str();
        }
    }
    return out + "'";
}

}  // namespace gdlsc::sc
