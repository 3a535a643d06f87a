// `gdlsc translate`: the situation calculus theory of a game (src/sc) as text, Prolog or
// TPTP, or the completion and loop formulas of its ground program along a history as SMT-LIB,
// or the game as a clingo program (asp: time arguments, the time in the names, or, for GDL-III,
// sequence arguments).
#pragma once
#include <string>

namespace gdlsc::query {

struct TranslateOptions {
    std::string format = "text";        ///< text | prolog | tptp | smtlib | ground | network | asp
    std::string history, history_file;  ///< smtlib, ground, asp: the joint moves to ground along / fix
    int horizon = -1;                   ///< asp: the last time point (-1: the history's length, or 10 without one)
    std::string encoding;               ///< asp: time | staged | sequences (empty: chosen, doc/translation.md)
    bool sequences = false;             ///< asp: the sequence encoding for a game without knows too (= encoding sequences)
    bool strict = false;                ///< deviations from GDL are errors (--strict)
};

struct Translation {
    bool valid = false;
    std::string diagnostics;  ///< sorted, located; warnings of a valid game too
    std::string text;         ///< the translation (empty when the game is invalid)
};

/// Reads and validates `path` and translates it. An unreadable file, a history with a
/// format other than smtlib, ground or asp, an illegal history step, a horizon shorter than
/// the history, an unknown --encoding, time or staged for a game with knows, or a construct the
/// asp format cannot take (located) is a UserError.
Translation translate_game_file(const std::string& path, const TranslateOptions& o);

}  // namespace gdlsc::query
