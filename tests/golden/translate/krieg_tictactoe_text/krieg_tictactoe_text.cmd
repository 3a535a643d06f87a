translate examples/krieg_tictactoe/krieg_tictactoe.kif --format text
