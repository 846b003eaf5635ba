#!/usr/bin/env bash
# Answer counts per profile of a class folder (Progress/<student>/devices/<device>/...), read by DuckDB
# straight from the JSON Lines journals (README, "Classes"). PyPI duckdb goes into .build/duckdb-venv
# on first use. Usage: answers.sh PROGRESS_DIR  → one "profile<TAB>answers" line per profile.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.build/duckdb-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import duckdb' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check duckdb >&2
fi
exec "$venv/bin/python" "$root/scripts/duckdb/answers.py" "$@"
