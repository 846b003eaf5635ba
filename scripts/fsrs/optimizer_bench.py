#!/usr/bin/env python3
"""quizline optimize next to fsrs-rs (PyPI fsrs-rs-python): the same training split, the same evaluator.

    optimizer_bench.py --quizline .build/release/quizline --bench .build/release/quizline-bench
                       [--repeat R] [--synthetic SEED ...] [--csv FILE ...]

For each review log (the synthetic learners of scripts/fsrs/synthetic_learner.py and any CSV in the
FSRS ecosystem's format): reviews are ordered by time and split at 80 %. fsrs-rs's
FSRS.compute_parameters gets the FSRSItems whose last review is in the first 80 % (each review after a
card's first, at least a day after the previous one, with its whole history); quizline gets the same
reviews as a CSV (`quizline optimize --revlog TRAIN.csv --json`). Both parameter sets are scored by
FSRS(params).evaluate on the items whose last review is in the last 20 %. Fitting time is wall time,
median of R runs (default 3), the two interleaved: fsrs-rs's call alone against quizline's fit alone
(`quizline-bench optimizer-fit`, in process, from the parsed reviews: it builds the items itself,
which fsrs-rs is handed ready-made); quizline's whole process (start, CSV parsing, fit) is printed
too. Prints one line per log and the ratios quizline / fsrs-rs (targets: log loss and RMSE(bins)
<= 1.00, fit time <= 1).
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import statistics
import time

import fsrs_rs_python as fsrs

sys.path.insert(0, os.path.dirname(__file__))
import synthetic_learner  # noqa: E402

DAY_MS = 86_400_000


def read_rows(path):
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        return [
            (int(x["card_id"]), int(x["review_time"]), int(x["review_rating"]), int(x["review_state"]),
             int(x["review_duration"]))
            for x in r
        ]


def split(rows):
    order = sorted(range(len(rows)), key=lambda i: (rows[i][1], i))
    cut = int(len(rows) * 0.8)
    train_index = set(order[:cut])
    by_card = {}
    for i in sorted(range(len(rows)), key=lambda i: (rows[i][0], rows[i][1], i)):
        by_card.setdefault(rows[i][0], []).append(i)
    train, test = [], []
    for card, idx in by_card.items():
        reviews = []
        for k, i in enumerate(idx):
            delta = 0 if k == 0 else (rows[i][1] - rows[idx[k - 1]][1]) // DAY_MS
            reviews.append(fsrs.FSRSReview(rows[i][2], delta))
            if k > 0 and delta > 0:
                item = (rows[i][1], fsrs.FSRSItem(list(reviews)))
                (train if i in train_index else test).append(item)
    train.sort(key=lambda x: x[0])
    test.sort(key=lambda x: x[0])
    return [rows[i] for i in sorted(train_index)], [x[1] for x in train], [x[1] for x in test]


def bench(name, rows, quizline, bench_binary, repeat):
    train_rows, train_items, test_items = split(rows)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("card_id,review_time,review_rating,review_state,review_duration\n")
        for row in train_rows:
            f.write("%d,%d,%d,%d,%d\n" % row)
        train_csv = f.name
    try:
        rs_times, q_times = [], []
        for _ in range(repeat):  # interleaved, so both share the machine's noise
            t = time.perf_counter()
            rs_params = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS).compute_parameters(train_items)
            rs_times.append(time.perf_counter() - t)
            t = time.perf_counter()
            out = subprocess.run([quizline, "optimize", "--revlog", train_csv, "--json"], check=True,
                                 capture_output=True, text=True).stdout
            q_times.append(time.perf_counter() - t)
        # The fit alone, in process (no process start, no CSV parsing), median of `repeat` runs.
        fit = json.loads(subprocess.run([bench_binary, "optimizer-fit", "--revlog", train_csv, "--repeat",
                                         str(repeat)], check=True, capture_output=True, text=True).stdout)
    finally:
        os.unlink(train_csv)
    q_params = json.loads(out)["weights"]
    if fit["weights"] != q_params:
        sys.exit("quizline-bench optimizer-fit and quizline optimize fitted different weights")
    rs_time, q_time, q_fit = statistics.median(rs_times), statistics.median(q_times), fit["fitSeconds"]
    rs = fsrs.FSRS(rs_params).evaluate(test_items)
    q = fsrs.FSRS(q_params).evaluate(test_items)
    d = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS).evaluate(test_items)
    print("%-14s reviews %7d train items %6d test items %6d" % (name, len(rows), len(train_items), len(test_items)))
    print("  defaults   log loss %.4f  RMSE(bins) %.4f" % (d.log_loss, d.rmse_bins))
    print("  fsrs-rs    log loss %.4f  RMSE(bins) %.4f  fit %.3f s (compute_parameters, median of %d)"
          % (rs.log_loss, rs.rmse_bins, rs_time, repeat))
    print("  quizline   log loss %.4f  RMSE(bins) %.4f  fit %.3f s in process (whole process %.3f s, CSV parse %.3f s)"
          % (q.log_loss, q.rmse_bins, q_fit, q_time, fit["parseSeconds"]))
    ratios = (q.log_loss / rs.log_loss, q.rmse_bins / rs.rmse_bins, q_fit / rs_time, q_time / rs_time)
    print("  ratio quizline/fsrs-rs: log loss %.3f  RMSE(bins) %.3f  fit time %.2f  (whole process %.2f)" % ratios)
    return ratios + (q_fit, rs_time)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--quizline", required=True)
    p.add_argument("--bench", required=True, help="quizline-bench, for the in-process fit time")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--synthetic", type=int, nargs="*", default=list(range(1, 11)))
    p.add_argument("--days", type=int, default=365)
    p.add_argument("--new-per-day", type=int, default=20)
    p.add_argument("--csv", nargs="*", default=[])
    p.add_argument("--rows", action="store_true", help="print BENCHMARKS.md's table rows (scripts/bench/row.py)")
    a = p.parse_args()
    results = []
    for seed in a.synthetic:
        rows = synthetic_learner.generate(seed, a.days, a.new_per_day, synthetic_learner.TRUE_WEIGHTS)
        results.append(bench("synthetic-%d" % seed, rows, a.quizline, a.bench, a.repeat))
    for path in a.csv:
        results.append(bench(os.path.basename(path), read_rows(path), a.quizline, a.bench, a.repeat))
    n = len(results)
    if n:
        mean = [sum(r[k] for r in results) / n for k in range(4)]
        print("== mean ratio over %d logs: log loss %.3f  RMSE(bins) %.3f  fit time %.2f  (whole process %.2f)"
              % (n, *mean))
        worst = [max(r[k] for r in results) for k in range(4)]
        print("== worst ratio: log loss %.3f  RMSE(bins) %.3f  fit time %.2f  (whole process %.2f)" % tuple(worst))
    if n and a.rows:
        rows_tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "row.py")
        join = lambda xs: ",".join("%r" % x for x in xs)
        what = "%d logs (median of %d fits each)" % (n, a.repeat)
        command = "scripts/fsrs/optimizer-bench.sh"
        subprocess.run([sys.executable, rows_tool, "--measure", "FSRS-6 parameter fit, " + what,
                        "--target", "time ≤ 1.00× fsrs-rs's", "--command", command, "--met", "ratio_max <= 1.0",
                        "--figure", "|s|" + join(r[4] for r in results),
                        "--peer", "fsrs-rs-python compute_parameters|s|" + join(r[5] for r in results),
                        "--ratio", join(r[2] for r in results)], check=True)
        subprocess.run([sys.executable, rows_tool, "--measure", "FSRS-6 fit quality (log loss on held-out 20 %), " + what,
                        "--target", "log loss ≤ 1.00× fsrs-rs's (median)", "--command", command,
                        "--met", "ratio <= 1.0", "--figure", "|×|" + join(r[0] for r in results),
                        "--ratio", join(r[0] for r in results)], check=True)


if __name__ == "__main__":
    main()
