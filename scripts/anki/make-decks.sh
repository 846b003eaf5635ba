#!/bin/sh
# Build Anki test packages with the real Anki: scripts/anki/make-decks.sh OUTDIR [--updated|--roundtrip IN.apkg]
# (see make-decks.py). Creates .build/anki-venv with PyPI's `anki` and `fsrs` (the FSRS reference) on first use.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/venv.sh"
exec "$venv/bin/python" "$here/make-decks.py" "$@"
