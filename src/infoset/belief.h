// Degrees of belief for `gdlsc belief` (doc/knowledge.md): the share of a role's information
// set after a history at whose final state a formula about the state holds, computed by
// prolog/gdlsc_belief.pl in the embedded engine; printed as text or JSON.
#pragma once
#include <string>

#include "session/formula.h"
#include "session/game_file.h"
#include "session/history.h"

namespace gdlsc::query {

struct BeliefReport {
    std::string role;
    std::string numerator, denominator, decimal, developments;
};

BeliefReport compute_belief(const Game& g, const std::string& role, const History& h, const Formula& f,
                            double timeout_seconds);
std::string belief_text(const BeliefReport& r);
std::string belief_json(const BeliefReport& r);

}  // namespace gdlsc::query
