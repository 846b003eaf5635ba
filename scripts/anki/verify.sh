#!/bin/sh
# Verify an Anki export with the real Anki importer: scripts/anki/verify.sh EXPORT.txt EXPECTED.json
# Creates .build/anki-venv (a virtual environment, nothing global is touched) with PyPI's `anki` on
# first use (scripts/anki/venv.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/venv.sh"
exec "$venv/bin/python" "$here/verify.py" "$@"
