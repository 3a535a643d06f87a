// Arity consistency: every relation and every function symbol is used with one arity
// throughout the game (`(legal robot (a 1))` and `(legal robot (a 2 3))` cannot both be).
// The second use is reported, with a note pointing at the first: a deviation (a warning;
// an error with --strict) -- gdlsc reads the two uses as two symbols, as Prolog and ASP do. Keywords are checked
// against their fixed arities in validate_keywords.cpp; constants are not function symbols.
#include <map>

#include "gdl/analysis.h"
#include "gdl/validate.h"
#include "gdl/validate_util.h"

namespace gdlsc::gdl {
namespace {

class ArityTable {
public:
    ArityTable(const char* what, Diagnostics& d) : what_(what), diags_(d) {}

    void use(const Term& t) {
        auto [it, fresh] = first_.try_emplace(t.name, First{t.args.size(), t.loc});
        if (fresh || it->second.arity == t.args.size()) return;
        if (!reported_.insert({t.name, t.args.size()}).second) return;
        // Not GDL, but Prolog's and ASP's reading, and what other reasoners do: two symbols.
        diags_.deviation(t.loc,
                         std::string(what_) + " '" + t.name + "' is used with " + detail::arguments(t.args.size()) +
                             ", but with " + detail::arguments(it->second.arity) + " elsewhere: gdlsc reads them as two " +
                             what_ + "s, " + t.name + "/" + std::to_string(it->second.arity) + " and " + t.name + "/" +
                             std::to_string(t.args.size()),
                         "GDL gives each symbol one arity; first used with " + detail::arguments(it->second.arity) + " at " +
                             it->second.loc.str());
    }

private:
    struct First {
        size_t arity;
        Location loc;
    };
    const char* what_;
    Diagnostics& diags_;
    std::map<std::string, First> first_;
    std::set<std::pair<std::string, size_t>> reported_;
};

struct Walker {
    ArityTable relations, functions;

    void term(const Term& t) {
        if (t.is_compound()) functions.use(t);
        for (const auto& a : t.args) term(a);
    }
    void atom(const Term& t) {
        if (t.is_variable()) return;
        if (!is_keyword(t.name)) relations.use(t);
        // The argument of knows is a (reified) relation, not a function term.
        if (t.name == "knows" && !t.args.empty()) {
            for (size_t i = 0; i + 1 < t.args.size(); ++i) term(t.args[i]);
            atom(t.args.back());
            return;
        }
        for (const auto& a : t.args) term(a);
    }
    void literal(const Literal& l) {
        if (l.kind == Literal::Kind::Distinct) {
            for (const auto& a : l.atom.args) term(a);
            return;
        }
        if (l.kind == Literal::Kind::Atom) atom(l.atom);
        for (const auto& s : l.sub) literal(s);
    }
};

}  // namespace

void check_arities(const Program& p, Diagnostics& diags) {
    Walker w{ArityTable("relation", diags), ArityTable("function", diags)};
    for (const auto& r : p.rules) {
        w.atom(r.head);
        for (const auto& l : r.body) w.literal(l);
    }
}

}  // namespace gdlsc::gdl
