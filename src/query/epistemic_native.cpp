// GDL-III queries on the step network (see epistemic_native.h).
#include "query/epistemic_native.h"

#include <chrono>
#include <new>
#include <unordered_map>

#include "base/errors.h"
#include "ground/epistemic.h"
#include "ground/network_developments.h"
#include "ground/step_network.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "query/forward.h"

namespace gdlsc::query {

std::optional<gdl::Term> epistemic_situation(const gdl::Program& program, const gdl::Analysis& analysis,
                                             pl::Engine& engine, const History& h, double timeout_seconds,
                                             std::size_t max_ground_atoms, std::string& why) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    auto check = [&] {
        if (timeout_seconds > 0 && std::chrono::duration<double>(Clock::now() - t0).count() > timeout_seconds)
            throw LimitError("time limit of " + seconds_text(timeout_seconds) +
                             " s exceeded in the developments on the step network");
    };
    const auto& roles = analysis.roles;
    std::unique_ptr<ground::StepNetwork> net;
    std::vector<std::uint32_t> init;
    try {
        gdl::Program rewritten = ground::knows_as_relations(program, roles);
        gdl::Analysis a = gdl::analyze(rewritten);
        // The query's bound (--max-ground-size), not the forward engines' network bound
        // (kEngineNetworkLimits): the alternative is the Prolog runtime, slower by far on
        // whatever grounds at all.
        net = std::make_unique<ground::StepNetwork>(rewritten, a,
                                                    ground::GroundLimits{max_ground_atoms, 2 * max_ground_atoms});
        init = net->initial_fluents();
    } catch (const ground::TooLarge& ex) {
        why = std::string("too large: ") + ex.what();
        // The grounder's advice names options of the commands that ground histories.
        if (auto cut = why.find("; use a shorter history"); cut != std::string::npos) why.erase(cut);
        return std::nullopt;
    } catch (const ground::NotApplicable& ex) {
        why = ex.what();
        return std::nullopt;
    } catch (const std::bad_alloc&) {
        why = "out of memory while grounding";
        return std::nullopt;
    }

    std::vector<std::unordered_map<std::string, std::int64_t>> move_index(roles.size());
    for (std::size_t r = 0; r < roles.size(); ++r)
        for (std::size_t m = 0; m < net->moves(r).size(); ++m)
            move_index[r].emplace(net->moves(r)[m].to_kif(), static_cast<std::int64_t>(m));
    std::vector<std::vector<std::int64_t>> moves;
    for (const Step& st : h) {
        // Wrong arity: the Prolog check words it (it cannot happen for a parsed history).
        if (st.moves.size() != roles.size()) {
            why = "a step with " + std::to_string(st.moves.size()) + " moves";
            return std::nullopt;
        }
        std::vector<std::int64_t> row;
        for (std::size_t r = 0; r < roles.size(); ++r) {
            auto it = move_index[r].find(st.moves[r].to_kif());
            row.push_back(it == move_index[r].end() ? -1 : it->second);
        }
        moves.push_back(std::move(row));
    }

    ground::EpistemicPath path;
    try {
        path = ground::epistemic_path(*net, init, moves, check);
    } catch (const ground::TooLarge& ex) {
        why = std::string("too large: ") + ex.what();
        return std::nullopt;
    } catch (const ground::NotApplicable& ex) {  // knowledge that does not settle
        why = ex.what();
        return std::nullopt;
    } catch (const std::bad_alloc&) {
        why = "out of memory while making the developments";
        return std::nullopt;
    }
    if (path.bad_step >= 0) {
        const auto i = static_cast<std::size_t>(path.bad_step);
        if (path.bad_role < 0) fail_terminal(h, i);
        const auto r = static_cast<std::size_t>(path.bad_role);
        std::vector<std::string> legal;
        for (std::uint32_t m : path.legal) legal.push_back(net->moves(r)[m].to_kif());
        fail_illegal(h, i, r, roles[r], legal);
    }

    // The path's nodes in the runtime, with their knowledge.
    const auto& K = net->knows();
    std::vector<gdl::Term> joint, knowledge;
    gdl::Term sit = gdl::Term::constant("s0");
    for (const Step& st : h) {
        joint.push_back(gdl::Term::compound("a", st.moves));
        sit = gdl::Term::compound("do", {joint.back(), sit});
    }
    auto fact = [&](const ground::StepNetwork::KnowsInput& in) {
        if (in.role < 0) return gdl::Term::compound("c", {in.atom});
        return gdl::Term::compound("k", {gdl::Term::constant(roles[static_cast<std::size_t>(in.role)]), in.atom});
    };
    for (const auto& node : path.knows) {
        std::vector<gdl::Term> facts;
        for (std::uint32_t k : node) facts.push_back(fact(K[k]));
        knowledge.push_back(gdl::make_list(facts));
    }
    pl::runtime::native_path(engine, joint, knowledge);
    return sit;
}

}  // namespace gdlsc::query
