check examples/card_game/card_game.kif --json
