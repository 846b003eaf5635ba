#!/usr/bin/env python3
"""Checks the shipped curriculum in Quizzes/: JSON Schemas (draft 2020-12), the cross-file rules of
`quizline check` (ARCHITECTURE.md, "What quizline check reports"), and the curriculum's own quality
bar (issue 9): counts, question types, explanation length, answer-letter spread, right choices that
are not conspicuously longer than the wrong ones, sources that name a real seed file and a heading in it.

Usage: scripts/curriculum/validate.py [--quizzes DIR] [--seeds DIR] [--stats]
Prints `path: error|warning: message` lines; exit 1 when there is any error or warning.
"""
import argparse
import collections
import json
import os
import re
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:  # the wheels ship in schemas/
    sys.exit("validate: needs jsonschema (pip install scripts/schemas/wheels/*.whl or pip install jsonschema)")

ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
TYPES = ["single", "multiple", "truefalse", "text", "numeric", "matching", "ordering", "cloze", "flashcard", "open"]
GAP = re.compile(r"\{\{(\d+)\}\}")


class Report:
    def __init__(self):
        self.lines = []

    def error(self, path, msg):
        self.lines.append(f"{path}: error: {msg}")

    def warn(self, path, msg):
        self.lines.append(f"{path}: warning: {msg}")


def choice_text(c):
    return c if isinstance(c, str) else c["text"]


def answer_text(q):
    """The text of a question's correct answer, as a learner would see it revealed."""
    t = q["type"]
    if t == "single":
        return choice_text(q["choices"][ord(q["answer"]) - 97])
    if t == "multiple":
        return "; ".join(choice_text(q["choices"][ord(a) - 97]) for a in q["answers"])
    if t == "truefalse":
        return "true" if q["answer"] else "false"
    if t == "text":
        return choice_text(q["accept"][0])
    if t == "numeric":
        a = q["accept"][0]
        return str(a["value"]) if "value" in a else f"{a['min']}-{a['max']}"
    if t == "matching":
        return "; ".join(f"{p['left']}: {p['right']}" for p in q["pairs"])
    if t == "ordering":
        return "; ".join(q["items"])
    if t == "cloze":
        return "; ".join(choice_text(g["accept"][0]) for g in q["gaps"])
    if t == "flashcard":
        return q["back"]
    if t == "open":
        return q["modelAnswer"]
    return ""


def norm(s, ignore_punctuation=False):
    """Mirrors quizline's normalizedForComparison: lower-cased, spaces collapsed; with
    ignore_punctuation, punctuation and symbols other than @ # $ act as spaces."""
    out, pending = [], False
    for ch in s.lower():
        if ch.isspace():
            pending = bool(out)
            continue
        if ignore_punctuation and not ch.isalnum() and ch not in "@#$":
            pending = pending or bool(out)
            continue
        if pending:
            out.append(" ")
            pending = False
        out.append(ch)
    return "".join(out)


# The title each seed text is cited by.
SEED_TITLES = {
    "000_70df97bb4281d34f.txt": "SwiftUI and the Declarative UI Model",
    "001_51d8ce5bb881dd3b.txt": "SwiftUI Framework Guide",
    "002_62e60f13b4dad040.txt": "Modern SwiftUI Engineering Reference",
    "003_fcad94f48eda2a90.txt": "iOS with SwiftUI: your first screen",
}


