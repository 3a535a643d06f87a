translate examples/card_game/card_game.kif --format prolog
