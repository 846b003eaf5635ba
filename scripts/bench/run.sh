#!/usr/bin/env bash
# `make bench`: runs every benchmark of BENCHMARKS.md's table, each next to its peer in the same run,
# and prints the table (measure, quizline, peer, ratio, target, status, date, command) with the
# machine and its load. Each script prints its rows as `ROW<TAB>...` lines (scripts/bench/row.py);
# its whole output is kept in .build/bench/logs/NAME.log. CI does not run this. Exits 1 when a row is
# NOT MET (or a script gave no figure).
#
#   scripts/bench/run.sh [NAME...]     NAME: fsrs optimizer startup loading markdown persistence
#                                      reports devices class anki cards (default: all, in this order)
#   BENCH_BASE=PATH                    an older release `quizline`: the report rows also time it, side
#                                      by side, as their "before" peer
set -uo pipefail
cd "$(dirname "$0")/../.."
all=(fsrs optimizer startup loading markdown persistence reports devices class anki cards)
declare -A script=(
  [fsrs]=scripts/fsrs/bench.sh [optimizer]=scripts/fsrs/optimizer-bench.sh
  [startup]=scripts/startup/bench.sh [loading]=scripts/loading/bench.sh
  [markdown]=scripts/markdown/bench.sh [persistence]=scripts/persistence/bench.sh
  [reports]=scripts/reports/bench.sh [devices]=scripts/devices/bench.sh
  [class]=scripts/reports/class-bench.sh [anki]=scripts/anki/bench.sh [cards]=scripts/cards/bench.sh
)
# The settings each script runs with here (5 rounds everywhere).
declare -A settings=(
  [class]="ROUNDS=5 MODE=quizzes LAYOUTS=devices FORMATS=json" [fsrs]="ROUNDS=5" [optimizer]="ROUNDS=5"
  [cards]="ROUNDS=5" [persistence]="ROUNDS=5" [reports]="BASE=${BENCH_BASE:-}"
)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${all[@]}")
for name in "${names[@]}"; do
  [ -n "${script[$name]:-}" ] || { echo "bench: unknown benchmark '$name' (known: ${all[*]})" >&2; exit 64; }
done
logs=.build/bench/logs
mkdir -p "$logs"
rows=.build/bench/rows.tsv
: >"$rows"
day=$(date -u +%Y-%m-%d)
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr), $(swift --version 2>/dev/null | head -1 | sed 's/ (.*//'), $(python3 --version)"
echo "bench: $(date -u +%Y-%m-%dT%H:%MZ) on $machine"
swift build -c release --static-swift-stdlib --product quizline >/dev/null || exit 1
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null || exit 1
loads=()
for name in "${names[@]}"; do
  start=$(date +%s)
  before=$(cut -d' ' -f1 /proc/loadavg)
  echo "bench: $name (${script[$name]}), load $before"
  env ${settings[$name]:-} "${script[$name]}" 2>&1 | tee "$logs/$name.log" | sed 's/^/  /'
  status=${PIPESTATUS[0]}
  after=$(cut -d' ' -f1 /proc/loadavg)
  loads+=("$name $before–$after")
  if ! grep -q $'^ROW\t' "$logs/$name.log"; then
    printf 'ROW\t%s\t–\t–\t–\t–\tNOT MET (no figure: exit %s)\t%s\n' "$name" "$status" "${script[$name]}" >>"$rows"
  elif [ "$status" -ne 0 ]; then
    grep $'^ROW\t' "$logs/$name.log" | awk -F'\t' -v OFS='\t' -v s="$status" '{ $7 = $7 " (script exit " s ")"; print }' >>"$rows"
  else
    grep $'^ROW\t' "$logs/$name.log" >>"$rows"
  fi
  echo "bench: $name took $(( $(date +%s) - start )) s"
done
table=.build/bench/table.md
{
  echo "| measure | quizline, median (range) | peer, median (range) | ratio | target | status | date | command |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  awk -F'\t' -v d="$day" '{ printf "| %s | %s | %s | %s | %s | %s | %s | `%s` |\n", $2, $3, $4, $5, $6, ($7 == "met" ? "met" : "**" $7 "**"), d, $8 }' "$rows"
  echo
  echo "Machine: $machine. Load average (1 min) at the start and end of each benchmark: ${loads[*]}."
} >"$table"
echo
cat "$table"
! grep -q 'NOT MET' "$rows"
