translate examples/card_game/card_game.kif --format ground --history "(noop noop (deal king 7)) (allIn allIn noop)"
