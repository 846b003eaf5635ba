#!/usr/bin/env python3
"""Moodle's quiz statistics for a class, computed independently of quizline (Python 3, stdlib only).

An oracle for quizline's `report --all-profiles` statistics (issue 35), written from the published
formulas (docs.moodle.org/dev "Quiz statistics calculations", Moodle's
mod/quiz/report/statistics calculator; summarised in the shared spec moodle-statistics.md) and the
definitions quizline documents for teachers, not from quizline's Swift code.

Input: a class matrix (JSON; schemas/statistics-class.schema.json):

    {"bank": "quizzes/banks/BANK.json",            # relative to the matrix file
     "students": [{"name": "s01",
                   "attempts": [{"at": "2026-11-20T09:00:00Z",
                                 "responses": ["b", "true", "ZStack", null, ...]}]}]}

one response per question of the bank, in the bank's order, as the student typed it; null where the
attempt did not answer (it ended early). Every attempt is a quiz on the whole bank, so a question it
did not answer scores 0, as in a submitted Moodle attempt. This script grades the responses itself (single choice,
true/false, typed text), so the marks do not come from quizline either.

Output (standard output): the `class` statistics object of quizline's JSON report, with the same
field names: every figure a number, or null with the reason in the sibling "undefined" object.

    python3 scripts/statistics/reference.py MATRIX [--attempts first|last|best|all]

Definitions (each question is worth 1 mark; s attempts counted; P questions in the test):
- An attempt's total X is the sum of its marks (a question it did not answer scores 0); the test
  figures use it as a percentage of the attempt's maximum.
- Which attempts count: each student's first (earliest), last, best (highest percentage; the
  earliest of equal ones) or all attempts. Moodle's default, and this script's, is first.
- Mean, median, SD (divides by s - 1) of the percentages; skewness and kurtosis are Moodle's
  k-statistics: m_r = sum((X - mean)^r)/s, k2 = s m2/(s-1), k3 = s^2 m3/((s-1)(s-2)),
  k4 = s^2 ((s+1) m4 - 3 (s-1) m2^2)/((s-1)(s-2)(s-3)); skewness = k3/k2^1.5 (s > 2),
  kurtosis = k4/k2^2 (s > 3).
- CIC (Cronbach's alpha) = 100 P/(P-1) (1 - sum_i V(x_i)/V(X)) over the raw marks, only when every
  counted attempt answered every question; ER = 100 sqrt(1 - CIC/100); SE = ER SD/100.
- Per question, over the counted attempts that answered it: facility = 100 mean(x_i); SD = 100 sd(x_i);
  the rest of the test r = mean mark of the attempt's other answered questions ((X - x_i)/(n - 1),
  Moodle's X - x_i divided by a constant when every attempt is whole, which changes neither figure);
  DI = 100 Cov(x, r)/sqrt(V(x) V(r)); DE = 100 Cov(x, r)/Cov(sorted x, sorted r).
- Random guess score: the expected mark of a random answer, in percent: the mean over the choices of
  the mark each earns (Moodle's mean fraction) for single choice, 50 for true/false, 0 for typed text.
- Groups for the response analysis, from the attempts' percentages: upper = above the
  (floor(s/3)+1)-th highest, lower = below the (floor(s/3)+1)-th lowest, the rest (ties across a
  boundary too) in the middle.
"""

import argparse
import json
import math
import os
import sys

ZERO = 1e-12  # a variance this small is no variance (marks are sums of a few binary fractions)


# --- small statistics, written out -------------------------------------------------------------


def mean(xs):
    return math.fsum(xs) / len(xs)


def covariance(xs, ys):
    """Sample covariance (divides by n - 1); None with fewer than two pairs."""
    n = len(xs)
    if n < 2:
        return None
    mx, my = mean(xs), mean(ys)
    return math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (n - 1)


def variance(xs):
    return covariance(xs, xs)


def median(xs):
    v = sorted(xs)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


class Figures:
    """Figures by name, each a number or undefined with a reason (kept in insertion order)."""

    def __init__(self):
        self.values = {}
        self.undefined = {}

    def set(self, name, value):
        self.values[name] = value

    def why(self, name, reason):
        self.values[name] = None
        self.undefined[name] = reason

    def into(self, obj, names):
        for name in names:
            obj[name] = self.values[name]
        if self.undefined:
            obj["undefined"] = dict(self.undefined)


# --- grading -----------------------------------------------------------------------------------


def letter(k):
    return chr(ord("a") + k)


def choice_text(c):
    return c if isinstance(c, str) else c["text"]


def choice_marks(q):
    """The mark each choice of a single-choice question earns: 1 for the key, else its credit (>= 0)."""
    key = ord(q["answer"]) - ord("a")
    out = []
    for k, c in enumerate(q["choices"]):
        credit = 0 if isinstance(c, str) else c.get("credit", 0)
        out.append(1.0 if k == key else max(0.0, float(credit)))
    return out


