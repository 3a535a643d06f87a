// Small helpers shared by the validation checks (validate_*.cpp): keyword sets,
// variable occurrences with their locations, and the variables a literal binds.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "gdl/program.h"

namespace gdlsc::gdl::detail {

using VarSet = std::set<std::string>;

/// Keywords that may only occur in rule bodies (as relations): true, does, knows.
bool body_only_keyword(const std::string& name);
/// The number of arguments of a keyword relation with one arity (role 1, init 1, true 1,
/// next 1, legal 2, does 2, goal 2, terminal 0, sees 2, base 1, input 2, percept 2); none
/// for knows (1 or 2) and for other names.
std::optional<size_t> keyword_arity(const std::string& name);
/// "1 argument", "2 arguments".
inline std::string arguments(size_t n) { return std::to_string(n) + (n == 1 ? " argument" : " arguments"); }

/// Connectives that the reader turns into literals; as a relation name they mean a misplaced
/// parenthesis: not, or, and, distinct.
bool connective(const std::string& name);

/// Every variable occurrence in `t`, in order (duplicates included).
void variable_occurrences(const Term& t, std::vector<const Term*>& out);
void variable_occurrences(const Literal& l, std::vector<const Term*>& out);

/// The variables a body literal binds: those of positive relational atoms (for which
/// `counts(atom)` holds); an `and` binds the union, an `or` the intersection over its
/// disjuncts; `not` and `distinct` bind nothing.
template <typename Pred>
VarSet binds(const Literal& l, Pred&& counts) {
    VarSet out;
    switch (l.kind) {
        case Literal::Kind::Atom:
            if (counts(l.atom)) {
                std::vector<std::string> vs;
                l.atom.collect_variables(vs);
                out.insert(vs.begin(), vs.end());
            }
            break;
        case Literal::Kind::Distinct:
        case Literal::Kind::Not: break;
        case Literal::Kind::And:
            for (const auto& s : l.sub) {
                VarSet b = binds(s, counts);
                out.insert(b.begin(), b.end());
            }
            break;
        case Literal::Kind::Or:
            for (size_t i = 0; i < l.sub.size(); ++i) {
                VarSet b = binds(l.sub[i], counts);
                if (i == 0) {
                    out = std::move(b);
                } else {
                    VarSet both;
                    for (const auto& v : out)
                        if (b.count(v)) both.insert(v);
                    out = std::move(both);
                }
            }
            break;
    }
    return out;
}

/// The text "name/arity".
inline std::string sig_str(const Term& t) { return t.name + "/" + std::to_string(t.args.size()); }

}  // namespace gdlsc::gdl::detail
