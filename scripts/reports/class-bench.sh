#!/usr/bin/env bash
# The class report (`report --all-profiles`) over N generated profiles of E answers each, in the
# single-journal layout and as per-device logs: wall time, CPU and peak memory (GNU time).
#
#   scripts/reports/class-bench.sh [N] [E]
#     LAYOUTS=single|devices   one of the two layouts (default both)
#     MODE=quizzes             the answers as whole quizzes on a bank, so the test statistics count
#                              every profile's attempts (default: loose answers)
#     FORMATS="json html"      the formats written (default json)
#     PEER=PATH                another quizline binary (an older build) run on the same folders,
#                              alternating with this one; each line then gives this/peer ratios
#     ROUNDS=K                 runs of each (default 1); the median and the range are printed, and
#                              a row of BENCHMARKS.md's table (scripts/bench/row.py)
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-10000}"
events="${2:-50}"
rounds="${ROUNDS:-1}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
dir=$(mktemp -d /tmp/quizline-class-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
# run BINARY LAYOUT FORMAT: one run; prints "wall cpu rss_kib".
run() {
  /usr/bin/time -f "%e %U %S %M" -o "$dir/time" "$1" --quizzes Quizzes --progress "$dir/$2" \
    --now 2026-12-31T00:00:00Z report --all-profiles --format "$3" --out "$dir/out.$3" --force >/dev/null
  awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 }' "$dir/time"
}
# summary FILE COLUMN: the median and the range of a column of run lines.
summary() {
  sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%s (%s–%s)", m, v[1], v[NR] }'
}
median() { sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for layout in ${LAYOUTS:-single devices}; do
  python3 scripts/reports/class_sample.py Quizzes "$dir/$layout" "$count" "$events" "$layout" "${MODE:-answers}"
  for format in ${FORMATS:-json}; do
    : >"$dir/this" && : >"$dir/peer"
    for _ in $(seq "$rounds"); do
      run .build/release/quizline "$layout" "$format" >>"$dir/this"
      if [ -n "${PEER:-}" ]; then run "$PEER" "$layout" "$format" >>"$dir/peer"; fi
    done
    label="class report, $count profiles x $events answers (${MODE:-answers}), $layout layout, $format"
    echo "$label: wall $(summary "$dir/this" 1) s, CPU $(summary "$dir/this" 2) s, peak RSS $(summary "$dir/this" 3) KiB"
    column() { awk -v c="$2" -v s="${3:-1}" '{ printf "%s%s", (NR > 1 ? "," : ""), $c / s }' "$1"; }
    scripts/bench/row.py --measure "Class report (statistics), $count profiles × $events answers, $layout layout, $format" \
      --target "< 200 MiB" --command "ROUNDS=$rounds MODE=${MODE:-answers} LAYOUTS=$layout FORMATS=$format scripts/reports/class-bench.sh $count $events" \
      --met "extra < 200" --figure "|s|$(column "$dir/this" 1)" --extra "|MiB|$(column "$dir/this" 3 1024)"
    if [ -n "${PEER:-}" ]; then
      echo "  peer ($PEER): wall $(summary "$dir/peer" 1) s, CPU $(summary "$dir/peer" 2) s, peak RSS $(summary "$dir/peer" 3) KiB"
      awk -v a="$(median "$dir/this" 1)" -v b="$(median "$dir/peer" 1)" -v c="$(median "$dir/this" 2)" \
        -v d="$(median "$dir/peer" 2)" -v e="$(median "$dir/this" 3)" -v f="$(median "$dir/peer" 3)" \
        'BEGIN { printf "  this/peer: wall %.2f, CPU %.2f, peak RSS %.2f\n", a / b, c / d, e / f }'
    fi
  done
done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
