#!/usr/bin/env bash
# FSRS throughput: quizline-bench fsrs next to the references, in one run, with the ratios.
#
#   scripts/fsrs/bench.sh [REVIEWS] [REFERENCE_REVIEWS]   (defaults 1000000 and 100000)
#
# Installs the references when missing (pip, in .build/fsrs-bench-venv: fsrs==6.3.2; fsrs-rs-python
# is optional). The Swift scheduler and py-fsrs replay the same workload: at REFERENCE_REVIEWS both
# print a checksum, and the run fails if they differ.
set -euo pipefail
cd "$(dirname "$0")/../.."
reviews=${1:-1000000}
reference_reviews=${2:-100000}
# The references go into .build/fsrs-bench-venv (scripts/lib/venv.sh), never into the machine's
# Python; PYTHON=... uses another interpreter that already has them.
. scripts/lib/venv.sh
venv=.build/fsrs-bench-venv
install_references() {
  "$1" install --quiet --disable-pip-version-check "fsrs==6.3.2" || return 1
  "$1" install --quiet --disable-pip-version-check fsrs-rs-python \
    || echo "bench.sh: fsrs-rs-python could not be installed; timing py-fsrs only" >&2
}
if [ -z "${PYTHON:-}" ]; then
  ensure_venv "$venv" 'import importlib.metadata as m, sys; sys.exit(m.version("fsrs") != "6.3.2")' \
    install_references || exit 3
fi
python=${PYTHON:-$venv/bin/python}

swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
bench=.build/release/quizline-bench

echo "== $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "== swift: $bench fsrs --reviews $reviews --repeat 11"
swift_out=$("$bench" fsrs --reviews "$reviews" --repeat 11)
echo "$swift_out"
check_out=$("$bench" fsrs --reviews "$reference_reviews" --repeat 1)
echo "== references: $python scripts/fsrs/bench_reference.py --reviews $reference_reviews"
ref_out=$("$python" scripts/fsrs/bench_reference.py --reviews "$reference_reviews")
echo "$ref_out"

rate() { awk -v p="$1" '$1 == p":" && $2 == "reviews/s" { print $3 }'; }
checksum() { awk -v p="$1" '$1 == p":" && $2 == "checksum" { $1 = ""; print }'; }
swift_rate=$(echo "$swift_out" | rate fsrs)
py_rate=$(echo "$ref_out" | rate py-fsrs)
rs_rate=$(echo "$ref_out" | rate fsrs-rs-python)

if [[ "$(echo "$check_out" | checksum fsrs)" != "$(echo "$ref_out" | checksum py-fsrs)" ]]; then
  echo "bench.sh: checksums differ at $reference_reviews reviews: the Swift scheduler and py-fsrs disagree" >&2
  echo "$check_out" >&2
  exit 1
fi
echo "== checksum at $reference_reviews reviews: identical to py-fsrs"
awk -v s="$swift_rate" -v p="$py_rate" 'BEGIN { printf "== ratio: quizline %.0f reviews/s = %.1fx py-fsrs (%.0f reviews/s)\n", s, s / p, p }'
if [[ -n "$rs_rate" ]]; then
  awk -v s="$swift_rate" -v r="$rs_rate" 'BEGIN { printf "== ratio: quizline = %.2fx fsrs-rs-python memory_state_batch (%.0f reviews/s)\n", s / r, r }'
fi
