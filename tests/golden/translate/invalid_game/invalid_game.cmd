translate tests/golden/translate/invalid_game/invalid_game.kif --format text
