// The game as an answer set program for clingo (doc/translation.md, "ASP"): every
// state-dependent relation gains a time argument (true(F,T), legal(R,M,T), next(F,T) gives
// true(F,T+1)), the moves are chosen among the legal ones or fixed by a history; the staged
// encoding writes the time into the names instead (true_3(F), legal_3(R,M)), one copy of the
// rules per time point, so that the program is stratified step by step (used when the history
// fixes every joint move up to the horizon); a GDL-III game gets the sequence encoding of
// Thielscher (2016), every development one term, knowledge over the indistinguishability relation. Game symbols are mapped so that none can
// clash with ASP syntax or with the program's own predicates (which all start with gdl_).
#pragma once
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/diagnostics.h"
#include "gdl/program.h"

namespace gdlsc::sc {

enum class AspEncoding {
    Automatic,  ///< sequences for a game with knows; staged when the history fixes every joint move
                ///< up to the horizon; else time
    Time,       ///< true(F,T): one copy of the rules, the time an argument
    Staged,     ///< true_3(F): one copy per time point, stratified step by step
    Sequences,  ///< Thielscher's developments, p_3(...,S) (the only one for a game with knows)
};

struct AspOptions {
    int horizon = 10;                              ///< the last time point (joint moves made at most)
    std::vector<std::vector<gdl::Term>> history;  ///< fixed joint moves, role order (ground)
    AspEncoding encoding = AspEncoding::Automatic;
    std::string source_name;                       ///< the game, for the header comment
};

/// The program; constructs ASP cannot take get a located error in `diags` (then the text is
/// empty). A game with knows always gets the sequence encoding (the caller refuses another). The history must be a legal one (the caller checks it; the program also says so
/// as a constraint). `horizon` must be at least the history's length.
std::string emit_asp(const gdl::Program& program, const gdl::Analysis& analysis, const AspOptions& options,
                     gdl::Diagnostics& diags);

/// A constant or function symbol of the game as an ASP term: the name itself when it is a
/// lower-case identifier that is not `not` and does not start with gdl_, the number when it is
/// a decimal integer below 10^9 without leading zeros, else an ASP string "...".
std::string asp_constant(const std::string& name);

/// A game variable ?name as an ASP variable: V + the name, '_' doubled, any character
/// other than a letter or digit as _ and its two hex digits (injective, never T, S, C, ...).
std::string asp_variable(const std::string& name);

}  // namespace gdlsc::sc
