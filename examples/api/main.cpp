// gdlsc as a library, on Thielscher's card game (examples/card_game, AAAI 2010 Figure 1):
// read and validate the game, ask what jane knows after the deal, rick's information set,
// whether every player always knows its legal moves (the whole game), and one random match.
// The expected output is in README.md; tests/unit/cli/install_test.cpp builds and runs this
// program against an installed gdlsc.
#include <gdlsc/gdlsc.h>

#include <iostream>
#include <string>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: card_game_api card_game.kif | --version\n";
        return 64;
    }
    try {
        if (std::string(argv[1]) == "--version") {  // gdlsc, SWI-Prolog, Z3, and where the runtime is
            std::cout << gdlsc::version() << "\n";
            return 0;
        }
        for (const auto& d : gdlsc::Game::check(argv[1]))
            if (d.severity == "error") std::cout << d.file << ":" << d.line << ":" << d.column << ": " << d.message << "\n";
        gdlsc::Game game = gdlsc::Game::read(argv[1]);
        std::cout << "roles:";
        for (const auto& r : game.roles()) std::cout << " " << r;
        std::cout << "\n";

        const std::string deal = "(noop noop (deal king 7))";
        gdlsc::Answer mine = game.query("(knows jane (true (hascard jane ?c)))", deal);
        std::cout << "jane knows her card: " << (mine.holds ? mine.rows.at(0).at(0).second : "no") << "\n";
        gdlsc::Answer theirs = game.query("(knows jane (true (hascard rick 7)))", deal);
        std::cout << "jane knows rick has 7: " << (theirs.holds ? "yes" : "no") << "\n";

        gdlsc::InformationSet set = game.information_set("rick", deal);
        std::cout << "rick's information set: " << set.developments << " developments, " << set.states.size()
                  << " states\n";

        gdlsc::Proof p = game.prove("legal-knowledge");
        std::cout << "legal-knowledge: " << (p.holds ? "holds" : "refuted") << (p.whole_game ? " for the whole game" : "")
                  << "\n";
        gdlsc::Proof q = game.prove("(kwhether jane (true (hascard rick 7)))", 2);
        std::cout << "jane always knows whether rick has 7: " << (q.holds ? "holds" : "refuted at depth " + std::to_string(q.depth))
                  << "\n";

        gdlsc::Match m = game.simulate(7);
        std::cout << "match (seed 7): " << m.joint_moves.size() << " joint moves, "
                  << (m.terminal ? "terminal" : "unfinished") << ", goals:";
        for (const auto& [role, value] : m.goals) std::cout << " " << role << "=" << value;
        std::cout << "\n";
        return 0;
    } catch (const gdlsc::Error& e) {
        std::cerr << "card_game_api: " << e.what() << "\n";
        return e.exit_code();
    }
}
