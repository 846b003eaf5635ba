#!/bin/sh
# Verify an Anki export with the real Anki importer: scripts/anki/verify.sh EXPORT.txt EXPECTED.json
# Creates .build/anki-venv (a virtual environment, nothing global is touched) with PyPI's `anki` on first use.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv="$root/.build/anki-venv"
version=26.9.3
if ! "$venv/bin/python" -c "import sys, anki, importlib.metadata as m; sys.exit(0 if m.version('anki') == '$version' else 1)" 2>/dev/null; then
  mkdir -p "$root/.build"
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install --quiet --disable-pip-version-check "anki==$version"; then
    echo "verify.sh: could not install anki==$version from PyPI into $venv" >&2
    exit 2
  fi
fi
exec "$venv/bin/python" "$here/verify.py" "$@"
