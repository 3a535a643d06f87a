// gdlsc's public C++ API (installed as <gdlsc/gdlsc.h>, library libgdlsc, CMake package
// `find_package(gdlsc)` with the target gdlsc::gdlsc; doc/api.md): read and validate a GDL,
// GDL-II or GDL-III game, translate it, and ask what `gdlsc` answers on the command line —
// queries after a history, information sets, bounded and whole-game proofs of knowledge
// properties, random matches. Only standard types cross this header; every error is a
// gdlsc::Error whose exit_code is the command line's (doc/usage.md, "Exit codes").
//
//   gdlsc::Game game = gdlsc::Game::read("montyhall.kif");
//   auto a = game.query("(knows candidate (true (step ?n)))", "((hide_car 1) (choose 2))");
//   if (a.holds) for (auto& row : a.rows) std::cout << row.at(0).second << "\n";
//
// The reasoning runs in one embedded SWI-Prolog engine per process: one Game is loaded into
// it at a time (each call loads its game again when another was used in between), and calls
// are not thread-safe.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gdlsc {

/// What went wrong, with the exit code `gdlsc` would end with: 2 invalid input (a located
/// message for games and histories), 3 engines that disagree, 4 a time or memory limit,
/// 5 an internal error.
class Error : public std::runtime_error {
public:
    Error(const std::string& message, int exit_code) : std::runtime_error(message), exit_code_(exit_code) {}
    int exit_code() const { return exit_code_; }

private:
    int exit_code_;
};

/// One message of the validation, as `gdlsc check` prints it (file:line:col: severity: message).
struct Diagnostic {
    std::string file;
    int line = 0, column = 0;
    std::string severity;  ///< "error", "warning" or "note"
    std::string message;
};

/// The answer to a query: whether the formula holds and, for its free variables, every
/// binding (variable without '?', value in KIF), sorted.
struct Answer {
    bool holds = false;
    std::vector<std::vector<std::pair<std::string, std::string>>> rows;
};

/// A role's information set after a history: how many developments it holds (a decimal, it
/// may exceed 64 bits) and their distinct final states (fluents in KIF, sorted).
struct InformationSet {
    std::string developments;
    std::vector<std::vector<std::string>> states;
};

/// A verdict of `prove`: whether the property holds, for every development of every length
/// (whole_game) or up to `depth`; for a violation the two developments (joint moves in KIF,
/// per step) that `role` cannot tell apart.
struct Proof {
    bool holds = true;
    bool whole_game = false;
    std::size_t depth = 0;
    std::string role;
    std::vector<std::vector<std::string>> actual, alternative;
    std::string text;  ///< what `gdlsc prove` prints
};

/// One random match (the GDL-II execution model): the joint moves, one per step, and the goal
/// values at the end (role, value).
struct Match {
    std::vector<std::vector<std::string>> joint_moves;
    bool terminal = false;
    std::vector<std::pair<std::string, std::string>> goals;
};

/// Whole-game playout speed (`simulate --playouts`).
struct Playouts {
    std::string engine;  ///< "network" or "progression"
    std::int64_t playouts = 0, states = 0;
    double seconds = 0;
};

class Game {
public:
    /// Reads and validates a game file (KIF or infix). Error (exit code 2) with the located
    /// diagnostics when it is not valid; `strict`: the deviations gdlsc accepts are errors too.
    static Game read(const std::string& path, bool strict = false);
    /// Every diagnostic of the file, errors and warnings; never throws for an invalid game
    /// (only for an unreadable file).
    static std::vector<Diagnostic> check(const std::string& path, bool strict = false);

    const std::string& path() const;
    /// In the order of the role facts, random included.
    std::vector<std::string> roles() const;
    /// Whether the rules use knows (GDL-III).
    bool epistemic() const;

    /// The Situation Calculus theory: "text", "prolog" or "tptp".
    std::string translate(const std::string& format = "text") const;
    /// `gdlsc query`: the formula after the history (joint moves in role order, KIF, as on the
    /// command line); engine "progression", "regression", "smt" or "all".
    Answer query(const std::string& formula, const std::string& history = "",
                 const std::string& engine = "progression", double timeout_seconds = 600) const;
    /// `gdlsc infoset`.
    InformationSet information_set(const std::string& role, const std::string& history = "",
                                   double timeout_seconds = 600) const;
    /// `gdlsc prove`: legal-knowledge, terminal-knowledge, goal-knowledge, perfect-information
    /// or a KIF formula; without `depth` for the whole game (the lockstep fixpoint), with it over
    /// every development of at most `depth` joint moves. `engine`: a method of `gdlsc prove
    /// --engine` (explicit, developments, fixpoint, smt, induction, ...) or "all", which throws
    /// Error (exit 3) when the methods disagree.
    Proof prove(const std::string& property, std::optional<std::size_t> depth = std::nullopt,
                double timeout_seconds = 600, const std::string& engine = "explicit") const;
    /// `gdlsc simulate --seed`: one random match (the step network where the game grounds).
    Match simulate(std::uint64_t seed = 1, std::size_t max_steps = 1000) const;
    /// `gdlsc simulate --playouts`.
    Playouts playouts(std::int64_t n, std::uint64_t seed = 1) const;

    Game(const Game&);
    Game& operator=(const Game&);
    Game(Game&&) noexcept;
    Game& operator=(Game&&) noexcept;
    ~Game();

private:
    struct Impl;
    explicit Game(std::shared_ptr<const Impl> impl);
    std::shared_ptr<const Impl> impl_;
};

/// gdlsc's version, and those of the SWI-Prolog and Z3 it runs with (`gdlsc --version`).
std::string version();

}  // namespace gdlsc
