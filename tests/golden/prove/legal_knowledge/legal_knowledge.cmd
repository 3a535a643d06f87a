prove tests/fixtures/prove/hidden_legal.kif legal-knowledge --quiet
