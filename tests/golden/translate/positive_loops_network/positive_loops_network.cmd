translate tests/fixtures/smt/positive_loops.kif --format network
