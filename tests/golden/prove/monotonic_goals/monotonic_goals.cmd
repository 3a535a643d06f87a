prove tests/fixtures/wellformed/dropping_goal.kif monotonic-goals --quiet
