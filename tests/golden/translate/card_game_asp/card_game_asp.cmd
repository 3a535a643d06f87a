translate examples/card_game/card_game.kif --format asp --history "(noop noop (deal king 7))"