def fold(text):
    return " ".join(text.lower().split())


def grade(q, response):
    """The mark (0..1) a response earns."""
    t = q["type"]
    if t == "single":
        k = ord(response.strip().lower()) - ord("a")
        return choice_marks(q)[k]
    if t == "truefalse":
        return 1.0 if (response == "true") == q["answer"] else 0.0
    if t == "text":
        best = 0.0
        for a in q["accept"]:
            text, credit = (a, 1.0) if isinstance(a, str) else (a["text"], float(a.get("credit", 1)))
            if fold(text) == fold(response):
                best = max(best, credit)
        return best
    raise SystemExit(f"reference.py: question {q['id']}: type {t!r} is not graded here")


def random_guess(q):
    t = q["type"]
    if t == "single":
        return 100 * mean(choice_marks(q))
    if t == "truefalse":
        return 50.0
    if t == "text":
        return 0.0
    raise SystemExit(f"reference.py: question {q['id']}: type {t!r} has no guess score here")


# --- which attempts count ----------------------------------------------------------------------


def percent(attempt):
    marks = [m for m in attempt["marks"] if m is not None]
    return 100 * math.fsum(marks) / len(marks)


def counted(students, choice):
    out = []
    for s in students:
        mine = sorted(s["attempts"], key=lambda a: a["at"])
        if choice == "first":
            out.append(mine[0])
        elif choice == "last":
            out.append(mine[-1])
        elif choice == "best":
            best = mine[0]
            for a in mine[1:]:
                if percent(a) > percent(best):
                    best = a
            out.append(best)
        else:
            out.extend(mine)
    return out


# --- the figures -------------------------------------------------------------------------------

TEST_FIGURES = [
    "mean", "median", "standardDeviation", "skewness", "kurtosis",
    "internalConsistency", "errorRatio", "standardError",
]
QUESTION_FIGURES = [
    "facility", "standardDeviation", "randomGuessScore", "discriminationIndex", "discriminativeEfficiency",
]


def test_figures(attempts, p):
    f = Figures()
    xs = [percent(a) for a in attempts]
    s = len(xs)
    m = mean(xs)
    f.set("mean", m)
    f.set("median", median(xs))
    if s < 2:
        for name in TEST_FIGURES[2:]:
            f.why(name, "one attempt: no spread")
        return f
    v = variance(xs)
    f.set("standardDeviation", math.sqrt(v))
    if v <= ZERO:
        for name in TEST_FIGURES[3:]:
            f.why(name, "all totals equal")
        return f
    m2 = math.fsum((x - m) ** 2 for x in xs) / s
    m3 = math.fsum((x - m) ** 3 for x in xs) / s
    m4 = math.fsum((x - m) ** 4 for x in xs) / s
    k2 = s * m2 / (s - 1)
    if s > 2:
        k3 = s * s * m3 / ((s - 1) * (s - 2))
        f.set("skewness", k3 / k2 ** 1.5)
    else:
        f.why("skewness", "fewer than three attempts")
    if s > 3:
        k4 = s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2) / ((s - 1) * (s - 2) * (s - 3))
        f.set("kurtosis", k4 / (k2 * k2))
    else:
        f.why("kurtosis", "fewer than four attempts")
    partial = sum(1 for a in attempts if None in a["marks"])
    raw_totals = [math.fsum(a["marks"]) for a in attempts] if not partial else []
    if partial:
        reason = f"{partial} of {s} attempts were asked only part of the test"
    elif p < 2:
        reason = "one question"
    elif s < 3:
        reason = "fewer than three attempts"
    elif variance(raw_totals) <= ZERO:
        reason = "all totals equal"
    else:
        reason = None
    if reason:
        for name in ["internalConsistency", "errorRatio", "standardError"]:
            f.why(name, reason)
        return f
    items = math.fsum(variance([a["marks"][i] for a in attempts]) for i in range(p))
    cic = 100 * p / (p - 1) * (1 - items / variance(raw_totals))
    cic = min(100.0, cic)  # at most 100; all-or-nothing attempts give 100 up to rounding
    er = 100 * math.sqrt(max(0.0, 1 - cic / 100))
    f.set("internalConsistency", cic)
    f.set("errorRatio", er)
    f.set("standardError", er * math.sqrt(v) / 100)
    return f


