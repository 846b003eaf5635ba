#!/usr/bin/env python3
"""Writes the committed fingerprint of the curriculum's source texts.

The seed texts live outside the repository (their sentences must never enter it), yet `make test`
checks the curriculum against them. It does so through this fingerprint, derived from the texts:

- `runs`: the FNV-1a 64-bit hash (16 lower-case hex digits) of every run of 8 consecutive words,
  the words joined by one space; words as in overlap.py (lower-cased, apostrophes inside a word
  dropped, any other non-letter, non-digit separates). Sorted, without repeats. A hash cannot be
  read back into the text, but a shared 8-word run gives the same hash.
- `headings`: the lines that can be section headings (short, capitalised, not code, not a table
  cell, no sentence ending; after `Review Questions` only the titles of its groups), in file order, for checking that every `source.section` names a heading of its seed file.
- `keyTerms`: the terms (the part before the colon) listed under `Key Terms`, when the text has
  such a section.

The test suite recomputes all of this from the texts in `make conformance`
(`SeedFingerprintConformanceTests`) and finds the committed file current.

Usage: scripts/curriculum/fingerprint.py --seeds DIR [--out FILE]
       (FILE defaults to Tests/Fixtures/curriculum/seed-fingerprints.json)
Exit status: 0 written, 2 bad input.
"""
import argparse
import json
import os
import re
import sys

RUN_LENGTH = 8
WORD = re.compile(r"[^\W_]+", re.UNICODE)
LABEL = re.compile(r"^(Requirement|Notes|Cause|Fix|Where in the code|What it does|Layout|In the row"
                   r"|Correct Answer|Now \(Observation\)|[A-D]\.):? ")
CODE_START = ("import ", "struct ", "final ", "class ", "enum ", "func ", "let ", "var ",
              "extension ", "#", "//", "•", "|", "├", "│", "└", "`")


def words(text):
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"(?<=\w)'(?=\w)", "", text)
    return WORD.findall(text)


def fnv1a64(text):
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def is_heading(line):
    """A line that can be a section heading: short, not code, no sentence ending."""
    if not line or line != line.strip() or "\t" in line or len(line) > 70:
        return False
    if line.startswith(CODE_START) or any(c in line for c in "{}=\"") or "  " in line:
        return False
    if line.split()[0].islower() or LABEL.match(line):
        return False  # a table cell or a list entry, not a heading
    if (line.startswith("@") and " " not in line) or " var " in line or " let " in line:
        return False  # an attribute or a declaration
    if line.endswith((".", ",", ";", ":", ")", "]")):
        return False
    return len(line.split()) <= 12


def key_terms(lines):
    try:
        start = lines.index("Key Terms") + 1
    except ValueError:
        return []
    terms = []
    for line in lines[start:]:
        if line.strip() == "Review Questions":
            break
        term, colon, _ = line.partition(":")
        if colon and term.strip():
            terms.append(term.strip())
    return terms


def fingerprint(text):
    w = words(text)
    runs = sorted({f"{fnv1a64(' '.join(w[i:i + RUN_LENGTH])):016x}"
                   for i in range(len(w) - RUN_LENGTH + 1)})
    lines = text.replace("\r\n", "\n").split("\n")
    headings = []
    exercises = False  # after `Review Questions` only the groups of exercises are headings
    for line in lines:
        if is_heading(line) and line not in headings:
            if not exercises or re.search(r"Questions( with Answers)?$", line):
                headings.append(line)
        exercises = exercises or line == "Review Questions"
    return {"headings": headings, "keyTerms": key_terms(lines), "runs": runs}


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", required=True, help="the folder of seed texts (*.txt)")
    parser.add_argument("--out", default=os.path.join(
        root, "Tests", "Fixtures", "curriculum", "seed-fingerprints.json"))
    args = parser.parse_args()
    try:
        names = sorted(n for n in os.listdir(args.seeds) if n.endswith(".txt"))
    except OSError as e:
        print(f"fingerprint.py: {args.seeds}: {e.strerror}", file=sys.stderr)
        return 2
    if not names:
        print(f"fingerprint.py: {args.seeds}: no *.txt seed texts", file=sys.stderr)
        return 2
    seeds = {}
    for name in names:
        with open(os.path.join(args.seeds, name), encoding="utf-8") as f:
            seeds[name] = fingerprint(f.read())
    doc = {"runLength": RUN_LENGTH, "hash": "fnv1a64", "seeds": seeds}
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    print(f"fingerprint.py: wrote {args.out} ({len(names)} texts, "
          f"{sum(len(s['runs']) for s in seeds.values())} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
