// Histories: sequences of joint moves, each a KIF list of one move per role in role
// order, e.g. `(noop noop (deal king 7)) (allIn fold noop)`. A history file holds one
// joint move per line (blank lines and `;` comments allowed; the parentheses around a
// line are optional). Checking a history against the game gives its situation term.
#pragma once
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/term.h"

namespace gdlsc::pl {
class Engine;
}

namespace gdlsc::query {

struct Step {
    std::vector<gdl::Term> moves;  ///< one per role, in role order
    gdl::Location loc;
};

using History = std::vector<Step>;

/// Reads a history given on the command line. Throws UserError naming the step and
/// position for a malformed step or a wrong number of moves. With one role, a step may
/// be the move itself: `(mark 1 1)` is the step `((mark 1 1))`.
History parse_history(const std::string& text, const std::vector<std::string>& roles,
                      const std::string& source_name = "<history>");
/// Reads a history file (one joint move per line).
History parse_history_file(const std::string& path, const std::vector<std::string>& roles);

/// The situation term do(a(M1..Mk), ... do(..., s0)) of a history.
gdl::Term situation_term(const History& h);

/// Checks the history against the loaded game step by step and returns its situation.
/// Throws UserError "history step N: ..." naming the role and the move for an illegal
/// move, and the step for a move after a terminal state.
gdl::Term check_history(pl::Engine& engine, const History& h);

/// The errors of check_history, for an engine that checks the steps itself: step i (0-based)
/// continues after a terminal state; move r of step i is not legal (`legal`: the role's legal
/// moves in KIF, listed in the message).
[[noreturn]] void fail_terminal(const History& h, std::size_t i);
[[noreturn]] void fail_illegal(const History& h, std::size_t i, std::size_t r, const std::string& role,
                               const std::vector<std::string>& legal);

}  // namespace gdlsc::query
