// Helpers shared by the validation checks.
#include "gdl/validate_util.h"

#include <map>

namespace gdlsc::gdl::detail {

bool body_only_keyword(const std::string& n) { return n == "true" || n == "does" || n == "knows"; }

std::optional<size_t> keyword_arity(const std::string& name) {
    static const std::map<std::string, size_t> arity = {
        {"role", 1}, {"init", 1},  {"true", 1}, {"next", 1},  {"legal", 2},   {"does", 2},
        {"goal", 2}, {"terminal", 0}, {"sees", 2}, {"base", 1}, {"input", 2}, {"percept", 2}};
    auto it = arity.find(name);
    if (it == arity.end()) return std::nullopt;
    return it->second;
}

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
