#!/usr/bin/env bash
# FSRS throughput: quizline-bench fsrs next to the references, in one run, with the ratios.
#
#   scripts/fsrs/bench.sh [REVIEWS] [REFERENCE_REVIEWS]   (defaults 1000000 and 100000)
#
# Installs the references when missing (pip: fsrs==6.3.2; fsrs-rs-python is optional). The Swift
# scheduler and py-fsrs replay the same workload: at REFERENCE_REVIEWS both print a checksum, and
# the run fails if they differ.
set -euo pipefail
cd "$(dirname "$0")/../.."
reviews=${1:-1000000}
reference_reviews=${2:-100000}
python=${PYTHON:-python3}

if ! "$python" -c 'import importlib.metadata as m, sys; sys.exit(m.version("fsrs") != "6.3.2")' 2>/dev/null; then
  "$python" -m pip install --quiet "fsrs==6.3.2"
fi
"$python" -c 'import fsrs_rs_python' 2>/dev/null || "$python" -m pip install --quiet fsrs-rs-python \
  || echo "bench.sh: fsrs-rs-python could not be installed; timing py-fsrs only" >&2

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
