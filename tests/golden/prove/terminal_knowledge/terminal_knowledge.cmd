prove examples/blind_tictactoe/blind_tictactoe.kif terminal-knowledge --quiet
