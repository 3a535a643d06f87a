// The embedded SWI-Prolog engine: one per process, with the gdlsc runtime (prolog/*.pl)
// and at most one game (the module `game`, from sc::emit_prolog) loaded.
// This header does not expose SWI-Prolog types: states are opaque handles to terms kept
// outside the Prolog stacks, and everything else crosses the seam as gdl::Term.
//
//   auto& e = pl::Engine::instance();
//   e.load_game(program, gdl::analyze(program));
//   pl::State s = e.initial_state();
//   for (auto& m : e.legal_moves("xplayer", s)) ...
//   s = e.next_state(s, {mark11, noop});
//   auto rows = e.solve("gdlsc_formula", "eval", {formula, sit});  // bindings of ?vars
//
// Errors: a Prolog exception becomes EngineError (with the goal as context); a time,
// inference or stack limit becomes LimitError (src/base/errors.h); an error the runtime raises
// on purpose becomes RuntimeRefusal or RuntimeLimit below, typed by its reason.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/errors.h"
#include "gdl/analysis.h"
#include "gdl/program.h"

namespace gdlsc::pl {

/// A ground Prolog term kept outside the stacks (a record); cheap to copy and compare by handle.
class Handle {
public:
    Handle() = default;
    bool valid() const { return rec_ != nullptr; }
    /// The opaque record (record_t) for src/prolog; 0 when invalid.
    std::uintptr_t raw() const;
    static Handle adopt(std::uintptr_t record);  ///< takes ownership of a record (src/prolog only)

private:
    std::shared_ptr<void> rec_;
};

/// A game state (a sorted list of fluents).
using State = Handle;
/// One move per role, in the order of the roles.
using JointMove = std::vector<gdl::Term>;
/// Variable name (without '?') -> value, for one solution.
using Bindings = std::map<std::string, gdl::Term>;

struct Limits {
    double seconds = 0;                  ///< wall-clock limit per call (0: none)
    std::int64_t inferences = 0;         ///< inference limit per call (0: none)
    std::size_t stack_bytes = 0;         ///< Prolog stack limit (0: SWI's default, 1 GiB)
};

/// An error the gdlsc runtime raises on purpose, `error(gdlsc_error(R), _)` or
/// `error(gdlsc_unsupported(R), _)`: `reason` is R's name (not_an_agent, variable_knows_role,
/// common_knowledge_regression, recursive_action_predicate, ...), the message what the
/// runtime's message for it says (prolog/*.pl, prolog:message//1).
struct RuntimeRefusal : EngineError {
    RuntimeRefusal(const std::string& m, std::string r) : EngineError(m), reason(std::move(r)) {}
    std::string reason;
};

/// A bound of the gdlsc runtime, `error(resource_error(R), _)` with R one of the runtime's
/// (gdlsc_regression_size(N): regression's formula passed --max-size).
struct RuntimeLimit : LimitError {
    RuntimeLimit(const std::string& m, std::string r) : LimitError(m), reason(std::move(r)) {}
    std::string reason;
};

struct PlayoutStats {
    std::int64_t states = 0;     ///< states visited, initial states included
    std::int64_t moves = 0;      ///< joint moves done
    std::int64_t terminals = 0;  ///< playouts that reached a terminal state
};

}  // namespace gdlsc::pl
namespace gdlsc::ground {
class StepNetwork;
}
namespace gdlsc::pl {

/// The step network of the loaded game, or null with the reason in `why` (asked at most once
/// per loaded game, on the first information-set update that wants it).
using NetworkSource = std::function<std::shared_ptr<const ground::StepNetwork>(std::string& why)>;

class Engine {
public:
    /// The process-wide engine; the first call starts SWI-Prolog and loads the runtime.
    static Engine& instance();
    /// At exit: flushes Prolog's output streams. SWI-Prolog is not cleaned up (PL_cleanup can
    /// hang in SWI-Prolog 9.0.4, see engine.cpp); the process ends right after.
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    /// Loads `program` as the module `game`, replacing any game loaded before (and
    /// dropping every memo and table). Game symbols are quoted data in the generated text.
    /// `network`: where the step network of information-set updates (network.h) comes from,
    /// asked on first use (the loaded game's own, built once); none: built here from the program.
    void load_game(const gdl::Program& program, const gdl::Analysis& analysis, NetworkSource network = {});
    /// Loads generated program text (the output of sc::emit_prolog) directly.
    void load_game_text(const std::string& text, const std::vector<std::string>& roles);
    /// The roles of the loaded game, in order (random included).
    const std::vector<std::string>& roles() const { return roles_; }

    void set_limits(const Limits& l);
    const Limits& limits() const { return limits_; }

    // --- states (gdlsc_game) ---
    State initial_state();
    std::vector<gdl::Term> fluents(const State& s);
    /// The state whose fluents are `fluents` (ground; sorted and deduplicated here).
    State make_state(const std::vector<gdl::Term>& fluents);
    /// Sorted, duplicate-free legal moves of `role`.
    std::vector<gdl::Term> legal_moves(const std::string& role, const State& s);
    std::vector<JointMove> joint_moves(const State& s);
    State next_state(const State& s, const JointMove& joint);
    bool terminal(const State& s);
    /// Goal values (role, value), sorted.
    std::vector<std::pair<std::string, gdl::Term>> goals(const State& s);
    /// What `role` sees when `joint` is done in `s` (sorted).
    std::vector<gdl::Term> percepts(const std::string& role, const JointMove& joint, const State& s);
    /// Random playouts run inside Prolog (gdlsc_playout:dev_playouts/4): the way to measure speed.
    PlayoutStats playouts(std::int64_t n, std::int64_t seed, std::int64_t max_depth = 10000);

    // --- generic calls ---
    /// Every solution of Module:Predicate(Args...), as bindings of the variables in `args`
    /// (at most `max_solutions`). Variables with the same name are the same variable; a
    /// variable named "$state" is bound to `state` (when given) and not reported.
    /// Lists: gdl compound "[|]"(H,T) and constant "[]" are Prolog lists; Prolog integers
    /// come back as constants with their decimal text.
    std::vector<Bindings> solve(const std::string& module, const std::string& predicate,
                                const std::vector<gdl::Term>& args,
                                std::size_t max_solutions = std::numeric_limits<std::size_t>::max(),
                                const State* state = nullptr);
    /// True when Module:Predicate(Args...) has a solution.
    bool succeeds(const std::string& module, const std::string& predicate, const std::vector<gdl::Term>& args);
    /// Drops every table (memoised situations, recursive predicates).
    void reset_tables();

    /// The SWI-Prolog version the engine runs, e.g. "9.0.4".
    std::string prolog_version();
    /// The folder the runtime was loaded from.
    const std::string& runtime_dir() const { return runtime_dir_; }

private:
    Engine();
    std::vector<std::string> roles_;
    Limits limits_;
    std::string runtime_dir_;
};


/// Where the runtime (prolog/*.pl) is: $GDLSC_PROLOG_DIR, else <exe>/../share/gdlsc/prolog
/// (installed), else the source tree's prolog/ (GDLSC_SOURCE_DIR, build tree).
std::string find_runtime_dir();

}  // namespace gdlsc::pl
