#!/usr/bin/env python3
"""Anki import side by side: quizline against PyPI `anki` on the same packages (bench.sh runs it).

Usage: bench.py QUIZLINE ANKI_PYTHON ROUNDS LABEL=PACKAGE...

Each round runs, for every package, `QUIZLINE --progress P import PACKAGE --out Q --with-history` and
`ANKI_PYTHON anki-import.py DIR PACKAGE` (an empty collection importing the package with its
scheduling), each into fresh folders, in alternating order (quizline first in odd rounds). Each is a
process of its own, measured by wait4: wall time, CPU time (user + system) and peak RSS. Prints the
medians and (min-max) over the rounds, the ratios of each round (Anki / quizline) likewise, Anki's
time inside `import_anki_package` as well, and one ROW line per package (see helper rules).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))


def measured(argv):
    """(wall s, CPU s, peak RSS MiB, stdout) of one process; wait4 gives this child's own usage."""
    start = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.read()  # quizline's output is a few lines; stderr is read after it ends
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({p.returncode}): {err.decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.decode()


def spread(values, fmt):
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}–{fmt(max(values))})"


def main():
    quizline, python, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    packages = [a.split("=", 1) for a in sys.argv[4:]]
    results = {label: {"q": [], "a": []} for label, _ in packages}
    for r in range(rounds):
        for label, package in packages:
            order = ["q", "a"] if r % 2 == 0 else ["a", "q"]
            for who in order:
                tmp = tempfile.mkdtemp(prefix="anki-bench-")
                try:
                    if who == "q":
                        wall, cpu, rss, out = measured([quizline, "--progress", tmp + "/P", "import", package,
                                                        "--out", tmp + "/Q", "--with-history"])
                        summary = [l for l in out.splitlines() if l.startswith("Review history")][0].split(";")[0]
                        results[label]["q"].append((wall, cpu, rss, summary))
                    else:
                        wall, cpu, rss, out = measured([python, os.path.join(here, "anki-import.py"), tmp, package])
                        f = out.split()
                        results[label]["a"].append((wall, cpu, rss, float(f[1]), " ".join(f[4:])))
                finally:
                    shutil.rmtree(tmp, ignore_errors=True)
            q, a = results[label]["q"][-1], results[label]["a"][-1]
            print(f"  round {r + 1} {label}: quizline {q[0]:.2f} s wall {q[1]:.2f} s CPU {q[2]:.0f} MiB; "
                  f"Anki {a[0]:.2f} s wall {a[1]:.2f} s CPU {a[2]:.0f} MiB (import call {a[3]:.2f} s); "
                  f"load {open('/proc/loadavg').read().split()[0]}", flush=True)
    rows = []
    for label, package in packages:
        q, a = results[label]["q"], results[label]["a"]
        secs = lambda x: f"{x:.2f} s"
        mib = lambda x: f"{x:.0f} MiB"
        times = lambda x: f"{x:.2f}×"
        wall_ratio = [y[0] / x[0] for x, y in zip(q, a)]
        cpu_ratio = [y[1] / x[1] for x, y in zip(q, a)]
        call_ratio = [y[3] / x[0] for x, y in zip(q, a)]
        q_rss, a_rss = statistics.median(x[2] for x in q), statistics.median(y[2] for y in a)
        print(f"{label}: {package} ({os.path.getsize(package) / 1e6:.1f} MB)")
        print(f"  quizline: wall {spread([x[0] for x in q], secs)}, CPU {spread([x[1] for x in q], secs)}, "
              f"peak RSS {spread([x[2] for x in q], mib)}; {q[0][3]}")
        print(f"  Anki:     wall {spread([y[0] for y in a], secs)}, CPU {spread([y[1] for y in a], secs)}, "
              f"peak RSS {spread([y[2] for y in a], mib)}; import call alone {spread([y[3] for y in a], secs)}; "
              f"{a[0][4]}")
        print(f"  Anki / quizline: wall {spread(wall_ratio, times)}, CPU {spread(cpu_ratio, times)}, "
              f"Anki's import call alone / quizline's whole process {spread(call_ratio, times)}")
        met = statistics.median(wall_ratio) >= 2 and statistics.median(cpu_ratio) >= 2 and q_rss < a_rss
        rows.append("\t".join([
            "ROW", f"Anki import, {label}",
            f"{spread([x[0] for x in q], secs)}, {mib(q_rss)}",
            f"Anki {spread([y[0] for y in a], secs)}, {mib(a_rss)}",
            f"{spread(wall_ratio, times)} (CPU {times(statistics.median(cpu_ratio))})",
            "≥ 2× faster, less memory", "met" if met else "NOT MET", "scripts/anki/bench.sh"]))
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
