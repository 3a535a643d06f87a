// Printing query answers: text (`holds` / `does not hold`, then one line of bindings
// per row, `?x = a, ?y = b`) and JSON (`{"holds": bool, "bindings": [{"?x": "a"}]}`).
#pragma once
#include <string>

#include "query/engines.h"

namespace gdlsc::query {

std::string answer_text(const Answer& a);
std::string answer_json(const Answer& a);

}  // namespace gdlsc::query
