check --json tests/golden/check/unclosed_parenthesis/unclosed_parenthesis.kif
