// The validation driver: runs every check of validate.h over a program. The checks
// themselves live in validate_<group>.cpp, one group of restrictions per file.
#include "gdl/validate.h"

namespace gdlsc::gdl {

void validate(const Program& p, const Analysis& a, Diagnostics& diags, const GroundStratificationCheck& ground) {
    check_keywords(p, diags);
    check_safety(p, diags);
    check_arities(p, diags);
    check_dependencies(p, a, diags);
    check_recursion(p, a, diags, ground);  // last: it grounds only a game without other errors
}

}  // namespace gdlsc::gdl
