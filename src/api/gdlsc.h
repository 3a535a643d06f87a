// gdlsc's public C++ API (installed as <gdlsc/gdlsc.h>, library libgdlsc, CMake package
// `find_package(gdlsc)` with the target gdlsc::gdlsc; doc/api.md): read and validate a GDL,
// GDL-II or GDL-III game, translate it, and ask what `gdlsc` answers on the command line —
// queries after a history, information sets, bounded and whole-game proofs of knowledge
// properties, random matches, recorded matches (written and replayed). Only standard types
// cross this header; every error is a gdlsc::Error whose exit_code is the command line's
// (doc/usage.md, "Exit codes").
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
/// For input errors the place of the first one (`file`:`line`:`column`, 1-based) when the
/// message names it (a game, a history, a formula), else file empty and line 0.
class Error : public std::runtime_error {
public:
    Error(const std::string& message, int exit_code);
    int exit_code() const { return exit_code_; }
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    int column() const { return column_; }

private:
    int exit_code_;
    std::string file_;
    int line_ = 0, column_ = 0;
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
    /// Neither proved nor refuted (exit 6): `prove --engine smt --induction` up to k, or
    /// `--engine walks` (no counterexample found: the walks only refute).
    bool undecided = false;
    /// developments, fixpoint, smt, smt-induction, witness, chc, bdd or walks (`prove --json`'s "method").
    std::string method;
    std::size_t depth = 0;
    std::string role;
    std::vector<std::vector<std::string>> actual, alternative;
    /// The role's percepts along each development, per step (KIF, sorted), where the method
    /// gives them.
    std::vector<std::vector<std::string>> actual_percepts, alternative_percepts;
    /// For a single development (well-formedness): what it shows, in words.
    std::string explanation;
    std::string text;  ///< what `gdlsc prove` prints
    std::string json;  ///< what `gdlsc prove --json` prints (the statistics: states, pairs, ...)
};

/// `gdlsc belief`: the probability of a formula over a role's information set, exactly
/// (numerator / denominator, decimals that may exceed 64 bits).
struct Belief {
    std::string numerator, denominator;
    std::string developments;  ///< the information set's size
};

/// `gdlsc solve`: the developments (joint moves per step) at whose end a formula holds.
struct Solutions {
    std::string count;  ///< every solution (decimal), listed or not
    std::vector<std::vector<std::vector<std::string>>> histories;  ///< the listed ones
    std::vector<std::vector<std::string>> states;                  ///< their last states (sorted fluents)
    std::string text;  ///< what `gdlsc solve` prints
};

/// `gdlsc regress`: the formula regressed to s0 (the proof) and its value there.
struct Regression {
    std::string formula;  ///< the regressed formula, readable
    std::size_t size = 0;  ///< its nodes
    Answer answer;
};

/// One random match (the GDL-II execution model): the joint moves, one per step, and the goal
/// values at the end (role, value).
struct Match {
    std::vector<std::vector<std::string>> joint_moves;
    bool terminal = false;
    std::vector<std::pair<std::string, std::string>> goals;
};

/// `gdlsc replay`: where a recorded match first disagrees with the game.
struct ReplayDeviation {
    std::size_t step = 0;  ///< the record's step (1-based: step k holds the k-th joint move)
    std::string role;      ///< the role concerned ("" for a state or the end)
    std::string move;      ///< its move at this step (KIF), or ""
    /// What differs: "move" (not legal), "state", "legal", "percepts", "terminal" or "goals".
    std::string what;
    std::string recorded, game;  ///< what the record says, and what the game says instead
    std::string location;        ///< file:line:col in the record
    std::string message;         ///< all of it in one sentence
};

/// `gdlsc replay --role R`: the role's information set after a number of joint moves.
struct ReplayKnowledge {
    std::size_t after = 0;     ///< joint moves made
    std::string developments;  ///< decimal (may exceed 64 bits)
    std::size_t states = 0;    ///< distinct states among them
};

/// `gdlsc replay`: a recorded match checked step by step against the game.
struct Replay {
    bool clean = true;   ///< every step agrees (exit 0); false: `deviation` (exit 1)
    std::string record;  ///< the record's path (or the name given to Game::replay_text)
    std::string format;  ///< "xml" (Dresden match trace) or "json" (ggp-base match)
    std::string game;    ///< the record's game name, if it gives one
    std::string engine;  ///< the forward engine that replayed it ("network" or "progression")
    std::vector<std::string> roles;
    std::size_t steps = 0;        ///< steps of the record
    std::size_t joint_moves = 0;  ///< joint moves replayed (up to the deviation)
    /// What was compared and agreed (items the record holds, up to the deviation).
    std::size_t states_checked = 0, legal_checked = 0, moves_checked = 0, percepts_checked = 0;
    bool terminal_checked = false, goals_checked = false;
    bool finished = false;  ///< the replay reached a terminal state at the record's end
    std::optional<ReplayDeviation> deviation;
    std::string knowledge_role;              ///< the role asked for ("" when none)
    std::vector<ReplayKnowledge> knowledge;  ///< after 0, 1, ... joint moves
    int exit_code = 0;  ///< the command's: 0 clean, 1 a deviation
    std::string text;   ///< what `gdlsc replay` prints
    std::string json;   ///< what `gdlsc replay --json` prints
};

