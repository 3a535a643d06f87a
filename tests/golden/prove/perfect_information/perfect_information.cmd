prove examples/krieg_tictactoe/krieg_tictactoe.kif perfect-information --quiet
