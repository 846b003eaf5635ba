#!/usr/bin/env python3
"""A seeded synthetic learner: a review log in the FSRS ecosystem's CSV format
(card_id,review_time,review_rating,review_state,review_duration; milliseconds since the epoch),
produced by FSRS-6 memory with KNOWN weights, so optimizers can be scored against the truth.

    scripts/fsrs/synthetic_learner.py --seed 7 --days 365 --new-per-day 20 > log.csv

Each day the learner meets `--new-per-day` new cards and reviews every card due. Recall is drawn
with the probability the true weights predict; a pass is hard, good or easy (10/80/10 %), a failure
is again and is followed by a same-day relearning review ten minutes later (good). New cards rated
again or hard get a same-day learning review ten minutes later too. Intervals are the true
stability (desired retention 0.9) with some lateness, so recall is seen over a range of R.
The true weights are printed to standard error (or `--weights-out FILE`).
"""
import argparse
import math
import random
import sys

TRUE_WEIGHTS = [
    0.35, 1.6, 3.4, 12.0, 6.0, 0.7, 2.4, 0.02, 1.6, 0.12, 0.95, 1.7, 0.08, 0.35, 1.9, 0.45,
    2.3, 0.4, 0.25, 0.1, 0.22,
]


class Memory:
    def __init__(self, w):
        self.w = w
        self.decay = -w[20]
        self.factor = 0.9 ** (1 / self.decay) - 1

    def r(self, t, s):
        return (1 + self.factor * max(t, 0) / s) ** self.decay

    def d0(self, g):
        return self.w[4] - math.exp(self.w[5] * (g - 1)) + 1

    def init(self, g):
        return max(self.w[g - 1], 0.001), min(max(self.d0(g), 1), 10)

    def next_d(self, d, g):
        w = self.w
        delta = -(w[6] * (g - 3))
        damped = d + (10 - d) * delta / 9
        return min(max(w[7] * self.d0(4) + (1 - w[7]) * damped, 1), 10)

    def short_term(self, s, g):
        w = self.w
        inc = math.exp(w[17] * ((g - 3) + w[18])) * s ** (-w[19])
        if g >= 2:
            inc = max(inc, 1)
        return max(s * inc, 0.001)

    def next_s(self, s, d, r, g):
        w = self.w
        if g == 1:
            long = w[11] * d ** (-w[12]) * ((s + 1) ** w[13] - 1) * math.exp((1 - r) * w[14])
            return max(min(long, s / math.exp(w[17] * w[18])), 0.001)
        x = math.exp(w[8]) * (11 - d) * s ** (-w[9]) * (math.exp((1 - r) * w[10]) - 1)
        if g == 2:
            x *= w[15]
        if g == 4:
            x *= w[16]
        return max(s * (1 + x), 0.001)


def generate(seed, days, new_per_day, weights, start_ms=1_700_000_000_000):
    rng = random.Random(seed)
    mem = Memory(weights)
    rows = []
    cards = {}  # id -> [s, d, last_ms, due_day]
    next_id = 1
    day_ms = 86_400_000

    def review(cid, at_ms, g, state):
        rows.append((cid, at_ms, g, state, rng.randint(2000, 25000)))

    for day in range(days):
        base = start_ms + day * day_ms + rng.randint(0, 4 * 3600_000)
        due = sorted(cid for cid, c in cards.items() if c[3] <= day)
        rng.shuffle(due)
        t = base
        for cid in due:
            s, d, last, _ = cards[cid]
            t += rng.randint(5_000, 30_000)
            elapsed = (t - last) // day_ms
            r = mem.r(elapsed, s)
            if rng.random() < r:
                g = rng.choices([2, 3, 4], [0.1, 0.8, 0.1])[0]
            else:
                g = 1
            review(cid, t, g, 2)
            s, d = mem.next_s(s, d, r, g), mem.next_d(d, g)
            last = t
            if g == 1:
                t2 = t + 600_000
                review(cid, t2, 3, 3)
                s, d = mem.short_term(s, 3), mem.next_d(d, 3)
                last = t2
            cards[cid] = [s, d, last, None]
            ivl = max(1, round(s))
            late = rng.choice([0, 0, 0, 1, 2, max(1, ivl // 3)])
            cards[cid][3] = day + ivl + late
        for _ in range(new_per_day):
            cid = next_id
            next_id += 1
            t += rng.randint(5_000, 30_000)
            g = rng.choices([1, 2, 3, 4], [0.2, 0.15, 0.5, 0.15])[0]
            review(cid, t, g, 0)
            s, d = mem.init(g)
            last = t
            if g <= 2:
                t2 = t + 600_000
                review(cid, t2, 3, 1)
                s, d = mem.short_term(s, 3), mem.next_d(d, 3)
                last = t2
            ivl = max(1, round(s))
            cards[cid] = [s, d, last, day + ivl + rng.choice([0, 0, 1])]
    rows.sort(key=lambda row: row[1])
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--days", type=int, default=365)
    p.add_argument("--new-per-day", type=int, default=20)
    p.add_argument("--weights-out")
    a = p.parse_args()
    rows = generate(a.seed, a.days, a.new_per_day, TRUE_WEIGHTS)
    out = sys.stdout
    out.write("card_id,review_time,review_rating,review_state,review_duration\n")
    for row in rows:
        out.write("%d,%d,%d,%d,%d\n" % row)
    text = "true weights: " + ",".join(repr(x) for x in TRUE_WEIGHTS) + "\n"
    if a.weights_out:
        open(a.weights_out, "w").write(text)
    else:
        sys.stderr.write(text)


if __name__ == "__main__":
    main()
