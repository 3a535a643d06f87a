prove tests/fixtures/wellformed/cycle.kif termination --quiet
