#!/usr/bin/env python3
"""One row of BENCHMARKS.md's table, from the values of 5 (or more) rounds.

    row.py --measure M --target T --command C --met "EXPR" \
        --figure "LABEL|UNIT|v1,v2,..." [--peer "LABEL|UNIT|v1,..."] [--ratio v1,v2,...] \
        [--extra "LABEL|UNIT|v1,..."]

Prints `ROW<TAB>measure<TAB>figure<TAB>peer<TAB>ratio<TAB>target<TAB>status<TAB>command`, where each
figure is "median (min–max)" over the rounds. EXPR is a Python expression over the medians:
`fig`, `peer`, `ratio`, `extra` (and their ranges as `fig_max`, `ratio_min`, ...); the status is
`met` when it is true, `NOT MET` otherwise. A round that failed is left out of nothing: every
value given counts.
"""
import argparse
import statistics
import sys


def parse(spec):
    label, unit, values = spec.split("|", 2)
    return label, unit, [float(v) for v in values.split(",") if v.strip()]


def number(v, unit):
    if unit == "ms":
        return f"{v:.1f}"
    if unit in ("MB", "MiB"):
        return f"{v:.0f}"
    if unit == "×":
        return f"{v:.2f}"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:.3f}" if abs(v) < 10 else f"{v:.2f}"


def shown(label, unit, values):
    med = statistics.median(values)
    sep = "" if unit == "×" else " "
    text = f"{number(med, unit)}{sep}{unit} ({number(min(values), unit)}–{number(max(values), unit)})"
    return f"{label} {text}".strip()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--measure", required=True)
    p.add_argument("--target", required=True)
    p.add_argument("--command", required=True)
    p.add_argument("--met", required=True)
    p.add_argument("--figure", required=True)
    p.add_argument("--peer")
    p.add_argument("--ratio")
    p.add_argument("--extra", action="append", default=[])
    a = p.parse_args()
    env = {}
    fig = parse(a.figure)
    cells = [shown(*fig)]
    env.update(fig=statistics.median(fig[2]), fig_min=min(fig[2]), fig_max=max(fig[2]))
    for spec in a.extra:
        extra = parse(spec)
        cells[0] += ", " + shown(*extra)
        env.update(extra=statistics.median(extra[2]), extra_min=min(extra[2]), extra_max=max(extra[2]))
    if a.peer:
        peer = parse(a.peer)
        env.update(peer=statistics.median(peer[2]), peer_min=min(peer[2]), peer_max=max(peer[2]))
        cells.append(shown(*peer))
    else:
        cells.append("–")
    if a.ratio:
        ratios = [float(v) for v in a.ratio.split(",") if v.strip()]
        env.update(ratio=statistics.median(ratios), ratio_min=min(ratios), ratio_max=max(ratios))
        cells.append(shown("", "×", ratios))
    else:
        cells.append("–")
    try:
        ok = bool(eval(a.met, {"__builtins__": {}}, env))
    except Exception as error:  # a missing value is a failed measure, said as such
        print(f"row.py: cannot evaluate {a.met!r}: {error}", file=sys.stderr)
        ok = False
    status = "met" if ok else "NOT MET"
    print("\t".join(["ROW", a.measure, cells[0], cells[1], cells[2], a.target, status, a.command]))


if __name__ == "__main__":
    main()
