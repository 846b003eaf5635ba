#!/usr/bin/env bash
# Answer counts per profile of a class folder (Progress/<student>/devices/<device>/...), read by DuckDB
# straight from the JSON Lines journals (README, "Classes"). PyPI duckdb goes into .build/duckdb-venv
# on first use. Usage: answers.sh PROGRESS_DIR  → one "profile<TAB>answers" line per profile.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/lib/venv.sh"
venv="$root/.build/duckdb-venv"
install_duckdb() { "$1" install -q --disable-pip-version-check duckdb >&2; }
ensure_venv "$venv" 'import duckdb' install_duckdb || exit 3
exec "$venv/bin/python" "$root/scripts/duckdb/answers.py" "$@"
