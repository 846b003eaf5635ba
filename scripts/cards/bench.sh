#!/usr/bin/env bash
# Card browser benchmark (issue 33): a generated bank of 100,000 questions and a profile whose
# cards hold 1,000,000 reviews, built through the real fold (quizline-bench cards); `cards is:due`
# timed in process as the REPL runs it (send + render + the pager's first screen) against `status`
# and a plain count, then `quizline cards is:due` through the release binary against
# `quizline status` on the same profile. When hyperfine is installed it times the two commands
# again as an outside check. See BENCHMARKS.md.
#
#   scripts/cards/bench.sh [CARDS] [REVIEWS] [REPEAT]   (REPEAT defaults to $ROUNDS, else 11)
set -euo pipefail
cd "$(dirname "$0")/../.."
cards="${1:-100000}"
reviews="${2:-1000000}"
repeat="${3:-${ROUNDS:-11}}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
dir="$(mktemp -d)"
trap 'rm -rf "$dir" "$dir.out"' EXIT
.build/release/quizline-bench cards --cards "$cards" --reviews "$reviews" --repeat "$repeat" --keep "$dir" |
  tee "$dir.out"
if command -v hyperfine >/dev/null; then
  now="$(sed -n 's/.*; opened at \(.*\)$/\1/p' "$dir.out")"
  q=(env NO_COLOR=1 COLUMNS=100 XDG_STATE_HOME="$dir/state" .build/release/quizline --quizzes "$dir/quizzes"
    --progress "$dir/progress" --now "$now")
  hyperfine -N --warmup 2 --runs "$repeat" --style basic \
    -n "quizline cards is:due" "${q[*]} cards is:due" -n "quizline status" "${q[*]} status"
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1)"
