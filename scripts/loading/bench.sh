#!/usr/bin/env bash
# Loading banks of every shape: `quizline check --quizzes EMPTY FILE` (the whole check, a separate
# process) on a generated bank of QUESTIONS questions of each shape of `quizline-bench bank-sample`
# (sample, single-short, text-heavy, minified, indent1, indent2, indent4, tabs, non-ascii,
# many-tags), against CPython's `json.load` of the same file: 5 rounds per shape after a warm-up,
# quizline and Python alternating; ratio = Python's CPU time / quizline's (≥ 2 is the target, for
# the worst shape). Prints one ROW per shape and the "worst shape" ROW. About 3 minutes of CPU
# (besides the release build; with BASELINE about 4): 14 minutes of wall time at load 12 on 2 cores.
# text-heavy has 40,000 questions (2 KB explanations: a bank file is at most 128 MiB).
#
#   scripts/loading/bench.sh [QUESTIONS] [ROUNDS]    (defaults 100000 and 5)
#   BASELINE=/path/to/quizline scripts/loading/bench.sh   also times another binary in the same rounds
set -euo pipefail
cd "$(dirname "$0")/../.."
questions="${1:-100000}"
rounds="${2:-5}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
python=$(python3 -c 'import sys; print(sys.executable)')
.build/release/quizline-bench loading --shapes all --repeat "$rounds" --questions "$questions" \
  --python "$python" --command scripts/loading/bench.sh ${BASELINE:+--baseline "$BASELINE"}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1), $("$python" --version)"
