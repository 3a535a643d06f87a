// Term conversion between gdl::Term and Prolog terms, with the classes of SWI-cpp2.h.
// Failed PL_* calls throw PlFail (PlCheck); the caller maps it to EngineError.
#include "prolog/convert.h"

#include <unordered_map>
#include <vector>

namespace gdlsc::pl {

// Atoms live as long as the engine: a cache keeps one registered reference per name.
// (PlAtom(std::string) would read the text as Latin-1, hence PL_new_atom_mbchars.)
PlAtom atom_for(const std::string& name) {
    static std::unordered_map<std::string, PlAtom> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    PlAtom a(PL_new_atom_mbchars(REP_UTF8, name.size(), name.c_str()));
    a.verify();
    cache.emplace(name, a);
    return a;
}

std::string atom_text(const PlAtom& a) {
    try {
        return a.get_mbchars(CVT_ATOM | REP_UTF8 | BUF_STACK);
    } catch (const PlFail&) {
        PL_clear_exception();
        return "<?>";
    }
}

void put_term(const PlTerm& out, const gdl::Term& t, VarMap& vars) {
    switch (t.kind) {
        case gdl::Term::Kind::Variable: {
            auto it = vars.find(t.name);
            if (it != vars.end()) {
                PlPutTerm(out.C_, it->second.C_);
                return;
            }
            PL_put_variable(out.C_);
            vars.emplace(t.name, out.copy_term_ref());
            return;
        }
        case gdl::Term::Kind::Constant:
            if (t.name == "[]")
                PlCheck(PL_put_nil(out.C_));
            else
                PlCheck(PL_put_atom(out.C_, atom_for(t.name).C_));
            return;
        case gdl::Term::Kind::Compound: {
            PlTermv args(t.args.size());
            for (size_t i = 0; i < t.args.size(); ++i) put_term(args[i], t.args[i], vars);
            if (t.name == "[|]" && t.args.size() == 2) {
                PlCheck(PL_cons_list(out.C_, args[0].C_, args[1].C_));
                return;
            }
            PlFunctor f(PL_new_functor_sz(atom_for(t.name).C_, t.args.size()));
            f.verify();
            PlCheck(PL_cons_functor_v(out.C_, f.C_, args.termv()));
            return;
        }
    }
}

namespace {
// A conversion of `t` to text (flags as for PL_get_nchars), or `fallback`.
std::string chars_or(const PlTerm& t, unsigned flags, const char* fallback) {
    try {
        return t.get_nchars(flags);
    } catch (const PlFail&) {
        PL_clear_exception();
        return fallback;
    }
}
}  // namespace

gdl::Term get_term(const PlTerm& t) {
    switch (t.type()) {
        case PL_VARIABLE: return gdl::Term::variable(chars_or(t, CVT_VARIABLE | BUF_STACK, "_"));
        case PL_ATOM: {
            PlAtom a(PlAtom::null);
            if (!t.get_if_atom(&a)) return gdl::Term::constant("<?>");
            return gdl::Term::constant(atom_text(a));
        }
        case PL_NIL: return gdl::Term::constant("[]");
        case PL_INTEGER:
        case PL_RATIONAL:
        case PL_FLOAT:
        case PL_STRING:
            return gdl::Term::constant(chars_or(t, CVT_ATOMIC | CVT_WRITE | REP_UTF8 | BUF_STACK, "<?>"));
        case PL_LIST_PAIR: {
            // Along the list's spine without recursion (a list may be long).
            std::vector<gdl::Term> items;
            PlTerm_var head, tail;
            PlPutTerm(tail.C_, t.C_);
            while (PL_get_list(tail.C_, head.C_, tail.C_)) items.push_back(get_term(head));
            gdl::Term list = get_term(tail);  // [] or the open or improper end
            // Each cell takes its item and the rest by move: an initializer list would copy the
            // rest, once per cell (quadratic: 16,000 items took 40 s).
            for (size_t i = items.size(); i-- > 0;) {
                std::vector<gdl::Term> cell;
                cell.reserve(2);
                cell.push_back(std::move(items[i]));
                cell.push_back(std::move(list));
                list = gdl::Term::compound("[|]", std::move(cell));
            }
            return list;
        }
        case PL_TERM:
        default: {
            PlAtom name(PlAtom::null);
            size_t arity = 0;
            if (!t.name_arity(&name, &arity)) return gdl::Term::constant("<?>");
            std::vector<gdl::Term> args;
            // One reference for all arguments (PlTerm::operator[] would make one per argument).
            PlTerm_var a;
            for (size_t i = 1; i <= arity; ++i) {
                if (!PL_get_arg_sz(i, t.C_, a.C_)) break;
                args.push_back(get_term(a));
            }
            return gdl::Term::compound(atom_text(name), std::move(args));
        }
    }
}

}  // namespace gdlsc::pl
