translate examples/card_game/card_game.kif --format asp --encoding time --history "(noop noop (deal king 7))"
