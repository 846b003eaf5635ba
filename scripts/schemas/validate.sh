#!/usr/bin/env bash
# Validates JSON files (or JSON Lines with --lines) against a JSON Schema with PyPI's jsonschema,
# installed into .build/py-venv on first use. Usage: validate.sh SCHEMA [--lines] FILE...
#
# The install needs no network: jsonschema and its dependencies are committed as wheels in
# scripts/schemas/wheels/ (for CPython 3.11, Debian 12's python3); PyPI is the fallback for
# another Python.
# Tests run this in parallel: scripts/lib/venv.sh builds the venv under a lock.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/lib/venv.sh"
venv="$root/.build/py-venv"
install_jsonschema() {
  "$1" install -q --disable-pip-version-check --no-index --find-links "$root/scripts/schemas/wheels" \
    jsonschema 2>/dev/null && return 0
  if ! "$1" install -q --disable-pip-version-check 'jsonschema>=4.18' >&2; then
    echo "validate.sh: could not install jsonschema from PyPI into $venv" >&2
    return 1
  fi
}
ensure_venv "$venv" 'import jsonschema' install_jsonschema || exit 3
exec "$venv/bin/python" "$root/scripts/schemas/validate.py" "$@"
