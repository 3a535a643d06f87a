// Reading and validating a game for a command.
#include "session/game_file.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>

#include "gdl/reader.h"
#include "ground/grounder.h"
#include "gdl/validate.h"
#include "session/diagnostic_error.h"
#include "session/ground_stratification.h"
#include "base/errors.h"
#include "base/strings.h"

namespace gdlsc::query {

const StepModel& Game::StepCache::get(const gdl::Program& program, const gdl::Analysis& analysis) {
    std::call_once(once, [&] {
        StepModel& m = model;
        const auto t0 = std::chrono::steady_clock::now();
        try {
            auto gp = std::make_shared<ground::GroundProgram>(
                ground::ground_step(program, analysis, ground::kEngineNetworkLimits));
            gp->index_rules();
            m.network = std::make_shared<ground::StepNetwork>(*gp, analysis.roles);
            m.program = std::move(gp);
        } catch (const ground::TooLarge& ex) {
            m.failure = StepModel::Failure::TooLarge;
            m.why_not = std::string("too large: ") + ex.what();
        } catch (const ground::NotApplicable& ex) {
            m.failure = StepModel::Failure::NotApplicable;
            m.why_not = ex.what();
        } catch (const std::bad_alloc&) {
            m.failure = StepModel::Failure::OutOfMemory;
            m.why_not = "out of memory while grounding";
        }
        if (!m.network) m.program.reset();
        m.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    });
    return model;
}

const StepModel& Game::step() const { return step_cache_.p->get(program, analysis); }

std::function<std::shared_ptr<const ground::StepNetwork>(std::string&)> Game::network_source() const {
    auto cache = step_cache_.p;
    auto p = std::make_shared<const gdl::Program>(program);
    auto a = std::make_shared<const gdl::Analysis>(analysis);
    return [cache, p, a](std::string& why) {
        const StepModel& m = cache->get(*p, *a);
        why = m.why_not;
        return m.network;
    };
}

Game read_rules(const std::string& path, gdl::Diagnostics& diags) {
    Game g;
    try {
        g.program = gdl::read_game_file(path, diags);
    } catch (const std::runtime_error& e) {
        throw UserError(e.what());
    }
    g.analysis = gdl::analyze(g.program);
    return g;
}

void validate_game(const Game& g, gdl::Diagnostics& diags) {
    gdl::validate(g.program, g.analysis, diags, ground_stratification);
}

Game read_game(const std::string& path, gdl::Diagnostics& diags) {
    Game g = read_rules(path, diags);
    if (!diags.has_errors()) validate_game(g, diags);
    return g;
}

Game read_game_from_text(const std::string& name, const std::string& text, gdl::Diagnostics& diags) {
    Game g;
    g.program = gdl::read_game_text(name, text, diags);
    g.analysis = gdl::analyze(g.program);
    if (!diags.has_errors()) validate_game(g, diags);
    return g;
}

namespace {

// The errors of `diags` as a UserError; the accepted deviations as warnings on stderr.
Game accepted(Game g, const gdl::Diagnostics& diags, const std::string& name) {
    throw_if_errors(diags, name + " is not a valid game:");
    for (const auto& d : diags.sorted())
        if (d.deviation) std::cerr << gdl::format_diagnostic(d);
    return g;
}

}  // namespace

Game load_game_file(const std::string& path, bool strict) {
    gdl::Diagnostics diags;
    diags.set_strict(strict);
    Game g = read_game(path, diags);
    return accepted(std::move(g), diags, path);
}

Game load_game_text(const std::string& name, const std::string& text, bool strict) {
    gdl::Diagnostics diags;
    diags.set_strict(strict);
    Game g = read_game_from_text(name, text, diags);
    return accepted(std::move(g), diags, name);
}

void check_agent_role(const Game& g, const std::string& role) {
    const auto& roles = g.analysis.roles;
    if (role == "random")
        throw UserError("random is not an agent: it has no information set and no knowledge (roles: " +
                        joined(roles) + ")");
    if (std::find(roles.begin(), roles.end(), role) == roles.end())
        throw UserError("unknown role '" + role + "' (roles: " + joined(roles) + ")");
}

}  // namespace gdlsc::query
