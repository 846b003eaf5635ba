#!/usr/bin/env bash
# `quizline optimize` next to fsrs-rs's compute_parameters (PyPI fsrs-rs-python), in one run, with
# the ratios (figures in BENCHMARKS.md). Extra arguments go to optimizer_bench.py (e.g. --csv FILE).
# fsrs-rs-python goes into .build/fsrs-rs-venv when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/venv.sh
venv=.build/fsrs-rs-venv
install_fsrs_rs() { "$1" install --quiet "fsrs-rs-python==0.9.3"; }
ensure_venv "$venv" 'import fsrs_rs_python' install_fsrs_rs || exit 3
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
echo "== $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, fsrs-rs-python $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("fsrs-rs-python"))')"
"$venv/bin/python" scripts/fsrs/optimizer_bench.py --quizline .build/release/quizline --bench .build/release/quizline-bench \
  --repeat "${ROUNDS:-5}" --rows "$@"
