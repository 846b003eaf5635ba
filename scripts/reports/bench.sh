#!/usr/bin/env bash
# Report benchmark: generates a profile of 1,000,000 events (quizline-bench report) and times
# `quizline report` on it in every format (median of 5 runs after a warm-up, peak RSS of each run
# from wait4), then reads the history in process with the fast reader (one thread, and two) and
# with the generic per-line decoder (the slow path), and checks all give the same report.
# A last `quizline report --format html` runs under /usr/bin/time -v as an outside check of the
# peak memory. Run from anywhere; builds release binaries first.
#
#   scripts/reports/bench.sh [EVENTS] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/../.."
events="${1:-1000000}"
repeat="${2:-5}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
.build/release/quizline-bench report --events "$events" --repeat "$repeat" --keep "$dir"
if [[ -x /usr/bin/time ]]; then
  last="$(ls "$dir/default/archive" | tail -1)"
  /usr/bin/time -v .build/release/quizline --progress "$dir" report --format html --out "$dir/check.html" --force 2>&1 >/dev/null |
    grep -E "Maximum resident set size|Elapsed \(wall clock\)" | sed 's/^\s*/time -v: /'
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1)"