def question_figures(q, i, attempts):
    f = Figures()
    xs = [a["marks"][i] for a in attempts if a["marks"][i] is not None]
    f.set("facility", 100 * mean(xs))
    if len(xs) > 1:
        f.set("standardDeviation", 100 * math.sqrt(variance(xs)))
    else:
        f.why("standardDeviation", "one attempt")
    f.set("randomGuessScore", random_guess(q))
    pairs = []
    for a in attempts:
        x = a["marks"][i]
        others = [m for k, m in enumerate(a["marks"]) if k != i and m is not None]
        if x is not None and others:
            pairs.append((x, math.fsum(others) / len(others)))
    px = [x for x, _ in pairs]
    pr = [r for _, r in pairs]
    if len(pairs) < 2:
        reason = "fewer than two attempts with other answers"
    elif variance(px) <= ZERO:
        reason = "the same mark in every attempt"
    elif variance(pr) <= ZERO:
        reason = "the rest of the test is the same in every attempt"
    else:
        reason = None
    if reason:
        f.why("discriminationIndex", reason)
        f.why("discriminativeEfficiency", reason)
        return f
    c = covariance(px, pr)
    f.set("discriminationIndex", 100 * c / math.sqrt(variance(px) * variance(pr)))
    cmax = covariance(sorted(px), sorted(pr))
    if cmax <= ZERO:
        f.why("discriminativeEfficiency", "no covariance possible")
    else:
        f.set("discriminativeEfficiency", 100 * c / cmax)
    return f


def groups(attempts):
    """upper / middle / lower for each attempt (by its percentage; ties across a boundary: middle)."""
    xs = [percent(a) for a in attempts]
    third = len(xs) // 3
    if third == 0:
        return ["middle"] * len(xs)
    high = sorted(xs, reverse=True)[third]
    low = sorted(xs)[third]
    return ["upper" if x > high else "lower" if x < low else "middle" for x in xs]


def response_analysis(q, i, attempts, group_of):
    answered = [(a, g) for a, g in zip(attempts, group_of) if a["marks"][i] is not None]
    sizes = {g: sum(1 for _, h in answered if h == g) for g in ["upper", "middle", "lower"]}
    out = {"groups": sizes}
    if q["type"] in ("single", "truefalse"):
        if q["type"] == "single":
            key = ord(q["answer"]) - ord("a")
            options = [(letter(k), choice_text(c), k == key) for k, c in enumerate(q["choices"])]
        else:
            options = [("true", "True", q["answer"]), ("false", "False", not q["answer"])]
        rows = []
        for option, text, correct in options:
            picked = [g for a, g in answered
                      if a["responses"][i] is not None and a["responses"][i].strip().lower() == option]
            row = {"option": option, "text": text, "correct": correct, "count": len(picked)}
            for g in ["upper", "middle", "lower"]:
                row[g] = picked.count(g)
            rows.append(row)
        out["choices"] = rows
    else:
        given = {}
        for a, _ in answered:
            r = a["responses"][i]
            if r is None:  # asked, not answered: it scores 0 but names no answer
                continue
            given.setdefault(r, []).append(a["marks"][i])
        rows = [{"response": r, "count": len(ms), "mark": mean(ms)} for r, ms in given.items()]
        rows.sort(key=lambda row: (-row["count"], row["response"]))
        out["answers"] = rows[:5]
    return out


def statistics(matrix_path, choice):
    with open(matrix_path, encoding="utf-8") as f:
        matrix = json.load(f)
    with open(os.path.join(os.path.dirname(matrix_path), matrix["bank"]), encoding="utf-8") as f:
        bank = json.load(f)
    questions = bank["questions"]
    p = len(questions)
    for s in matrix["students"]:
        for a in s["attempts"]:
            if len(a["responses"]) != p:
                raise SystemExit(f"reference.py: {s['name']} at {a['at']}: {len(a['responses'])} responses, {p} questions")
            a["marks"] = [0.0 if r is None else grade(q, r) for q, r in zip(questions, a["responses"])]
    attempts = counted(matrix["students"], choice)
    test = {"kind": "bank", "id": bank["id"], "title": bank["title"], "attempts": len(attempts),
            "partialAttempts": sum(1 for a in attempts if None in a["marks"])}
    test_figures(attempts, p).into(test, TEST_FIGURES)
    group_of = groups(attempts)
    rows = []
    for i, q in enumerate(questions):
        if all(a["marks"][i] is None for a in attempts):
            continue
        row = {"question": f"{bank['id']}/{q['id']}", "type": q["type"],
               "attempts": sum(1 for a in attempts if a["marks"][i] is not None)}
        question_figures(q, i, attempts).into(row, QUESTION_FIGURES)
        row.update(response_analysis(q, i, attempts, group_of))
        rows.append(row)
    test["questions"] = rows
    return {"attempts": choice, "tests": [test]}


def main():
    parser = argparse.ArgumentParser(description="Moodle's quiz statistics of a class matrix (reference).")
    parser.add_argument("matrix")
    parser.add_argument("--attempts", choices=["first", "last", "best", "all"], default="first")
    args = parser.parse_args()
    json.dump(statistics(args.matrix, args.attempts), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
