#!/bin/sh
# Build Anki test packages with the real Anki: scripts/anki/make-decks.sh OUTDIR [--updated|--roundtrip IN.apkg]
# (see make-decks.py). Creates .build/anki-venv with PyPI's `anki` and `fsrs` (the FSRS reference) on first use.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv="$root/.build/anki-venv"
anki=26.9.3
fsrs=6.3.2
if ! "$venv/bin/python" -c "import sys, anki, fsrs, importlib.metadata as m; sys.exit(0 if (m.version('anki'), m.version('fsrs')) == ('$anki', '$fsrs') else 1)" 2>/dev/null; then
  mkdir -p "$root/.build"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  if ! "$venv/bin/pip" install --quiet --disable-pip-version-check "anki==$anki" "fsrs==$fsrs"; then
    echo "make-decks.sh: could not install anki==$anki and fsrs==$fsrs from PyPI into $venv" >&2
    exit 2
  fi
fi
exec "$venv/bin/python" "$here/make-decks.py" "$@"
