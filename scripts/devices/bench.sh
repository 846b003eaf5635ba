#!/usr/bin/env bash
# Multi-device profiles against one log: the SAME 1,000,000 events (the Reports benchmark's history,
# `quizline-bench devices-sample`) as one device's log, as 2 devices' logs and as 5, run interleaved
# (each round runs every case on the three profiles in turn), 5 rounds: start-up (`quit`, no
# snapshot: the fold from nothing), `status` (no snapshot), sync's merge (`status` after a late
# device's log arrived on top of a snapshot: the full fold again), and `report` md/json/html/csv.
# Wall, CPU (user + system) and peak RSS of each run from wait4; medians (min–max).
# Prints ROW lines (time: CPU ratio; memory: peak RSS ratio), target ≤ 1.2× one log.
# usage: scripts/devices/bench.sh [EVENTS] [ROUNDS] [BIN_DIR]   (about 4 minutes on a quiet machine)
# QUIZLINE=path runs another quizline binary (e.g. main's, for before figures) on the same profiles.
set -euo pipefail
cd "$(dirname "$0")/../.."
EVENTS=${1:-1000000}
ROUNDS=${2:-5}
BIN=${3:-}
if [ -z "$BIN" ]; then
  swift build -c release --static-swift-stdlib --product quizline >/dev/null
  swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
  BIN=.build/release
fi
# DEVICES_BENCH_DIR=dir keeps the profiles there (and reuses them when present) for another run.
WORK=${DEVICES_BENCH_DIR:-/tmp/quizline-devices-bench-$$}
mkdir -p "$WORK"
[ -n "${DEVICES_BENCH_DIR:-}" ] || trap 'rm -rf "$WORK"' EXIT
for k in 1 2 5; do
  [ -d "$WORK/d$k/default" ] || "$BIN/quizline-bench" devices-sample --events "$EVENTS" --devices "$k" --out "$WORK/d$k"
done
echo "load average before: $(cat /proc/loadavg)"
python3 - "${QUIZLINE:-$BIN/quizline}" "$WORK" "$ROUNDS" "$EVENTS" <<'PY'
import os, sys, shutil, statistics, subprocess, time, glob
binary, work, rounds, events = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
profiles = {k: f"{work}/d{k}" for k in (1, 2, 5)}
NOW = "2030-01-01T00:00:00Z"

def run(k, argv, stdin=None):
    env = dict(os.environ, XDG_STATE_HOME=f"{profiles[k]}/state")
    base = [binary, "--quizzes", "Quizzes", "--progress", profiles[k], "--now", NOW]
    start = time.monotonic()
    # Standard output to a file, read only when the run fails (a REPL's notes go there).
    with open(f"{work}/stdout-{k}.txt", "wb") as out:
        p = subprocess.Popen(base + argv, env=env, stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE)
        p.stdin.write((stdin or "").encode()); p.stdin.close()
        _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    err = p.stderr.read().decode(); p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        said = open(f"{work}/stdout-{k}.txt", errors="replace").read()[-2000:]
        how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
        sys.exit(f"failed ({k} devices, {how}): {' '.join(argv)}\nstderr: {err}\nstdout (end): {said}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024

def snapshots(k):
    return [p for p in glob.glob(f"{profiles[k]}/default/**/snapshot*.json", recursive=True)]

def no_snapshot(k):
    for p in snapshots(k): os.unlink(p)

# A snapshot of each profile before the late log arrives (sync's merge starts from it).
saved = {}
late = {}
for k in profiles:
    no_snapshot(k)
    run(k, [], stdin="quit\n")
    saved[k] = {p: open(p, "rb").read() for p in snapshots(k)}
    (late[k],) = glob.glob(f"{profiles[k]}/late/*")

def sync_merge_setup(k):
    no_snapshot(k)
    for p, b in saved[k].items(): open(p, "wb").write(b)
    shutil.copytree(late[k], f"{profiles[k]}/default/devices/{os.path.basename(late[k])}")

def sync_merge_done(k):
    shutil.rmtree(f"{profiles[k]}/default/devices/{os.path.basename(late[k])}")

cases = [
    ("start-up (quit)", lambda k: no_snapshot(k), [], "quit\n", None),
    ("status", lambda k: no_snapshot(k), ["status"], None, None),
    ("sync's merge (a late device's log: full fold)", sync_merge_setup, ["status"], None, sync_merge_done),
] + [(f"report {f}", None, ["report", "--format", f, "--out", f"{work}/out-KK.{f}", "--force"], None, None)
     for f in ("md", "json", "html", "csv")]

figures = {(c[0], k): [] for c in cases for k in profiles}
loads = []
for r in range(rounds):
    loads.append(open("/proc/loadavg").read().split()[0])
    for name, setup, argv, stdin, done in cases:
        for k in profiles:
            if setup: setup(k)
            figures[(name, k)].append(run(k, [a.replace("KK", str(k)) for a in argv], stdin))
            if done: done(k)
loads.append(open("/proc/loadavg").read().split()[0])
for f in ("md", "json", "html", "csv"):
    outs = [open(f"{work}/out-{k}.{f}", "rb").read() for k in profiles]
    same = all(o == outs[0] for o in outs)
    print(f"report {f}: the three profiles' outputs are {'identical' if same else 'DIFFERENT (dates or device names?)'}")

def med(xs): return statistics.median(xs), min(xs), max(xs)
print(f"{events} events, {rounds} rounds, load average during the runs: {min(loads)}–{max(loads)}")
print(f"{'case':50} {'logs':>4} {'wall s':>18} {'CPU s':>18} {'peak RSS MB':>20}")
for name, *_ in cases:
    for k in profiles:
        w, c, m = (med([x[i] for x in figures[(name, k)]]) for i in range(3))
        print(f"{name:50} {k:>4} {w[0]:7.2f} ({w[1]:.2f}–{w[2]:.2f}) {c[0]:7.2f} ({c[1]:.2f}–{c[2]:.2f}) {m[0]:8.0f} ({m[1]:.0f}–{m[2]:.0f})")
count = f"{events:,}"
for name, *_ in cases:
    one = figures[(name, 1)]
    for k in (2, 5):
        many = figures[(name, k)]
        label = "Two devices" if k == 2 else "Five devices"
        for what, i, unit, fmt in (("time (CPU)", 1, "s", "{:.2f}"), ("peak RSS", 2, "MB", "{:.0f}")):
            ratios = [m[i] / o[i] for m, o in zip(many, one)]
            mk, ok = med([x[i] for x in many]), med([x[i] for x in one])
            ratio = mk[0] / ok[0]
            fig = lambda t: f"{fmt.format(t[0])} {unit} ({fmt.format(t[1])}–{fmt.format(t[2])})"
            status = "met" if ratio <= 1.2 else "NOT MET"
            print(f"ROW\t{label}: {name}, {what}, {count} events\t{fig(mk)}\tone log {fig(ok)}\t"
                  f"{ratio:.2f}× ({min(ratios):.2f}–{max(ratios):.2f})\t≤ 1.2× one log\t{status}\tscripts/devices/bench.sh")
PY
echo "load average after: $(cat /proc/loadavg)"
