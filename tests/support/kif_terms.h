// GDL terms in the tests: BOOST_TEST prints a gdl::Term as its KIF, and short builders of
// constants, variables and compound terms: f("cell", {c("1"), c("1"), v("z")}).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "gdl/term.h"

namespace gdlsc::gdl {
inline std::ostream& operator<<(std::ostream& o, const Term& t) { return o << t.to_kif(); }
}  // namespace gdlsc::gdl

namespace gdlsc::test {
inline gdl::Term c(const std::string& name) { return gdl::Term::constant(name); }
inline gdl::Term v(const std::string& name) { return gdl::Term::variable(name); }
inline gdl::Term f(const std::string& name, std::vector<gdl::Term> args) { return gdl::Term::compound(name, std::move(args)); }
}  // namespace gdlsc::test
