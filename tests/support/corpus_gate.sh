#!/usr/bin/env bash
# Runs a test of the public game corpus, or reports CTest's skip status (exit 77) with one line
# naming the folder when the corpus is absent (tests/CMakeLists.txt, tests/support/game_paths.h).
# Usage: corpus_gate.sh CONFIGURED_CORPUS_DIR TEST_PROGRAM [ARGS...]   ($GDLSC_CORPUS overrides)
set -u
dir="${GDLSC_CORPUS:-$1}"
shift
if [[ ! -d "$dir" ]]; then
  echo "skipped: the game corpus $dir is absent (set GDLSC_CORPUS=DIR to point at another one)"
  exit 77
fi
exec "$@"
