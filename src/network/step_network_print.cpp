// The step network as text (StepNetwork::print, `gdlsc translate --format network`): what
// the compiler made of the one-step ground program, for people and for golden tests.
//
//   ; inputs             every true(f) and does(r, m) atom (a row's state and joint move)
//   ; component K        derived atoms evaluated together, in evaluation order; "(loop)"
//                        marks one iterated to its least fixpoint; one line per rule
//                        after constants were folded: head <= lit lit (not lit) ...
//   ; decided            step-0 atoms that are constant (static relations folded)
//   ; outputs            terminal, legal, next, sees, goal: their node or constant
#include "network/step_network.h"

#include <sstream>

namespace gdlsc::ground {

namespace {

constexpr std::uint32_t kNeg = 0x80000000u;

// An atom of the one-step program in KIF, without its step (all are at step 0 or static).
std::string kif(const GroundProgram& gp, NodeId a) { return gp.atoms[a].atom.to_kif(); }

}  // namespace

std::string StepNetwork::print(const GroundProgram& gp) const {
    std::ostringstream o;
    o << "; step network: " << size_text() << ", " << components_.size() << " components\n";
    o << "; inputs\n";
    for (NodeId a : true_) o << kif(gp, a) << "\n";
    for (const auto& per_role : does_)
        for (NodeId a : per_role) o << kif(gp, a) << "\n";
    for (std::size_t c = 0; c < components_.size(); ++c) {
        const Component& comp = components_[c];
        o << "; component " << c << (comp.recursive ? " (loop)" : "") << "\n";
        for (std::uint32_t i = comp.begin; i < comp.end; ++i) {
            NodeId a = order_[i];
            for (std::uint32_t k = rule_begin_[a]; k < rule_begin_[a + 1]; ++k) {
                o << kif(gp, a) << " <=";
                const auto [from, len] = rule_lits_[k];
                for (std::uint32_t j = from; j < from + len; ++j) {
                    const std::uint32_t l = lits_[j];
                    if (l & kNeg) o << " (not " << kif(gp, l & ~kNeg) << ")";
                    else o << " " << kif(gp, l);
                }
                o << "\n";
            }
        }
    }
    o << "; decided when built\n";
    for (NodeId a = 0; a < kind_.size(); ++a)
        if (gp.atoms[a].step == 0 && (kind_[a] == Kind::True || kind_[a] == Kind::False))
            o << kif(gp, a) << " = " << (kind_[a] == Kind::True ? "true" : "false") << "\n";
    auto node = [&](NodeId a) -> std::string {
        if (a == kNoNode || component_of_[a] == UINT32_MAX)
            return a != kNoNode && kind_[a] == Kind::True ? "true" : "false";
        return "component " + std::to_string(component_of_[a]);
    };
    o << "; outputs\n";
    o << "terminal: " << node(terminal_) << "\n";
    for (std::size_t r = 0; r < roles_.size(); ++r) {
        for (std::size_t m = 0; m < moves_[r].size(); ++m)
            o << "(legal " << roles_[r] << " " << moves_[r][m].to_kif() << "): " << node(legal_[r][m]) << "\n";
        for (std::size_t p = 0; p < percepts_[r].size(); ++p)
            o << "(sees " << roles_[r] << " " << percepts_[r][p].to_kif() << "): " << node(sees_[r][p]) << "\n";
        for (std::size_t v = 0; v < goal_values_[r].size(); ++v)
            o << "(goal " << roles_[r] << " " << goal_values_[r][v].to_kif() << "): " << node(goal_[r][v]) << "\n";
    }
    for (std::size_t f = 0; f < fluents_.size(); ++f)
        o << "(next " << fluents_[f].to_kif() << "): " << node(next_[f]) << "\n";
    return o.str();
}

}  // namespace gdlsc::ground
