// Infix reader (placeholder until the infix reader lands).
#include "gdl/reader.h"

namespace gdlsc::gdl {

Program read_infix(const SourcePtr& src, Diagnostics& diags) {
    diags.error(Location{src, 1, 1}, "infix syntax is not supported yet");
    Program p;
    p.syntax = Syntax::Infix;
    p.sources.push_back(src);
    return p;
}

}  // namespace gdlsc::gdl
