// Recorded matches (doc/usage.md, "replay"; doc/interop.md, "Recorded matches"): the Dresden
// game controller's match traces (`<gametrace>` XML, with gdlsc's `<percepts>` element for
// GDL-II) and ggp-base's match JSON (`moves`, `states`, `goalValues`, `isCompleted`, with
// gdlsc's `roles` and `percepts` keys), read into one MatchRecord whose every item keeps its
// file:line:col, and written back from a match gdlsc played (`simulate --record FILE`).
// A record that does not read is a UserError (exit 2) located in the file.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gdl/source.h"
#include "gdl/term.h"

namespace gdlsc::query {

struct Match;

enum class RecordFormat { Xml, Json };
const char* record_format_name(RecordFormat f);

/// A GDL term as the record writes it (symbols folded to lower case, like every KIF text
/// gdlsc reads), with the place in the record where it is written.
struct RecordedTerm {
    gdl::Term term;
    gdl::Location loc;
};

/// Per role: a set of terms. The role as the record names it, folded to lower case; "#i" for
/// the i-th role in role order where the record names none (ggp-base JSON).
using RoleTerms = std::map<std::string, std::vector<RecordedTerm>>;

/// Step k of a record (1-based, as the Dresden traces number them): the state in which the
/// k-th joint move is made, the moves of that joint move, and what each role saw after it.
/// The last step of a finished match holds the final state and no moves.
struct RecordedStep {
    int number = 0;
    gdl::Location loc;
    std::optional<std::vector<RecordedTerm>> state;  ///< the fluents, when recorded
    std::optional<RoleTerms> legal;                  ///< every role's legal moves, when recorded
    /// The joint move: (role, move) as written ("#i" for the i-th move of a JSON list).
    struct Move {
        std::string role;
        RecordedTerm move;
    };
    std::vector<Move> moves;
    gdl::Location moves_loc;  ///< where the joint move is written (the step, when none is)
    /// What each role saw after the joint move (a role not listed saw nothing), when recorded.
    std::optional<RoleTerms> percepts;
    bool terminal = false;  ///< XML: `<terminal/>` in this step
};

struct MatchRecord {
    RecordFormat format = RecordFormat::Xml;
    std::string path;
    std::string game;                 ///< XML `<game>`, JSON `matchId`'s game if any ("" when absent)
    std::vector<std::string> roles;   ///< JSON `roles` (gdlsc's key), folded; empty when absent
    gdl::Location roles_loc;
    std::vector<RecordedStep> steps;
    /// Whether the record says the match ended in a terminal state (XML: `<terminal/>` in the
    /// last step; JSON: `isCompleted`); nothing when it does not say.
    std::optional<bool> finished;
    gdl::Location finished_loc;
    /// The goal values per role (XML `<goal_values>` of the last step; JSON `goalValues`, in
    /// role order, "#i"; a null value is not recorded); nothing when not recorded.
    std::optional<RoleTerms> goals;
    gdl::Location goals_loc;
};

/// The format of `path` by its extension: .json is JSON, .xml (and anything else) XML.
RecordFormat record_format_of(const std::string& path);

/// Reads a recorded match; the format from the first character that is not white space
/// (`<` XML, `{` JSON). UserError (exit 2) located at file:line:col for a record that does
/// not read: malformed XML or JSON (a truncated file: where it ends), an element or key of
/// the wrong shape, a move, fluent or percept that is not a ground KIF term.
MatchRecord read_match_record(const std::string& path);
/// The same on a text in memory, its locations in `name`.
MatchRecord parse_match_record(const std::string& name, const std::string& text);

/// The match gdlsc played (played with record_states, so that every state and every legal
/// move is at hand) as a record in `format`, named `game` in it.
std::string write_match_record(const Match& m, RecordFormat format, const std::string& game);

}  // namespace gdlsc::query
