prove examples/card_game/card_game.kif '(knows jane (true (hasCard rick king)))' --quiet
