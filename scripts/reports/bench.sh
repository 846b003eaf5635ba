#!/usr/bin/env bash
# Reports benchmark (issue 36): one learner's `quizline report --format F --out FILE` over the
# Reports profile of EVENTS events (1,000,000: `quizline-bench report --keep`, 2,000 archive
# segments and a snapshot), this build against BASE (the build before, e.g. main's release binary
# copied aside), interleaved: each round runs every format with BASE then this build, 5 rounds.
# Wall, CPU (user + system) and peak RSS from GNU time; median (min–max). Both binaries must write
# the same bytes (cmp). Then the same on the profile migrated to one device's log (`quizline
# --device laptop`, as every learner's profile is since issue 16), and the REPL's `export` there.
# Prints one ROW line per format and profile (tab-separated, for `make bench`'s table).
# About 3 minutes on a quiet 2-core machine (most of it generating the profile).
#
#   scripts/reports/bench.sh [BASE] [EVENTS] [ROUNDS]
# Without BASE (nor $BASE) only this build runs, and the rows have no "before" peer.
# NO_BUILD=1 uses the release binaries as they are; REPORTS_PROFILES=DIR reuses DIR/single and
# DIR/device (a single-journal profile and the same migrated to one device's log, DIR/state its
# device identity) of EVENTS events.
set -euo pipefail
cd "$(dirname "$0")/../.."
base="${1:-${BASE:-}}"
events="${2:-1000000}"
rounds="${3:-5}"
[[ -z "$base" || -x "$base" ]] || { echo "bench.sh: no base binary at $base (pass an older release quizline as BASE)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench.sh: needs GNU time (apt-get install time)" >&2; exit 2; }
[[ -n "${NO_BUILD:-}" ]] || scripts/release/build.sh quizline >/dev/null
[[ -n "${NO_BUILD:-}" ]] || scripts/release/build.sh quizline-bench >/dev/null
new=.build/release/quizline
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
now="2026-12-31T00:00:00Z"
if [[ -n "${REPORTS_PROFILES:-}" ]]; then
  # Profiles made by an earlier run (REPORTS_PROFILES/single and /device, and /state: the device's
  # identity, XDG_STATE_HOME of its migration), copied: runs write into them.
  cp -a "$REPORTS_PROFILES/single" "$REPORTS_PROFILES/device" "$REPORTS_PROFILES/state" "$dir/"
else
  .build/release/quizline-bench report --events "$events" --repeat 1 --no-compare --keep "$dir/single" >/dev/null
  rm -f "$dir"/single/out*
  cp -a "$dir/single" "$dir/device"
  printf 'quit\n' | XDG_STATE_HOME="$dir/state" "$new" --progress "$dir/device" --device laptop --now "$now" \
    >/dev/null 2>&1
fi
formats=(md json html csv)
: >"$dir/times"
# One timed run: label, binary index, command…
run() {
  local label="$1" k="$2"
  shift 2
  /usr/bin/time -o "$dir/t" -f "%e %U %S %M" "$@" >/dev/null 2>"$dir/err" || {
    cat "$dir/err" >&2
    exit 1
  }
  echo "$label $k $(cat "$dir/t") $(cut -d' ' -f1 /proc/loadavg)" >>"$dir/times"
}
bins=("$base" "$new")
sides=(0 1)
[[ -n "$base" ]] || sides=(1)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
for ((r = 0; r < rounds; r++)); do
  for profile in single device; do
    for format in "${formats[@]}"; do
      for k in "${sides[@]}"; do
        run "$profile/$format" "$k" "${bins[$k]}" --progress "$dir/$profile" --now "$now" \
          report --format "$format" --out "$dir/$profile-$k.$format" --force
      done
    done
    for k in "${sides[@]}"; do
      # The REPL's `export` (ReportExporter): the device profile only (a writing start migrates).
      [[ $profile == device ]] || continue
      printf 'export md %s --force\nquit\n' "$dir/export-$k.md" >"$dir/in"
      run "device/export" "$k" env XDG_STATE_HOME="$dir/state" "${bins[$k]}" --progress "$dir/device" \
        --device laptop --now "$now" <"$dir/in"
    done
  done
done
for profile in single device; do
  [[ -n "$base" ]] || break
  for format in "${formats[@]}"; do
    cmp -s "$dir/$profile-0.$format" "$dir/$profile-1.$format" || echo "OUTPUTS DIFFER: $profile $format" >&2
  done
  cmp -s "$dir/$profile-0-sessions.csv" "$dir/$profile-1-sessions.csv" || echo "OUTPUTS DIFFER: $profile sessions" >&2
done
[[ -z "$base" ]] || cmp -s "$dir/export-0.md" "$dir/export-1.md" || echo "OUTPUTS DIFFER: export md" >&2
python3 - "$dir/times" "$events" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
events = int(sys.argv[2])
names = {"single": "single journal", "device": "one device's log"}
def med(v):
    return statistics.median(v)
for label in dict.fromkeys(r[0] for r in rows):
    profile, fmt = label.split("/")
    data = {k: [r for r in rows if r[0] == label and int(r[1]) == k] for k in (0, 1)}
    wall = {k: [float(r[2]) for r in data[k]] for k in (0, 1)}
    cpu = {k: [float(r[3]) + float(r[4]) for r in data[k]] for k in (0, 1)}
    rss = {k: [int(r[5]) / 1024 for r in data[k]] for k in (0, 1)}
    load = [float(r[6]) for r in data[0] + data[1]]
    ratios = [b / a for a, b in zip(wall[1], wall[0])]
    has_base = bool(data[0])
    def f(v):
        return f"{med(v):.2f} s ({min(v):.2f}–{max(v):.2f})"
    for k, who in ((0, "before"), (1, "after")) if has_base else ((1, "this build"),):
        print(f"{label:14} {who:6}: wall {f(wall[k])}, CPU {f(cpu[k])}, peak RSS {med(rss[k]):.0f} MB "
              f"({min(rss[k]):.0f}–{max(rss[k]):.0f})")
    met = med(wall[1]) <= 0.5 and max(rss[1]) < 100
    what = "Export (REPL) md" if fmt == "export" else f"Report {fmt}"
    print("\t".join([
        "ROW", f"{what}, {events:,} events, {names[profile]}",
        f"{f(wall[1])}, {max(rss[1]):.0f} MB",
        f"before {f(wall[0])}, {max(rss[0]):.0f} MB" if has_base else "–",
        f"{med(wall[0]) / med(wall[1]):.2f}× faster ({min(ratios):.2f}–{max(ratios):.2f})" if has_base else "–",
        "≤ 0.5 s, < 100 MB", "met" if met else "NOT MET", "scripts/reports/bench.sh"]))
    print(f"  load during {label}: {min(load):.1f}–{max(load):.1f}")
EOF
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(swift --version 2>/dev/null | head -1)"
