#!/usr/bin/env python3
"""Generate FSRS reference vectors from PyPI `fsrs` 6.3.2 (py-fsrs), the reference.

    pip install fsrs==6.3.2
    python3 scripts/fsrs/make-vectors.py > Tests/QuizlineCoreTests/Fixtures/fsrs/vectors.json

Every review sequence starts from a new card and records, after each review, the card py-fsrs
returns (phase, step, stability, difficulty, due). Review instants are irregular: on time, late,
early, same day (including 23:59:59.999999 after the last review), exactly on 24-hour boundaries
and even before the last review. Sequences with fuzz on call `random.seed(seed)` on Python's global
generator before their first review: py-fsrs draws its fuzz from `random.random()`, so the Swift side
reproduces them with `PythonRandom(seed:)`. The workload itself is drawn from a separate generator.

Output (compact JSON):
    {"reference": "fsrs 6.3.2", "settings": [SchedulerSettings as in Swift],
     "sequences": [{"seed": int|null, "created": µs, "reviews": [[settingsIndex, rating, at µs,
                    phase, step (-1 = none), stability, difficulty, due µs], ...]}]}
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone

from importlib.metadata import version

from fsrs import Card, Rating, Scheduler
from fsrs.scheduler import DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
MICRO = timedelta(microseconds=1)
DAY_US = 86_400_000_000


def to_us(dt):
    return (dt - EPOCH) // MICRO


def from_us(us):
    return EPOCH + timedelta(microseconds=us)


def minutes(*ms):
    return [m * 60 for m in ms]


def custom_weights(rng):
    """A valid non-default weight set: each default moved towards a random point of its range."""
    out = []
    for d, lo, hi in zip(DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS):
        hi = min(hi, max(d * 3, lo + 0.5))  # initial stabilities would otherwise reach 100 days
        out.append(round(d + (rng.uniform(lo, hi) - d) * 0.5, 4))
    return out


def settings_list():
    rng = random.Random(7)
    base = dict(weights=list(DEFAULT_PARAMETERS), desiredRetention=0.9, learningSteps=minutes(1, 10),
                relearningSteps=minutes(10), maximumInterval=36500, enableFuzzing=False)
    variants = [
        {},  # 0 default, fuzz off
        dict(desiredRetention=0.8),  # 1
        dict(desiredRetention=0.97, maximumInterval=365),  # 2
        dict(learningSteps=[]),  # 3 no learning steps
        dict(learningSteps=minutes(5), relearningSteps=[]),  # 4 one learning step, no relearning
        dict(maximumInterval=30),  # 5 short maximum interval
        dict(learningSteps=[30, 300, 3600, 86400], relearningSteps=minutes(10, 60)),  # 6 many steps
        dict(weights=custom_weights(rng), desiredRetention=0.85, learningSteps=minutes(2, 15)),  # 7
        dict(learningSteps=[86400, 3 * 86400], relearningSteps=[2 * 86400]),  # 8 steps over a day
        dict(enableFuzzing=True),  # 9 default with fuzz
        dict(enableFuzzing=True, maximumInterval=60, desiredRetention=0.85),  # 10 fuzz, short max
        dict(weights=custom_weights(rng), learningSteps=[], relearningSteps=[], desiredRetention=0.7),  # 11
    ]
    return [dict(base, **v) for v in variants]


def scheduler(s):
    return Scheduler(parameters=s["weights"], desired_retention=s["desiredRetention"],
                     learning_steps=[timedelta(seconds=x) for x in s["learningSteps"]],
                     relearning_steps=[timedelta(seconds=x) for x in s["relearningSteps"]],
                     maximum_interval=s["maximumInterval"], enable_fuzzing=s["enableFuzzing"])


PROFILES = [  # rating weights Again, Hard, Good, Easy
    (20, 15, 50, 15), (10, 10, 70, 10), (60, 20, 15, 5), (5, 5, 30, 60), (25, 25, 25, 25), (2, 60, 30, 8),
]


def next_time(rng, card, created_us):
    if card.last_review is None:
        return created_us + rng.choice([0, 0, rng.randrange(0, 3 * DAY_US)])
    last, due = to_us(card.last_review), to_us(card.due)
    k = rng.random()
    if k < 0.30:
        return due + rng.randrange(0, 2 * 3_600_000_000)  # on time
    if k < 0.37:
        return due  # exactly due
    if k < 0.55:
        return due + rng.randrange(DAY_US, (rng.choice([3, 30, 400])) * DAY_US)  # late
    if k < 0.68:
        return last + int((due - last) * rng.uniform(0.2, 0.95))  # early
    if k < 0.83:
        return last + rng.choice([1, 60_000_000, rng.randrange(1, DAY_US), DAY_US - 1])  # same day
    if k < 0.95:
        return last + rng.randrange(1, 40) * DAY_US + rng.choice([0, -1, 1])  # on a 24-hour boundary
    return last - rng.randrange(1, 3 * DAY_US)  # before the last review: negative elapsed days


def run_sequence(rng, settings, scheds, indices, seed):
    created = rng.randrange(946_684_800, 2_000_000_000) * 1_000_000 + rng.choice([0, rng.randrange(1_000_000)])
    card = Card(card_id=1, due=from_us(created))
    profile = rng.choice(PROFILES)
    length = rng.choice([rng.randrange(1, 8), rng.randrange(8, 25), rng.randrange(25, 60)])
    if seed is not None:
        random.seed(seed)
    reviews = []
    for _ in range(length):
        i = rng.choice(indices)
        rating = rng.choices([1, 2, 3, 4], weights=profile)[0]
        at = next_time(rng, card, created)
        card, _ = scheds[i].review_card(card, Rating(rating), from_us(at))
        reviews.append([i, rating, at, int(card.state), -1 if card.step is None else card.step,
                        card.stability, card.difficulty, to_us(card.due)])
    return {"seed": seed, "created": created, "reviews": reviews}


def main():
    if version("fsrs") != "6.3.2":
        sys.exit(f"need fsrs==6.3.2 (the reference), found {version('fsrs')}: pip install fsrs==6.3.2")
    settings = settings_list()
    scheds = [scheduler(s) for s in settings]
    rng = random.Random(20240601)
    sequences = []
    for i in range(9):  # fuzz off: 100 sequences per settings
        sequences += [run_sequence(rng, settings, scheds, [i], None) for _ in range(100)]
    sequences += [run_sequence(rng, settings, scheds, [11], None) for _ in range(60)]
    # Settings changed between reviews (e.g. fewer learning steps than the card's step).
    sequences += [run_sequence(rng, settings, scheds, [0, 3, 6, 8], None) for _ in range(60)]
    # Fuzz on, global generator seeded per sequence.
    seeds = [42, 12345] + list(range(100))
    sequences += [run_sequence(rng, settings, scheds, [9], s) for s in seeds]
    sequences += [run_sequence(rng, settings, scheds, [10], 1000 + s) for s in range(60)]
    sequences += [run_sequence(rng, settings, scheds, [9, 10, 0], 5000 + s) for s in range(20)]
    json.dump({"reference": "fsrs 6.3.2", "settings": settings, "sequences": sequences}, sys.stdout,
              separators=(",", ":"))
    sys.stdout.write("\n")
    print(f"{len(sequences)} sequences, {sum(len(s['reviews']) for s in sequences)} reviews", file=sys.stderr)


if __name__ == "__main__":
    main()
