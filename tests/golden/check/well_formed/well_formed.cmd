check tests/fixtures/wellformed/stuck.kif --well-formed --quiet
