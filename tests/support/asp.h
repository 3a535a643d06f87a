// GDL rules as ASP for clingo, the tests' independent reference (tests/unit/prolog/
// clingo_crosscheck_test.cpp: one state; tests/feature/knowledge/gdl3_clingo_test.cpp: GDL-III
// over sequences). Every constant is quoted as a string, compounds are f("name", args...), so
// no game symbol can clash with ASP syntax; relations are written by the caller (atom writer).
// Also a reader of clingo's printed terms, to map answers back to KIF.
#pragma once
#include <boost/test/unit_test.hpp>

#include <cctype>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "gdl/program.h"

namespace gdlsc::test::asp {

inline std::string str(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

inline std::string var(const std::string& n) {
    std::string out = "V_";
    for (unsigned char c : n) out += std::isalnum(c) ? std::string(1, static_cast<char>(c)) : "_" + std::to_string(c);
    return out;
}

inline std::string term(const gdl::Term& t) {
    if (t.is_variable()) return var(t.name);
    if (t.is_constant()) return str(t.name);
    std::string s = "f(" + str(t.name);
    for (const auto& a : t.args) s += "," + term(a);
    return s + ")";
}

/// A body as a list of alternatives (disjunctions distributed), each a list of ASP literals;
/// `atom` writes one relational atom (true, does, knows and relations alike).
inline std::vector<std::vector<std::string>> body(const std::vector<gdl::Literal>& lits,
                                                  const std::function<std::string(const gdl::Term&)>& atom) {
    using gdl::Literal;
    std::vector<std::vector<std::string>> alts = {{}};
    for (const auto& l : lits) {
        std::vector<std::vector<std::string>> options;
        switch (l.kind) {
            case Literal::Kind::Atom: options = {{atom(l.atom)}}; break;
            case Literal::Kind::Distinct: options = {{term(l.atom.args[0]) + "!=" + term(l.atom.args[1])}}; break;
            case Literal::Kind::Not:
                if (l.sub.at(0).kind == Literal::Kind::Distinct) {
                    const gdl::Term& d = l.sub[0].atom;
                    options = {{term(d.args[0]) + "=" + term(d.args[1])}};
                    break;
                }
                BOOST_REQUIRE(l.sub.at(0).kind == Literal::Kind::Atom);
                options = {{"not " + atom(l.sub[0].atom)}};
                break;
            case Literal::Kind::And: options = body(l.sub, atom); break;
            case Literal::Kind::Or:
                for (const auto& d : l.sub) {
                    auto sub = body(d.kind == Literal::Kind::And ? d.sub : std::vector<Literal>{d}, atom);
                    options.insert(options.end(), sub.begin(), sub.end());
                }
                break;
        }
        std::vector<std::vector<std::string>> next;
        for (const auto& a : alts)
            for (const auto& o : options) {
                auto c = a;
                c.insert(c.end(), o.begin(), o.end());
                next.push_back(c);
            }
        alts = next;
    }
    return alts;
}

/// A term as clingo prints it: a string constant, a symbol, or name(args).
struct Value {
    std::string name;  ///< the symbol or function name; the text of a string
    bool is_string = false;
    std::vector<Value> args;

    /// The clingo text again (canonical: no spaces).
    std::string text() const {
        if (is_string) return str(name);
        if (args.empty()) return name;
        std::string s = name + "(";
        for (size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + args[i].text();
        return s + ")";
    }
    /// The game term it encodes (term() above) in KIF: "c" -> c, f("p", x) -> (p x).
    std::string kif() const {
        if (is_string) return name;
        if (name == "f" && !args.empty() && args[0].is_string) {
            std::string s = "(" + args[0].name;
            for (size_t i = 1; i < args.size(); ++i) s += " " + args[i].kif();
            return s + ")";
        }
        return text();
    }
};

/// Reads one clingo term from `s` at `pos` (advanced past it).
inline Value read_value(const std::string& s, size_t& pos) {
    Value v;
    if (s.at(pos) == '"') {
        v.is_string = true;
        for (++pos; s.at(pos) != '"'; ++pos) {
            if (s[pos] == '\\') ++pos;
            v.name += s.at(pos);
        }
        ++pos;
        return v;
    }
    while (pos < s.size() && (std::isalnum(static_cast<unsigned char>(s[pos])) || s[pos] == '_' || s[pos] == '-'))
        v.name += s[pos++];
    if (pos < s.size() && s[pos] == '(') {
        ++pos;
        for (;;) {
            v.args.push_back(read_value(s, pos));
            if (s.at(pos) == ',') {
                ++pos;
                continue;
            }
            BOOST_REQUIRE(s.at(pos) == ')');
            ++pos;
            break;
        }
    }
    return v;
}

inline Value read_value(const std::string& s) {
    size_t pos = 0;
    return read_value(s, pos);
}

}  // namespace gdlsc::test::asp
