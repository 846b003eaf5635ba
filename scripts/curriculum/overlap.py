#!/usr/bin/env python3
"""Reports runs of N (default 8) or more consecutive words shared by a text in Quizzes/ and a seed file.

Words are compared case-insensitively with punctuation stripped: apostrophes inside a word are
dropped ("Apple's" -> "apples"), every other non-letter, non-digit character separates words.
Each seed file is one word stream (runs may cross its line breaks); on the Quizzes side every JSON
string value is its own text, so a run never spans two fields.

Usage: scripts/curriculum/overlap.py [--quizzes DIR] [--seeds DIR] [--min N]
Exit status: 0 when nothing is shared, 1 when some run was found, 2 on bad input.
"""
import argparse
import json
import os
import re
import sys

WORD = re.compile(r"[^\W_]+", re.UNICODE)


def words(text):
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"(?<=\w)'(?=\w)", "", text)
    return WORD.findall(text)


def strings(value, where):
    """Yields (location, text) for every string in a JSON value."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("$schema", "source", "sources", "file"):
                continue
            yield from strings(item, f"{where}.{key}")


def seed_index(seeds_dir, n):
    index = {}
    seeds = {}
    for name in sorted(os.listdir(seeds_dir)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(seeds_dir, name), encoding="utf-8") as f:
            w = words(f.read())
        seeds[name] = w
        for i in range(len(w) - n + 1):
            index.setdefault(tuple(w[i : i + n]), []).append((name, i))
    return index, seeds


def find_runs(w, index, seeds, n):
    """Maximal runs of >= n words of w that also occur in a seed: (start, length, seed)."""
    runs = []
    i = 0
    while i <= len(w) - n:
        hits = index.get(tuple(w[i : i + n]))
        if not hits:
            i += 1
            continue
        best = (n, hits[0][0])
        for seed, j in hits:
            k = n
            sw = seeds[seed]
            while i + k < len(w) and j + k < len(sw) and w[i + k] == sw[j + k]:
                k += 1
            best = max(best, (k, seed))
        runs.append((i, best[0], best[1]))
        i += best[0]
    return runs


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quizzes", default=os.path.join(root, "Quizzes"))
    p.add_argument("--seeds", default=os.path.join(os.path.dirname(root), "shared", "seeds"))
    p.add_argument("--min", type=int, default=8)
    a = p.parse_args()
    if not os.path.isdir(a.seeds):
        print(f"overlap: no seeds folder at {a.seeds}", file=sys.stderr)
        return 2
    index, seeds = seed_index(a.seeds, a.min)
    found = 0
    for dirpath, dirnames, filenames in os.walk(a.quizzes):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if not name.endswith(".json") or name.startswith("."):
                continue
            path = os.path.join(dirpath, name)
            try:
                with open(path, encoding="utf-8-sig") as f:
                    doc = json.load(f)
            except (OSError, ValueError) as e:
                print(f"{path}: cannot read: {e}", file=sys.stderr)
                return 2
            for where, text in strings(doc, ""):
                w = words(text)
                for start, length, seed in find_runs(w, index, seeds, a.min):
                    found += 1
                    print(f"{os.path.relpath(path, root)} {where}: {length} words shared with {seed}: "
                          f"\"{' '.join(w[start:start + length])}\"")
    if found:
        print(f"overlap: {found} shared run(s) of {a.min}+ words", file=sys.stderr)
        return 1
    print(f"overlap: no run of {a.min}+ words shared with the seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
