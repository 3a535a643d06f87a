// Helpers shared by the validation checks.
#include "gdl/validate_util.h"

namespace gdlsc::gdl::detail {

bool body_only_keyword(const std::string& n) { return n == "true" || n == "does" || n == "knows"; }

bool connective(const std::string& n) { return n == "not" || n == "or" || n == "and" || n == "distinct"; }

void variable_occurrences(const Term& t, std::vector<const Term*>& out) {
    if (t.is_variable()) {
        out.push_back(&t);
        return;
    }
    for (const auto& a : t.args) variable_occurrences(a, out);
}

void variable_occurrences(const Literal& l, std::vector<const Term*>& out) {
    if (l.kind == Literal::Kind::Atom || l.kind == Literal::Kind::Distinct) variable_occurrences(l.atom, out);
    for (const auto& s : l.sub) variable_occurrences(s, out);
}

}  // namespace gdlsc::gdl::detail
