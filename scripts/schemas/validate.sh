#!/usr/bin/env bash
# Validates JSON files (or JSON Lines with --lines) against a JSON Schema with PyPI's jsonschema,
# installed into .build/py-venv on first use. Usage: validate.sh SCHEMA [--lines] FILE...
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.build/py-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import jsonschema' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check 'jsonschema>=4.18' >&2
fi
exec "$venv/bin/python" "$root/scripts/schemas/validate.py" "$@"
