translate tests/fixtures/smt/positive_loops.kif --format smtlib --history "(unlock b c)"
