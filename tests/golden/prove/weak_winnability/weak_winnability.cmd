prove tests/fixtures/wellformed/unwinnable.kif weak-winnability --quiet
