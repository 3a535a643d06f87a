// The corpus's othello-fourway-teamswitch with its two rules written as the Dresden game
// controller evaluated them (a negated literal with unbound variables, left to right;
// tests/feature/traces/dresden_traces_test.cpp explains the difference): the game on which
// the controller's recorded match replays clean. Shared by the traces and replay tests.
#pragma once
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gdlsc::test {

/// The game text `text` (the corpus file's) with the two rules rewritten.
inline std::string othello_as_evaluated_by_the_controller(std::string text) {
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"(not (onaline ?i ?j white ?x ?y black ?odir))", "(not (enclosed ?i ?j white black ?odir))"},
             {"(not (onaline ?i ?j black ?x ?y white ?odir))", "(not (enclosed ?i ?j black white ?odir))"}}) {
        auto p = text.find(from);
        if (p == std::string::npos) throw std::runtime_error("othello rule not found: " + from);
        text.replace(p, from.size(), to);
    }
    return text + "\n(<= (enclosed ?i ?j ?c ?d ?dir) (onaline ?i ?j ?c ?x ?y ?d ?dir))\n";
}

}  // namespace gdlsc::test
