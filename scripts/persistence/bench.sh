#!/usr/bin/env bash
# Progress files: recording one answer durably and starting up, with 1,000,000 events of history
# next to an empty profile, in one run (quizline-bench journal; see BENCHMARKS.md). Builds release
# binaries first. Run from anywhere.
#
#   scripts/persistence/bench.sh [EVENTS] [ANSWERS] [REPEAT]   (REPEAT defaults to $ROUNDS, else 11)
set -euo pipefail
cd "$(dirname "$0")/../.."
events="${1:-1000000}"
answers="${2:-2000}"
repeat="${3:-${ROUNDS:-11}}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
.build/release/quizline-bench journal --events "$events" --answers "$answers" --repeat "$repeat"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(df -T /tmp | awk 'NR==2 {print $2}') /tmp, $(swift --version 2>/dev/null | head -1)"
