// Term conversion between gdl::Term and Prolog terms.
#include "prolog/convert.h"

#include <unordered_map>
#include <vector>

namespace gdlsc::pl {
namespace {

// Atoms live as long as the engine: a cache keeps one registered reference per name.
atom_t atom_for(const std::string& name) {
    static std::unordered_map<std::string, atom_t> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    atom_t a = PL_new_atom_mbchars(REP_UTF8, name.size(), name.c_str());
    cache.emplace(name, a);
    return a;
}

}  // namespace

std::string atom_text(atom_t a) {
    size_t len = 0;
    char* s = nullptr;
    if (!PL_atom_mbchars(a, &len, &s, CVT_ATOM | REP_UTF8 | BUF_STACK)) return "<?>";
    return std::string(s, len);
}

bool put_term(term_t out, const gdl::Term& t, VarMap& vars) {
    switch (t.kind) {
        case gdl::Term::Kind::Variable: {
            auto it = vars.find(t.name);
            if (it != vars.end()) return PL_put_term(out, it->second);
            PL_put_variable(out);
            term_t keep = PL_copy_term_ref(out);
            vars.emplace(t.name, keep);
            return true;
        }
        case gdl::Term::Kind::Constant:
            if (t.name == "[]") return PL_put_nil(out);
            PL_put_atom(out, atom_for(t.name));
            return true;
        case gdl::Term::Kind::Compound: {
            term_t args = PL_new_term_refs(static_cast<int>(t.args.size()));
            for (size_t i = 0; i < t.args.size(); ++i)
                if (!put_term(args + i, t.args[i], vars)) return false;
            if (t.name == "[|]" && t.args.size() == 2) return PL_cons_list(out, args, args + 1);
            functor_t f = PL_new_functor_sz(atom_for(t.name), t.args.size());
            return PL_cons_functor_v(out, f, args);
        }
    }
    return false;
}

gdl::Term get_term(term_t t) {
    switch (PL_term_type(t)) {
        case PL_VARIABLE: {
            char* s = nullptr;
            if (PL_get_chars(t, &s, CVT_VARIABLE | BUF_STACK)) return gdl::Term::variable(s);
            return gdl::Term::variable("_");
        }
        case PL_ATOM: {
            atom_t a;
            if (!PL_get_atom(t, &a)) return gdl::Term::constant("<?>");
            return gdl::Term::constant(atom_text(a));
        }
        case PL_NIL: return gdl::Term::constant("[]");
        case PL_INTEGER:
        case PL_RATIONAL:
        case PL_FLOAT:
        case PL_STRING: {
            size_t len = 0;
            char* s = nullptr;
            if (PL_get_nchars(t, &len, &s, CVT_ATOMIC | CVT_WRITE | REP_UTF8 | BUF_STACK))
                return gdl::Term::constant(std::string(s, len));
            return gdl::Term::constant("<?>");
        }
        case PL_LIST_PAIR:
        case PL_TERM:
        default: {
            atom_t name;
            size_t arity = 0;
            if (!PL_get_name_arity_sz(t, &name, &arity)) return gdl::Term::constant("<?>");
            std::vector<gdl::Term> args;
            term_t a = PL_new_term_ref();
            for (size_t i = 1; i <= arity; ++i) {
                if (!PL_get_arg_sz(i, t, a)) break;
                args.push_back(get_term(a));
            }
            return gdl::Term::compound(PL_term_type(t) == PL_LIST_PAIR ? "[|]" : atom_text(name), std::move(args));
        }
    }
}

}  // namespace gdlsc::pl
