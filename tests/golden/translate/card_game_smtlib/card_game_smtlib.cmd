translate examples/card_game/card_game.kif --format smtlib --history "(noop noop (deal king 7))"
