translate examples/number_guessing/number_guessing.kif --format asp --horizon 1
