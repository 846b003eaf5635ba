#!/usr/bin/env python3
"""Prints N (default 20) questions picked at random with a fixed seed, as a learner would meet them,
followed by the answer, explanation and source, for a manual review pass.

Usage: scripts/curriculum/review.py [--seed S] [--count N] [--quizzes DIR]
"""
import argparse
import json
import os
import random
import textwrap


def show(bank, q):
    out = [f"=== {bank}/{q['id']} ({q['type']}, {q.get('difficulty', '?')}) ==="]
    out.append(q["prompt"])
    t = q["type"]
    if t in ("single", "multiple"):
        for i, c in enumerate(q["choices"]):
            out.append(f"  {chr(97 + i)}) {c if isinstance(c, str) else c['text']}")
        answer = q["answer"] if t == "single" else ",".join(q["answers"])
    elif t == "truefalse":
        answer = str(q["answer"]).lower()
    elif t == "text":
        answer = " / ".join(a if isinstance(a, str) else a["text"] for a in q["accept"])
    elif t == "numeric":
        answer = json.dumps(q["accept"]) + (" " + q["unit"] if "unit" in q else "")
    elif t == "matching":
        for p in q["pairs"]:
            out.append(f"  {p['left']}  ->  ?")
        out.append(f"  right items: {[p['right'] for p in q['pairs']] + q.get('distractors', [])}")
        answer = "; ".join(f"{p['left']} = {p['right']}" for p in q["pairs"])
    elif t == "ordering":
        out.append(f"  items: {sorted(q['items'])}")
        answer = " > ".join(q["items"])
    elif t == "cloze":
        out.append("  " + q["text"])
        answer = " | ".join("/".join(a if isinstance(a, str) else a["text"] for a in g["accept"]) for g in q["gaps"])
    elif t == "flashcard":
        answer = q["back"]
    else:
        answer = q["modelAnswer"] + "\n  key points: " + "; ".join(q.get("keyPoints", []))
    out.append(f"ANSWER: {answer}")
    out.append("WHY: " + textwrap.fill(q.get("explanation", ""), 100, subsequent_indent="     "))
    src = q.get("source", {})
    out.append(f"SOURCE: {src.get('title')}, {src.get('section')} ({src.get('file')})")
    return "\n".join(out)


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="issue-9-review")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--quizzes", default=os.path.join(root, "Quizzes"))
    a = ap.parse_args()
    pool = []
    banks_dir = os.path.join(a.quizzes, "banks")
    for name in sorted(os.listdir(banks_dir)):
        if name.endswith(".json"):
            with open(os.path.join(banks_dir, name), encoding="utf-8") as f:
                b = json.load(f)
            pool += [(b["id"], q) for q in b["questions"]]
    for bank, q in random.Random(a.seed).sample(pool, a.count):
        print(show(bank, q), end="\n\n")


if __name__ == "__main__":
    main()
