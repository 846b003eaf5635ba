#!/usr/bin/env python3
"""Time the references on the workload of `quizline-bench fsrs` (see Sources/QuizlineBench).

    python3 scripts/fsrs/bench_reference.py [--reviews N] [--repeat R]

py-fsrs 6.3.2 (`pip install fsrs==6.3.2`): the same N reviews as the Swift benchmark, drawn from the
same SplitMix64(2024) stream, fuzz on with `random.seed(42)`; it prints the same checksum as
`quizline-bench fsrs --reviews N`.

fsrs-rs-python (`pip install fsrs-rs-python`, optional): `memory_state_batch` over the review
histories py-fsrs produced (rating, whole days since the previous review), repeated to at least
1,000,000 reviews. It computes memory states only (no learning steps, no due dates, no fuzz), in
single precision: a lower bound for the work the Swift scheduler does per review.
"""
import argparse
import random
import statistics
import time
from datetime import datetime, timedelta, timezone
from importlib.metadata import version

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next_uniform(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        return (z >> 11) * (1.0 / 9007199254740992.0)


def workload(n):
    rng = SplitMix64(2024)
    steps = []
    for _ in range(n):
        u1, u2, u3 = rng.next_uniform(), rng.next_uniform(), rng.next_uniform()
        rating = 1 if u1 < 0.10 else 2 if u1 < 0.20 else 3 if u1 < 0.90 else 4
        timing = 0 if u2 < 0.70 else 1 if u2 < 0.85 else 2 if u2 < 0.95 else 3
        steps.append((rating, timing, u3))
    return steps


def run_py_fsrs(steps, card_count, history=None):
    from fsrs import Card, Rating, Scheduler

    scheduler = Scheduler()
    ratings = {r.value: r for r in Rating}
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    cards = [Card(card_id=j + 1, due=start + timedelta(seconds=j)) for j in range(card_count)]
    random.seed(42)
    j = 0
    t0 = time.perf_counter()
    for rating, timing, u in steps:
        card = cards[j]
        if timing == 0:
            now = card.due + timedelta(microseconds=int(u * 43_200_000_000.0))
        elif timing == 1:
            now = card.due + timedelta(microseconds=int((1 + u * 29) * 86_400_000_000.0))
        elif timing == 2:
            now = (card.last_review or card.due) + timedelta(microseconds=int(u * 72_000_000_000.0))
        elif card.last_review is not None:
            span = (card.due - card.last_review) // timedelta(microseconds=1)
            now = card.last_review + timedelta(microseconds=int(u * float(span)))
        else:
            now = card.due
        if history is not None:
            days = 0 if card.last_review is None else (now - card.last_review).days
            history[j].append((rating, days))
        cards[j], _ = scheduler.review_card(card, ratings[rating], now)
        j += 1
        if j == card_count:
            j = 0
    elapsed = time.perf_counter() - t0
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    stability = 0.0
    due = 0
    for c in cards:
        stability += c.stability or 0.0
        due += (c.due - epoch) // timedelta(seconds=1)
    return elapsed, stability, due


def run_fsrs_rs(histories, repeat):
    import fsrs_rs_python as rs

    model = rs.FSRS(rs.DEFAULT_PARAMETERS)
    items = [rs.FSRSItem([rs.FSRSReview(r, d) for r, d in h]) for h in histories if h]
    per_batch = sum(len(h) for h in histories)
    copies = max(1, -(-1_000_000 // per_batch))
    items = items * copies
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        model.memory_state_batch(items)
        times.append(time.perf_counter() - t0)
    return per_batch * copies, times


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--reviews", type=int, default=100_000)
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args()
    steps = workload(a.reviews)
    card_count = max(1, a.reviews // 20)
    times = []
    histories = [[] for _ in range(card_count)]
    for k in range(a.repeat):
        elapsed, stability, due = run_py_fsrs(steps, card_count, histories if k == 0 else None)
        times.append(elapsed)
    m = statistics.median(times)
    print(f"py-fsrs {version('fsrs')}: {a.reviews} reviews of {card_count} cards, fuzz on, {a.repeat} runs")
    print(f"py-fsrs: median {m} s")
    print(f"py-fsrs: reviews/s {round(a.reviews / m)}")
    print(f"py-fsrs: checksum stability {stability!r} due {due}")
    try:
        total, rs_times = run_fsrs_rs(histories, a.repeat)
    except ImportError:
        print("fsrs-rs-python: not installed (pip install fsrs-rs-python)")
        return
    m = statistics.median(rs_times)
    print(f"fsrs-rs-python {version('fsrs-rs-python')}: memory_state_batch over {total} reviews, {a.repeat} runs")
    print(f"fsrs-rs-python: median {m} s")
    print(f"fsrs-rs-python: reviews/s {round(total / m)}")


if __name__ == "__main__":
    main()
