// `gdlsc translate`: the situation calculus theory of a game (src/sc) as text, Prolog or
// TPTP, or the completion and loop formulas of its ground program along a history as SMT-LIB.
#pragma once
#include <string>

namespace gdlsc::query {

struct TranslateOptions {
    std::string format = "text";        ///< text | prolog | tptp | smtlib | ground | network
    std::string history, history_file;  ///< smtlib only: the joint moves to ground along
    bool strict = false;                ///< deviations from GDL are errors (--strict)
};

struct Translation {
    bool valid = false;
    std::string diagnostics;  ///< sorted, located; warnings of a valid game too
    std::string text;         ///< the translation (empty when the game is invalid)
};

/// Reads and validates `path` and translates it. An unreadable file, a history with a
/// format other than smtlib or ground, or an illegal history step is a UserError.
Translation translate_game_file(const std::string& path, const TranslateOptions& o);

}  // namespace gdlsc::query
