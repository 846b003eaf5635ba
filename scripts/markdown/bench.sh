#!/usr/bin/env bash
# Markdown banks against JSON (issue 36): the same generated bank of 10,000 questions of all ten
# types (`quizline-bench markdown-loading --write-only`: BankSampleGenerator, written as JSON and by
# MarkdownBankWriter as Markdown, read back equal) loaded by `quizline check` as separate
# processes. 5 rounds; in each, 5 runs of each file, JSON and Markdown alternating (the order
# swapped every round); a round's figure is the median of its runs. Printed: CPU (user + system)
# and wall medians with their range over the rounds, peak RSS, and the Markdown / JSON ratio of
# CPU time per round (median and range). Target: Markdown ≤ 2× JSON. Takes about 30 s.
#
#   scripts/markdown/bench.sh [QUESTIONS] [ROUNDS] [RUNS]
#   QUIZLINE=/path/to/quizline scripts/markdown/bench.sh   # another build of quizline (a before)
set -euo pipefail
cd "$(dirname "$0")/../.."
questions="${1:-10000}"
rounds="${2:-5}"
runs="${3:-5}"
if [ -z "${NO_BUILD:-}" ]; then # NO_BUILD=1: use the release binaries as they are
  scripts/release/build.sh quizline >/dev/null
  scripts/release/build.sh quizline-bench >/dev/null
fi
bin=.build/release
quizline="${QUIZLINE:-$bin/quizline}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$bin/quizline-bench" markdown-loading --questions "$questions" --dir "$dir" --write-only
mkdir -p "$dir/empty"
# One line per run: format round user sys wall rss_kb, from wait4 (microsecond CPU times).
python3 - "$quizline" "$dir" "$rounds" "$runs" >"$dir/times" <<'PY'
import os, sys, time
quizline, d, rounds, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
null = os.open(os.devnull, os.O_WRONLY)
for r in range(rounds):
    order = ("json", "md") if r % 2 == 0 else ("md", "json")
    for _ in range(runs):
        for f in order:
            args = [quizline, "check", "-q", "--quizzes", d + "/empty", f"{d}/big-bank.{f}"]
            t0 = time.monotonic()
            pid = os.posix_spawn(quizline, args, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
            _, status, ru = os.wait4(pid, 0)
            wall = time.monotonic() - t0
            if status != 0:
                sys.exit(f"quizline check {f} failed: {status}")
            print(f, r, ru.ru_utime, ru.ru_stime, wall, ru.ru_maxrss)
PY
python3 - "$dir/times" "$dir/big-bank.json" "$dir/big-bank.md" "$questions" <<'PY'
import os, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
by = {}
for f, r, u, s, e, m in rows:
    by.setdefault((f, int(r)), []).append((float(u) + float(s), float(e), int(m)))
rounds = sorted({r for _, r in by})
def per_round(f, i):
    return [statistics.median(x[i] for x in by[(f, r)]) for r in rounds]
def fig(v, unit="ms", scale=1000):
    return f"{statistics.median(v) * scale:.0f} {unit} ({min(v) * scale:.0f}–{max(v) * scale:.0f})"
cpu = {f: per_round(f, 0) for f in ("json", "md")}
wall = {f: per_round(f, 1) for f in ("json", "md")}
rss = {f: max(x[2] for r in rounds for x in by[(f, r)]) for f in ("json", "md")}
ratio = [m / j for m, j in zip(cpu["md"], cpu["json"])]
wratio = [m / j for m, j in zip(wall["md"], wall["json"])]
size = {f: os.path.getsize(p) / 1e6 for f, p in (("json", sys.argv[2]), ("md", sys.argv[3]))}
q = int(sys.argv[4])
for f, name in (("json", "JSON"), ("md", "Markdown")):
    print(f"{name:8} {size[f]:.2f} MB: CPU {fig(cpu[f])}, wall {fig(wall[f])}, peak RSS {rss[f] / 1024:.0f} MB")
rm, rlo, rhi = statistics.median(ratio), min(ratio), max(ratio)
print(f"Markdown / JSON: CPU {rm:.2f}× ({rlo:.2f}–{rhi:.2f}), wall {statistics.median(wratio):.2f}× ({min(wratio):.2f}–{max(wratio):.2f})")
status = "met" if rm <= 2 else "NOT MET"
print("\t".join(["ROW", f"Markdown bank, {q:,} questions", f"{fig(cpu['md'])} CPU", f"JSON bank {fig(cpu['json'])} CPU",
                 f"{rm:.2f}× ({rlo:.2f}–{rhi:.2f})", "≤ 2× JSON", status, "scripts/markdown/bench.sh"]))
PY
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1)"
