prove tests/fixtures/wellformed/stuck.kif playability --quiet
