// The developments method through prolog/gdlsc_properties.pl (see prove_developments.h).
#include "prove/prove_developments.h"

#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "prove/proof.h"
#include "session/session.h"

namespace gdlsc::query {
namespace {

using gdl::Term;


std::vector<std::vector<std::string>> joint_moves(const Term& list) {
    std::vector<std::vector<std::string>> out;
    for (const auto& a : gdl::list_items(list)) {
        std::vector<std::string> moves;
        for (const auto& m : a.args) moves.push_back(m.to_kif());
        out.push_back(std::move(moves));
    }
    return out;
}

std::vector<std::vector<std::string>> percept_lists(const Term& list) {
    std::vector<std::vector<std::string>> out;
    for (const auto& ps : gdl::list_items(list)) out.push_back(gdl::list_items_kif(ps));
    return out;
}

}  // namespace

ProveReport compute_prove(const Game& g, const std::string& property, std::size_t depth, bool progress,
                          double timeout_seconds) {
    Term prop = prove_property_term(g, property);
    auto& pl = prepare_engine(g, timeout_seconds);
    // Levels of millions of development classes: allow a larger Prolog stack than the default.
    pl::Limits lim = pl.limits();
    if (lim.stack_bytes == 0) lim.stack_bytes = std::size_t{4} << 30;
    pl.set_limits(lim);
    pl::runtime::BoundedProof b = pl::runtime::prove_report(pl, prop, depth, progress);
    ProveReport r;
    r.property = property;
    r.depth = depth;
    r.holds = b.holds;
    if (!r.holds) {
        r.role = b.role == "none" ? "" : b.role;
        r.at_depth = b.at_depth;
        r.actual = joint_moves(b.actual);
        r.alternative = joint_moves(b.alternative);
        r.actual_percepts = percept_lists(b.actual_percepts);
        r.alternative_percepts = percept_lists(b.alternative_percepts);
    }
    return r;
}

}  // namespace gdlsc::query