/// Whole-game playout speed (`simulate --playouts`).
struct Playouts {
    std::string engine;  ///< "network" or "progression"
    std::int64_t playouts = 0, states = 0;
    double seconds = 0;  ///< wall clock of the playouts alone (states / seconds: the rate)
    std::int64_t moves = 0, terminals = 0;  ///< joint moves made; playouts that ended terminal
    double cpu_seconds = 0;
};

/// A state of a match under the GDL-II execution model: the initial state (Game::initial())
/// or one reached from it by joint moves (step()). A value: step() returns a new State and
/// leaves this one as it is. Its fluents, legal moves and goals are computed when it is made,
/// by the engine `gdlsc simulate` uses (the step network where the game grounds, else the
/// rules in Prolog), so the accessors are cheap.
class State {
public:
    /// The joint moves from the initial state (KIF, role order), one per step.
    std::vector<std::vector<std::string>> history() const;
    /// The state's fluents (KIF, sorted).
    const std::vector<std::string>& fluents() const;
    bool terminal() const;
    /// The role's legal moves (KIF, sorted); empty in a terminal state. Error (2) for an
    /// unknown role.
    const std::vector<std::string>& legal(const std::string& role) const;
    /// What the role saw at the step that led here (KIF, sorted); empty in the initial state.
    const std::vector<std::string>& percepts(const std::string& role) const;
    /// The role's percepts at every step from the initial state (what it knows of the match,
    /// with its own moves).
    std::vector<std::vector<std::string>> percept_history(const std::string& role) const;
    /// The role's goal values here (usually one; KIF).
    std::vector<std::string> goals(const std::string& role) const;
    /// The state after `joint` (one move per role, role order, KIF). Error (2) naming the
    /// role and the move when a move is not legal, or when the state is terminal.
    State step(const std::vector<std::string>& joint) const;
    /// The history as `--history` takes it: "(m1 m2 ...) (...)".
    std::string history_text() const;

    struct Node;  ///< opaque
    explicit State(std::shared_ptr<const Node> node);

private:
    std::shared_ptr<const Node> node_;
};

class Game {
public:
    /// Reads and validates a game file (KIF or infix). Error (exit code 2) with the located
    /// diagnostics when it is not valid; `strict`: the deviations gdlsc accepts are errors too.
    static Game read(const std::string& path, bool strict = false);
    /// Every diagnostic of the file, errors and warnings; never throws for an invalid game
    /// (only for an unreadable file).
    static std::vector<Diagnostic> check(const std::string& path, bool strict = false);
    /// Reads and validates a game given as text (KIF or infix); `name` is the file name its
    /// diagnostics and locations give.
    static Game parse(const std::string& text, const std::string& name = "<text>", bool strict = false);

    const std::string& path() const;
    /// In the order of the role facts, random included.
    std::vector<std::string> roles() const;
    /// Whether the rules use knows (GDL-III).
    bool epistemic() const;
    /// Every relation of the rules as (name/arity, class): "static", "derived fluent" or
    /// "action predicate" (the class the theory gives it), sorted by name and arity.
    std::vector<std::pair<std::string, std::string>> predicate_classes() const;
    /// The primitive fluents' signatures (name/arity), sorted.
    std::vector<std::string> fluent_signatures() const;

