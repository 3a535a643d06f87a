// Every corpus game that loads, for the tests that run each of them through an engine
// (the query layer; the paths alone are in game_paths.h).
#pragma once
#include <exception>
#include <filesystem>
#include <functional>

#include "game_paths.h"
#include "session/game_file.h"

namespace gdlsc::test {

/// Calls f(file, game) for each corpus game (gdl1, gdl2) that loads, in file order. Games that
/// do not load are skipped here: their verdicts are tests/feature/corpus/verdicts_test.cpp's.
inline void for_each_loading_corpus_game(
    const std::function<void(const std::filesystem::path&, query::Game&)>& f) {
    for (const auto& file : corpus_games()) {
        query::Game g;
        try {
            g = query::load_game_file(file.string());
        } catch (const std::exception&) {
            continue;
        }
        f(file, g);
    }
}

}  // namespace gdlsc::test
