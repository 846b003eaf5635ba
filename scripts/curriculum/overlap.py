#!/usr/bin/env python3
"""Reports runs of N (default 8) or more consecutive words shared by a text in Quizzes/ and a seed file.

Words are compared case-insensitively with punctuation stripped: apostrophes inside a word are
dropped ("Apple's" -> "apples"), every other non-letter, non-digit character separates words.
Each seed file is one word stream (runs may cross its line breaks); on the Quizzes side every JSON
string value is its own text, so a run never spans two fields.

With --paraphrase it instead lists sentences (7+ words, code blocks skipped) of which at least
--cover (default 0.6) of the words lie in runs of --min (default 4 here) words shared with one seed: close
paraphrases that keep a seed's phrasing with a word changed here and there. That report is advice
for a reader, not a check (technical phrases and API names turn up in it too); it exits 0.

Usage: scripts/curriculum/overlap.py [--quizzes DIR] [--seeds DIR] [--min N] [--paraphrase [--cover F]]
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


SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


def paraphrases(w, index, n, cover):
    """The share of the words of w that lie in an n-word run found in a single seed, if >= cover."""
    if len(w) < 7:
        return None
    covered = {}
    for i in range(len(w) - n + 1):
        for seed, _ in index.get(tuple(w[i : i + n]), []):
            covered.setdefault(seed, set()).update(range(i, i + n))
    best = max((len(c) / len(w), seed) for seed, c in covered.items()) if covered else (0, None)
    return best if best[0] >= cover else None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quizzes", default=os.path.join(root, "Quizzes"))
    p.add_argument("--seeds", default=os.path.join(os.path.dirname(root), "shared", "seeds"))
    p.add_argument("--min", type=int, help="run length in words (default 8, or 4 with --paraphrase)")
    p.add_argument("--paraphrase", action="store_true", help="list sentences mostly made of shared runs")
    p.add_argument("--cover", type=float, default=0.6)
    a = p.parse_args()
    if a.min is None:
        a.min = 4 if a.paraphrase else 8
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
                if a.paraphrase:
                    if where.endswith(".code"):
                        continue
                    for sentence in SENTENCE_END.split(text):
                        hit = paraphrases(words(sentence), index, a.min, a.cover)
                        if hit:
                            found += 1
                            print(f"{os.path.relpath(path, root)} {where}: {hit[0]:.0%} of the words in runs "
                                  f"shared with {hit[1]}: {sentence}")
                    continue
                w = words(text)
                for start, length, seed in find_runs(w, index, seeds, a.min):
                    found += 1
                    print(f"{os.path.relpath(path, root)} {where}: {length} words shared with {seed}: "
                          f"\"{' '.join(w[start:start + length])}\"")
    if a.paraphrase:
        print(f"overlap: {found} sentence(s) with {a.cover:.0%} or more of their words in shared "
              f"{a.min}-word runs", file=sys.stderr)
        return 0
    if found:
        print(f"overlap: {found} shared run(s) of {a.min}+ words", file=sys.stderr)
        return 1
    print(f"overlap: no run of {a.min}+ words shared with the seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
