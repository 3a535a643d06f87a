prove examples/card_game/card_game.kif '(knows rick (not (true (hasCard jane ace))))' --quiet
