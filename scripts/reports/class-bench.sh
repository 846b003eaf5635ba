#!/usr/bin/env bash
# The class report (`report --all-profiles --format json`) over N generated profiles of E answers
# each, in the single-journal layout and as per-device logs: wall time and peak memory (GNU time).
#
#   scripts/reports/class-bench.sh [N] [E]      (default 10000 profiles of 50 answers; LAYOUTS=single
#                                               or LAYOUTS=devices for one of the two; MODE=quizzes
#                                               writes the answers as whole quizzes, so the test
#                                               statistics count every profile's attempts)
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-10000}"
events="${2:-50}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
dir=$(mktemp -d /tmp/quizline-class-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
for layout in ${LAYOUTS:-single devices}; do
  python3 scripts/reports/class_sample.py Quizzes "$dir/$layout" "$count" "$events" "$layout" "${MODE:-answers}"
  /usr/bin/time -f "class report, $count profiles x $events answers (${MODE:-answers}), $layout layout: %e s wall, %M KiB peak RSS" \
    .build/release/quizline --quizzes Quizzes --progress "$dir/$layout" --now 2026-12-31T00:00:00Z \
    report --all-profiles --format json --out "$dir/$layout.json" >/dev/null
done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
