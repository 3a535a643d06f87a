prove examples/exploding_bomb/exploding_bomb.kif goal-knowledge --quiet
