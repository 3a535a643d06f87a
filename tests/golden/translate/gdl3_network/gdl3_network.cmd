translate examples/number_guessing/number_guessing.kif --format network