def seed_headings(seeds_dir):
    out = {}
    if not os.path.isdir(seeds_dir):
        return out
    for name in os.listdir(seeds_dir):
        if name.endswith(".txt"):
            with open(os.path.join(seeds_dir, name), encoding="utf-8") as f:
                out[name] = {line.strip() for line in f if line.strip()}
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quizzes", default=os.path.join(root, "Quizzes"))
    ap.add_argument("--seeds", default=os.path.join(os.path.dirname(root), "shared", "seeds"))
    ap.add_argument("--stats", action="store_true", help="print counts and distributions")
    a = ap.parse_args()

    schemas = {}
    for kind in ("bank", "session", "course"):
        with open(os.path.join(root, "schemas", f"{kind}.schema.json"), encoding="utf-8") as f:
            schemas[kind] = Draft202012Validator(json.load(f))
    seeds = seed_headings(a.seeds)
    r = Report()
    banks, sessions, courses = {}, {}, {}

    for dirpath, dirnames, filenames in os.walk(a.quizzes):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or not name.endswith(".json"):
                continue
            path = os.path.relpath(os.path.join(dirpath, name), root)
            try:
                with open(os.path.join(dirpath, name), encoding="utf-8-sig") as f:
                    doc = json.load(f)
            except ValueError as e:
                r.error(path, f"not valid JSON: {e}")
                continue
            kind = doc.get("kind") if isinstance(doc, dict) else None
            if kind not in schemas:
                r.error(path, f"unknown kind {kind!r}")
                continue
            for e in sorted(schemas[kind].iter_errors(doc), key=lambda e: list(e.path)):
                r.error(path, f"schema: {'/'.join(map(str, e.path))}: {e.message[:200]}")
            table = {"bank": banks, "session": sessions, "course": courses}[kind]
            if doc.get("id") in table:
                r.error(path, f"duplicate {kind} id {doc.get('id')!r}")
            table[doc.get("id")] = (path, doc)
            if os.path.splitext(name)[0] != doc.get("id"):
                r.warn(path, f"file name does not match id {doc.get('id')!r}")

    # Sources cite a text by its title and section ("heading" or "heading › subheading", each a line
    # of the seed file), and name the seed file for tracing.
    def check_source(path, where, s):
        if s["file"] not in seeds:
            r.error(path, f"{where}: source file {s['file']!r} is not a seed file")
            return
        for part in s["section"].split(" › "):
            if part.strip() not in seeds[s["file"]]:
                r.warn(path, f"{where}: section {part!r} is not a line of {s['file']}")
        if s.get("title") != SEED_TITLES.get(s["file"]):
            r.warn(path, f"{where}: source title {s.get('title')!r} is not {SEED_TITLES.get(s['file'])!r}")

    # Banks and questions.
    prompts = collections.defaultdict(list)
    for bid, (path, b) in banks.items():
        if not b["questions"]:
            r.warn(path, "empty bank")
        seen = set()
        for q in b["questions"]:
            qid, t = q["id"], q["type"]
            w = f"question {qid}"
            if qid in seen:
                r.error(path, f"duplicate question id {qid}")
            seen.add(qid)
            prompts[norm(q["prompt"])].append(f"{bid}/{qid}")
            if t != "flashcard" and not q.get("explanation", "").strip():
                r.warn(path, f"{w}: empty explanation")
            if len(q.get("explanation", "")) <= len(answer_text(q)):
                r.warn(path, f"{w}: explanation is not longer than the answer")
            if "source" not in q:
                r.warn(path, f"{w}: no source")
            else:
                check_source(path, w, q["source"])
            for key in ("tags", "difficulty"):
                if key not in q:
                    r.warn(path, f"{w}: no {key}")
            if t in ("single", "multiple"):
                texts = [norm(choice_text(c)) for c in q["choices"]]
                if len(set(texts)) != len(texts):
                    r.warn(path, f"{w}: duplicate choices")
                letters = [q["answer"]] if t == "single" else q["answers"]
                for l in letters:
                    if ord(l) - 97 >= len(q["choices"]):
                        r.error(path, f"{w}: answer {l} is not among the choices")
                for c in texts:
                    if re.search(r"\b(all|none|both) of (the|these) (above|choices)\b", c):
                        r.warn(path, f"{w}: 'all/none of the above' choice")
                if t == "single":
                    right = len(choice_text(q["choices"][ord(q["answer"]) - 97]))
                    others = [len(choice_text(c)) for i, c in enumerate(q["choices"]) if i != ord(q["answer"]) - 97]
                    if right > 1.35 * max(others) and right - max(others) > 12:
                        r.warn(path, f"{w}: the right choice is much the longest ({right} vs {max(others)} chars)")
                else:
                    # The same tell for several right answers: right choices longer on average.
                    lengths = [len(choice_text(c)) for c in q["choices"]]
                    picked = {ord(l) - 97 for l in letters}
                    right = sum(lengths[i] for i in picked) / len(picked)
                    wrong = [n for i, n in enumerate(lengths) if i not in picked]
                    if wrong and right > 1.25 * (sum(wrong) / len(wrong)) and right - sum(wrong) / len(wrong) > 10:
                        r.warn(path, f"{w}: the right choices are much longer than the wrong ones "
                                     f"({right:.0f} vs {sum(wrong) / len(wrong):.0f} chars on average)")
            if t == "matching":
                if not 3 <= len(q["pairs"]) <= 6:
                    r.warn(path, f"{w}: {len(q['pairs'])} pairs (3-6 wanted)")
                rights = [norm(p["right"]) for p in q["pairs"]] + [norm(d) for d in q.get("distractors", [])]
                lefts = [norm(p["left"]) for p in q["pairs"]]
                if len(set(rights)) != len(rights) or len(set(lefts)) != len(lefts):
                    r.warn(path, f"{w}: duplicate pairs or distractors")
            if t == "ordering":
                if not 3 <= len(q["items"]) <= 6:
                    r.warn(path, f"{w}: {len(q['items'])} items (3-6 wanted)")
                if len(set(map(norm, q["items"]))) != len(q["items"]):
                    r.warn(path, f"{w}: duplicate items")
            if t == "text":
                acc = [norm(choice_text(x)) for x in q["accept"]]
                if len(set(acc)) != len(acc):
                    r.warn(path, f"{w}: duplicate accepted answers")
            if t == "cloze":
                nums = [int(n) for n in GAP.findall(q["text"])]
                if nums != list(range(1, len(q["gaps"]) + 1)):
                    r.error(path, f"{w}: gaps {nums} do not match {len(q['gaps'])} gap entries")
                if not 1 <= len(q["gaps"]) <= 3:
                    r.warn(path, f"{w}: {len(q['gaps'])} gaps (1-3 wanted)")
                for g in q["gaps"]:
                    acc = [norm(choice_text(x)) for x in g["accept"]]
                    if len(set(acc)) != len(acc):
                        r.warn(path, f"{w}: duplicate accepted answers in a gap")
            if t == "numeric":
                for x in q["accept"]:
                    if "min" in x and x["min"] > x["max"]:
                        r.error(path, f"{w}: numeric range min > max")
            if t == "open" and not q.get("keyPoints"):
                r.warn(path, f"{w}: open question without keyPoints")
    for p, refs in prompts.items():
        if len(refs) > 1:
            r.warn("Quizzes", f"duplicate prompt in {', '.join(refs)}")

    # Sessions, checkpoints, course.
    used = collections.defaultdict(set)
    for sid, (path, s) in sessions.items():
        cp = s.get("checkpoint")
        if s.get("completion") == "checkpoint" and not cp:
            r.error(path, "completion 'checkpoint' without a checkpoint")
        if not cp:
            r.warn(path, "no checkpoint quiz")
        else:
            n = len(cp["questions"])
            if not 6 <= n <= 10:
                r.warn(path, f"checkpoint has {n} questions (6-10 wanted)")
            if not 70 <= cp.get("passPercent", 80) <= 80:
                r.warn(path, "passPercent outside 70-80")
            for ref in cp["questions"]:
                bid, _, qid = ref.partition("/")
                if bid not in banks:
                    r.error(path, f"checkpoint: no bank {bid!r} ({ref})")
                elif qid not in {q["id"] for q in banks[bid][1]["questions"]}:
                    r.error(path, f"checkpoint: no question {ref}")
                used[bid].add(qid)
        if not 5 <= s["estimatedMinutes"] <= 15:
            r.warn(path, f"estimatedMinutes {s['estimatedMinutes']} outside 5-15")
        for i, src in enumerate(s.get("sources", [])):
            check_source(path, f"sources[{i}]", src)
        if not s.get("keyTerms"):
            r.warn(path, "no key terms")
    for bid in used:
        if bid in banks:
            for q in banks[bid][1]["questions"]:
                if q["id"] not in used[bid]:
                    r.warn(banks[bid][0], f"question {q['id']} is in no session's checkpoint")
    in_course = set()
    for cid, (path, c) in courses.items():
        for sid in c["sessions"]:
            if sid not in sessions:
                r.error(path, f"course names missing session {sid!r}")
            in_course.add(sid)
        for bid in c.get("banks", []):
            if bid not in banks:
                r.error(path, f"course names missing bank {bid!r}")
    for sid, (path, s) in sessions.items():
        if sid not in in_course:
            r.warn(path, "session is in no course")

    # The totals.
    allq = [q for _, b in banks.values() for q in b["questions"]]
    types = collections.Counter(q["type"] for q in allq)
    if len(allq) < 150:
        r.error("Quizzes", f"only {len(allq)} questions (150 wanted)")
    for t in TYPES:
        if not types[t]:
            r.error("Quizzes", f"no question of type {t}")
    course_sessions = max((len(c["sessions"]) for _, c in courses.values()), default=0)
    if course_sessions < 12:
        r.error("Quizzes", f"the course has {course_sessions} sessions (12 wanted)")

    if a.stats:
        print(f"banks {len(banks)}, sessions {len(sessions)}, courses {len(courses)}, questions {len(allq)}")
        print("types: " + ", ".join(f"{t} {types[t]}" for t in TYPES))
        for bid, (_, b) in banks.items():
            qs = b["questions"]
            letters = collections.Counter(q["answer"] for q in qs if q["type"] == "single")
            multi = collections.Counter(l for q in qs if q["type"] == "multiple" for l in q["answers"])
            tf = collections.Counter(q["answer"] for q in qs if q["type"] == "truefalse")
            diff = collections.Counter(q.get("difficulty") for q in qs)
            print(f"  {bid}: {len(qs)} questions; single answers {dict(sorted(letters.items()))}; "
                  f"multiple picks {dict(sorted(multi.items()))}; true/false {dict(tf)}; difficulty {dict(diff)}")
        for sid, (_, s) in sessions.items():
            body_words = sum(len(str(v).split()) for blk in s["body"] for v in blk.values())
            print(f"  {sid}: {s['estimatedMinutes']} min, body {body_words} words, "
                  f"checkpoint {len(s.get('checkpoint', {}).get('questions', []))}, {s.get('completion', 'manual')}")
    for line in r.lines:
        print(line)
    errors = sum(": error:" in l for l in r.lines)
    warnings = len(r.lines) - errors
    print(f"validate: {errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if r.lines else 0


if __name__ == "__main__":
    sys.exit(main())
