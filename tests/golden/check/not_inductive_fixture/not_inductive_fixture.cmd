check tests/fixtures/smt/not_inductive.kif
