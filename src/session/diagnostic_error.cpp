// Collected user diagnostics -> UserError.
#include "session/diagnostic_error.h"

#include <sstream>

#include "base/errors.h"

namespace gdlsc::query {

void throw_if_errors(const gdl::Diagnostics& diags, const std::string& header) {
    if (!diags.has_errors()) return;
    gdl::Diagnostics errors;
    for (const auto& d : diags.sorted())
        if (d.severity == gdl::Severity::Error) errors.add(d);
    std::ostringstream out;
    if (!header.empty()) out << header << "\n";
    errors.print(out);
    std::string m = out.str();
    while (!m.empty() && m.back() == '\n') m.pop_back();
    UserError e(m);
    e.located = true;
    throw e;
}

}  // namespace gdlsc::query
