#!/usr/bin/env bash
# FSRS throughput: quizline-bench fsrs next to the references, in one run, with the ratios.
#
#   scripts/fsrs/bench.sh [REVIEWS] [REFERENCE_REVIEWS]   (defaults 1000000 and 100000)
#   ROUNDS=N (default 5): rounds, each the Swift scheduler and the references side by side; prints
#   the table rows (median and range of the per-round ratios, scripts/bench/row.py).
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
rate() { awk -v p="$1" '$1 == p":" && $2 == "reviews/s" { print $3 }'; }
checksum() { awk -v p="$1" '$1 == p":" && $2 == "checksum" { $1 = ""; print }'; }
rounds=${ROUNDS:-5}
swift_rates=() py_rates=() rs_rates=() rs_ratios=() py_ratios=()
# Each round runs the Swift scheduler and the references side by side; the ratios are per round.
for round in $(seq "$rounds"); do
  echo "== round $round: $bench fsrs --reviews $reviews --repeat 3; $python scripts/fsrs/bench_reference.py --reviews $reference_reviews"
  swift_out=$("$bench" fsrs --reviews "$reviews" --repeat 3)
  echo "$swift_out"
  ref_out=$("$python" scripts/fsrs/bench_reference.py --reviews "$reference_reviews")
  echo "$ref_out"
  if [[ $round == 1 ]]; then
    check_out=$("$bench" fsrs --reviews "$reference_reviews" --repeat 1)
    if [[ "$(echo "$check_out" | checksum fsrs)" != "$(echo "$ref_out" | checksum py-fsrs)" ]]; then
      echo "bench.sh: checksums differ at $reference_reviews reviews: the Swift scheduler and py-fsrs disagree" >&2
      echo "$check_out" >&2
      exit 1
    fi
    echo "== checksum at $reference_reviews reviews: identical to py-fsrs"
  fi
  s=$(echo "$swift_out" | rate fsrs) p=$(echo "$ref_out" | rate py-fsrs) r=$(echo "$ref_out" | rate fsrs-rs-python)
  swift_rates+=("$s") py_rates+=("$p") py_ratios+=("$(awk -v s="$s" -v p="$p" 'BEGIN { print s / p }')")
  if [[ -n "$r" ]]; then
    rs_rates+=("$r") rs_ratios+=("$(awk -v s="$s" -v r="$r" 'BEGIN { print s / r }')")
  fi
done
join() { local IFS=,; echo "$*"; }
million() { local out=() v; for v in "$@"; do out+=("$(awk -v v="$v" 'BEGIN { print v / 1e6 }')"); done; join "${out[@]}"; }
command="scripts/fsrs/bench.sh"
if [[ ${#rs_rates[@]} -gt 0 ]]; then
  scripts/bench/row.py --measure "FSRS-6 scheduling, $reviews reviews" --target "≥ 1.1× fsrs-rs-python" \
    --command "$command" --met "ratio >= 1.1" --figure "|M reviews/s|$(million "${swift_rates[@]}")" \
    --peer "fsrs-rs-python memory_state_batch|M reviews/s|$(million "${rs_rates[@]}")" --ratio "$(join "${rs_ratios[@]}")"
fi
scripts/bench/row.py --measure "FSRS-6 scheduling, same workload (checksum equal)" --target "≥ 50× py-fsrs" \
  --command "$command" --met "ratio >= 50" --figure "|M reviews/s|$(million "${swift_rates[@]}")" \
  --peer "py-fsrs 6.3.2|k reviews/s|$(join $(for v in "${py_rates[@]}"; do awk -v v="$v" 'BEGIN { print v / 1e3 }'; done))" \
  --ratio "$(join "${py_ratios[@]}")"
