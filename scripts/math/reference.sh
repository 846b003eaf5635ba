#!/bin/sh
# What pylatexenc's latex2text (PyPI) makes of each formula of a corpus: one JSON line a formula,
# {"line": N, "kind": K, "latex": L, "text": T}, on standard output.
#
#   scripts/math/reference.sh [CORPUS]      (default: Tests/Fixtures/math/corpus.txt)
#
# Installs pylatexenc (pinned) into .build/math-venv on first use (scripts/lib/venv.sh: under a
# lock, nothing global touched). Exit 2 when it cannot be installed, 3 when no venv can be made.
# Tests/QuizlineCLITests/MathCorpusTests.swift runs it and compares quizline's drawing.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/scripts/lib/venv.sh"
venv="$root/.build/math-venv"
pylatexenc_version=2.11
install_pylatexenc() {
  if ! "$1" install --quiet --disable-pip-version-check "pylatexenc==$pylatexenc_version" >&2; then
    echo "reference.sh: could not install pylatexenc==$pylatexenc_version from PyPI into $venv" >&2
    return 1
  fi
}
status=0
ensure_venv "$venv" "import sys, importlib.metadata as m; sys.exit(0 if m.version('pylatexenc') == '$pylatexenc_version' else 1)" install_pylatexenc || status=$?
[ "$status" -eq 0 ] || exit "$status"
exec "$venv/bin/python" "$root/scripts/math/reference.py" "${1:-$root/Tests/Fixtures/math/corpus.txt}"
