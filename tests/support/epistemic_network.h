// The step network of a game with its knows literals as inputs (ground/epistemic.h), read in
// the test process, for the tests of the GDL-III engines on the network (the rows of
// network/network_developments.h, the BDDs of symbolic/developments.h). `drop_sees`: the
// mutant without percepts, which those tests must catch.
#pragma once
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "ground/epistemic.h"
#include "network/step_network.h"
#include "parsed_game.h"

namespace gdlsc::test {

struct EpistemicNetwork {
    std::unique_ptr<ground::StepNetwork> net;
    std::vector<std::uint32_t> init;
    bool epistemic = false;  ///< the game has knows in its rules
};

inline EpistemicNetwork epistemic_network(const std::string& path, bool drop_sees = false) {
    ParsedGame g = game_from_file(path);
    gdl::Program p = ground::knows_as_relations(g.program, g.analysis.roles);
    if (drop_sees)
        p.rules.erase(std::remove_if(p.rules.begin(), p.rules.end(), [](const gdl::Rule& r) { return r.head.name == "sees"; }),
                      p.rules.end());
    gdl::Analysis a = gdl::analyze(p);
    EpistemicNetwork b;
    b.net = std::make_unique<ground::StepNetwork>(p, a);
    b.init = b.net->initial_fluents();
    b.epistemic = g.analysis.epistemic;
    return b;
}

}  // namespace gdlsc::test