    /// `gdlsc translate`: the Situation Calculus theory ("text", "prolog", "tptp"), or the
    /// ground program along `history` ("smtlib", "ground", "network"), or the clingo program
    /// ("asp") to `horizon` (-1: the history's length, or 10 without one) in `encoding` ("time",
    /// "staged", "sequences"; "": chosen as the command chooses, doc/translation.md). The same
    /// text as `gdlsc translate GAME --format F [--history H] [--horizon N] [--encoding E]`.
    std::string translate(const std::string& format = "text", const std::string& history = "", int horizon = -1,
                          const std::string& encoding = "") const;
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
    /// --engine` (explicit, developments, fixpoint, bdd, smt, induction, chc, walks), "all", which throws
    /// Error (exit 3) when the methods disagree, or "auto" (the whole game: the methods in turn with
    /// growing time slices, the first verdict wins).
    Proof prove(const std::string& property, std::optional<std::size_t> depth = std::nullopt,
                double timeout_seconds = 600, const std::string& engine = "explicit") const;
    /// `gdlsc prove --witness FILE`: replays the counterexample in FILE (the JSON `prove --json`
    /// prints, or its "counterexample" object) with `engine` ("explicit", "smt" or "all");
    /// holds is false when it refutes the property, Error (2) naming the step where it does not.
    Proof check_witness(const std::string& property, const std::string& witness_file,
                        double timeout_seconds = 600, const std::string& engine = "explicit") const;
    /// `gdlsc belief`: the probability of the closed formula over the role's information set
    /// after the history (random, and every other role, uniform over its legal moves).
    Belief belief(const std::string& role, const std::string& formula, const std::string& history = "",
                  double timeout_seconds = 600) const;
    /// `gdlsc solve`: every development of at most `depth` joint moves at whose end the formula
    /// holds; at most `limit` listed. With a history (as `--history`): only the developments
    /// that start with it (`depth` counts its joint moves too).
    Solutions solve(const std::string& formula, std::size_t depth, std::size_t limit = 100,
                    double timeout_seconds = 600, const std::string& history = "") const;
    /// `gdlsc regress`: the formula about the situation the history reaches, regressed to s0.
    Regression regress(const std::string& formula, const std::string& history = "",
                       std::size_t max_size = 100000, double timeout_seconds = 600) const;
    /// The initial state, to be stepped (State::step).
    State initial() const;
    /// The state after a history (joint moves in role order, KIF, as `--history`).
    State after(const std::string& history) const;
    /// The last state of `simulate(seed, max_steps)`'s match (its history() is the match).
    State random_playout(std::uint64_t seed = 1, std::size_t max_steps = 1000) const;
    /// `gdlsc simulate --seed`: one random match (the step network where the game grounds).
    /// With `record_path`, `simulate --record FILE --record-format F`: the match is also written
    /// there as a recorded match that replay() reads; `record_format` "xml" (the Dresden trace
    /// with gdlsc's <percepts>) or "json" (ggp-base's match), "" by the file's extension (.json
    /// JSON, else XML). Error (2) when the file cannot be written.
    Match simulate(std::uint64_t seed = 1, std::size_t max_steps = 1000, const std::string& record_path = "",
                   const std::string& record_format = "") const;
    /// The match simulate(seed, max_steps) plays as a recorded match in `format` ("xml" or
    /// "json"), as text: what `simulate --record` writes.
    std::string record(std::uint64_t seed = 1, std::size_t max_steps = 1000, const std::string& format = "xml") const;
    /// `gdlsc replay GAME RECORD [--role R] [--engine E]`: the recorded match in the file
    /// (the Dresden controller's trace XML or ggp-base's match JSON, by its first character)
    /// played again on the game, step by step; a deviation is an outcome (clean false, exit_code
    /// 1), not an error. With `role`, that role's information set after every joint move.
    /// `engine`: "auto", "network" or "progression" (as simulate); Error (4) past the time limit.
    /// Error (2, located in the record: file:line:col) for a record that does not read or does
    /// not fit the game (a role it lacks).
    Replay replay(const std::string& record_path, const std::string& role = "", const std::string& engine = "auto",
                  double timeout_seconds = 600) const;
    /// replay() on a record given as text; `name` is the file name of its locations.
    Replay replay_text(const std::string& record_text, const std::string& name = "<record>",
                       const std::string& role = "", const std::string& engine = "auto",
                       double timeout_seconds = 600) const;
    /// `gdlsc simulate --playouts`.
    Playouts playouts(std::int64_t n, std::uint64_t seed = 1) const;

    struct Impl;  ///< opaque

    Game(const Game&);
    Game& operator=(const Game&);
    Game(Game&&) noexcept;
    Game& operator=(Game&&) noexcept;
    ~Game();

private:
    explicit Game(std::shared_ptr<const Impl> impl);
    std::shared_ptr<const Impl> impl_;
};

/// Ends the call running in another thread (or around a signal handler: it is
/// async-signal-safe) as if its time limit had passed: the searches in C++ (the whole-game
/// fixpoint, the well-formedness search) stop within 50 ms and the call throws Error (exit 4);
/// a Prolog call or a Z3 check ends at its own time limit. Until clear_interrupt(), every call
/// ends so. The Python module's Ctrl-C (doc/python.md).
void interrupt() noexcept;
bool interrupted() noexcept;
void clear_interrupt() noexcept;

/// gdlsc's version, and those of the SWI-Prolog and Z3 it runs with (`gdlsc --version`).
std::string version();

}  // namespace gdlsc
