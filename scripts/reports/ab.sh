#!/usr/bin/env bash
# A/B timing of one-learner reports: two `quizline` binaries (BASE, e.g. main's release build copied
# aside, and NEW) run alternately on the same generated profile of EVENTS events (the Reports
# benchmark's profile, `quizline-bench report --keep`), RUNS times per format; wall, CPU (user +
# system) and peak RSS from GNU time, as median (min-max). Checks both binaries write the same bytes.
# With --devices the profile is first turned into a per-device one (its journal and archive become
# device 'laptop''s log, as `quizline --device laptop` does on first use); only NEW is timed then
# (BASE read no reviews from such a profile). Run from the repository root after
# `swift build -c release --static-swift-stdlib --product quizline-bench`.
#
#   scripts/reports/ab.sh BASE NEW [RUNS] [EVENTS] [--devices]
set -euo pipefail
cd "$(dirname "$0")/../.."
base="$1"
new="$2"
runs="${3:-5}"
events="${4:-1000000}"
devices="${5:-}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
.build/release/quizline-bench report --events "$events" --repeat 1 --no-compare --keep "$dir/p" >/dev/null
now="2026-12-31T00:00:00Z"
bins=("$base" "$new")
if [[ "$devices" == "--devices" ]]; then
  printf 'quit\n' | XDG_STATE_HOME="$dir/state" "$new" --progress "$dir/p" --device laptop --now "$now" >/dev/null
  bins=("$new")
fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for format in md json html; do
  : >"$dir/times"
  for ((i = 0; i < runs; i++)); do
    for k in "${!bins[@]}"; do
      /usr/bin/time -o "$dir/t" -f "%e %U %S %M" "${bins[$k]}" --progress "$dir/p" --now "$now" \
        report --format "$format" --out "$dir/out-$k.$format" --force >/dev/null
      echo "$k $(cat "$dir/t")" >>"$dir/times"
    done
  done
  if [[ ${#bins[@]} -eq 2 ]]; then
    cmp -s "$dir/out-0.$format" "$dir/out-1.$format" && same="same bytes" || same="OUTPUTS DIFFER"
  else
    same="one binary"
  fi
  python3 - "$dir/times" "$format" "$same" "${bins[@]}" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
fmt, same, bins = sys.argv[2], sys.argv[3], sys.argv[4:]
for k, name in enumerate(bins):
    mine = [r for r in rows if int(r[0]) == k]
    wall = [float(r[1]) for r in mine]
    cpu = [float(r[2]) + float(r[3]) for r in mine]
    rss = [int(r[4]) / 1024 for r in mine]
    def f(v, unit):
        return f"{statistics.median(v):.2f}{unit} ({min(v):.2f}-{max(v):.2f})"
    print(f"{fmt:5} {name}: wall {f(wall, ' s')}, CPU {f(cpu, ' s')}, peak RSS {f(rss, ' MB')} [{same}]")
EOF
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
