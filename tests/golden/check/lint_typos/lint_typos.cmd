check tests/golden/check/lint_typos/lint_typos.kif
