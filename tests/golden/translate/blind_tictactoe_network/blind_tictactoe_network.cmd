translate examples/blind_tictactoe/blind_tictactoe.kif --format network
