#!/usr/bin/env python3
"""Writes the fixed class of Tests/Fixtures/statistics/ (run once; the files are committed).

- quizzes/banks/moodle-class.json: 20 questions (15 single choice with 4 choices, one of them with a
  half-credit choice; 3 true/false; 2 typed answers, one with a half-credit answer).
- class.json: 33 students, each with a first attempt and 9 with a second one (a better one, a worse
  one, one ending early, one with the same total as the first), as the students type the answers.
- expected-{first,last,best,all}.json: scripts/statistics/reference.py's statistics of the class.

The answers come from a simple ability model with a fixed seed; the seed is the first one from which
the class has what the tests need: ties across both group boundaries (first attempts), at least two
questions with a negative discrimination index, a question everyone gets right, a distractor nobody
picks.

    python3 scripts/statistics/make-fixture.py
"""

import json
import math
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "statistics")
sys.path.insert(0, HERE)
import reference  # noqa: E402  (the generator checks the class it made with the reference)

STUDENTS = 33
SECOND = {0: 1.2, 1: 0.8, 2: 0.6, 3: 1.0, 4: -1.5, 6: 0.4, 7: 0.9, 15: 0.0, 20: -0.6}
ENDS_EARLY = {3: 12}  # student 3's second attempt ends after 12 answers
SAME_TOTAL = 15  # student 16's second attempt: other answers, the same total

TOPICS = [
    ("state", "Which property wrapper lets a child view write its parent's state?",
     ["@State", "@Binding", "@Environment", "let"], "b"),
    ("layout", "Which container overlays its children?", ["VStack", "HStack", "ZStack", "List"], "c"),
    ("modifier", "What does a modifier return?", ["a new view", "the same view", "nothing", "a binding"], "a"),
    ("identity", "What gives a ForEach row its identity?", ["its index", "its id", "its title", "its size"], "b"),
    ("preview", "Where does a preview run?", ["the canvas", "the App Store", "a server", "the terminal"], "a"),
    ("task", "Which modifier starts async work when a view appears?", [".onAppear", ".task", ".sheet", ".id"], "b"),
    ("observable", "Which macro makes a class observable?", ["@Model", "@State", "@Observable", "@Bindable"], "c"),
    ("navigation", "Which view pushes screens on a stack?", ["TabView", "NavigationStack", "Form", "Grid"], "b"),
    ("sheet", "Which modifier shows a modal card?", [".sheet", ".alert", ".popover", ".overlay"], "a"),
    ("geometry", "Which view reads its proposed size?", ["GeometryReader", "Spacer", "Divider", "Label"], "a"),
    ("animation", "Which call animates a state change?", ["withAnimation", "animate()", "transition", "delay"], "a"),
    ("environment", "Which wrapper reads a shared value?", ["@Environment", "@State", "@Binding", "@Published"], "a"),
    ("list", "Which view scrolls rows lazily?", ["VStack", "List", "Group", "Section"], "b"),
    ("focus", "Which wrapper tracks the focused field?", ["@FocusState", "@State", "@AppStorage", "@Namespace"], "a"),
    ("storage", "Where does @AppStorage keep a value?", ["UserDefaults", "the keychain", "a file", "memory"], "a"),
]
TRUEFALSE = [
    ("Views are structs in SwiftUI.", True),
    ("A @State property should be public.", False),
    ("body is computed again when state changes.", True),
]
TYPED = [
    ("Which keyword declares a constant?", ["let", {"text": "static let", "credit": 0.5}], ["var", "const"]),
    ("Which container stacks views in depth?", ["ZStack", {"text": "Z Stack", "credit": 1},
                                                {"text": "overlay", "credit": 0.5}], ["List", "Grid"]),
]
CONSTANT = 0  # q01: everyone right
REVERSED = {6, 16}  # q07 and q17: the stronger, the likelier wrong
HALF_CREDIT = 14  # q15: choice d earns half a mark
NEVER = {4: "d", 9: "c"}  # distractors nobody picks


def bank():
    questions = []
    for k, (tag, prompt, choices, answer) in enumerate(TOPICS):
        q = {"id": f"q{k + 1:02d}", "type": "single", "prompt": prompt, "choices": list(choices), "answer": answer,
             "explanation": f"The answer is {answer}) {choices[ord(answer) - 97]}.", "tags": [tag]}
        if k == HALF_CREDIT:
            q["choices"][3] = {"text": choices[3], "credit": 0.5, "feedback": "Half right."}
        questions.append(q)
    for k, (prompt, answer) in enumerate(TRUEFALSE):
        questions.append({"id": f"q{len(questions) + 1:02d}", "type": "truefalse", "prompt": prompt, "answer": answer,
                          "explanation": f"It is {'true' if answer else 'false'}."})
    for prompt, accept, _ in TYPED:
        questions.append({"id": f"q{len(questions) + 1:02d}", "type": "text", "prompt": prompt, "accept": accept,
                          "explanation": f"{accept[0]}."})
    return {"$schema": "../../../../../schemas/bank.schema.json", "kind": "bank", "schemaVersion": 1,
            "id": "moodle-class", "title": "A class for Moodle's quiz statistics",
            "description": "A fixture: 20 questions a class of 33 answers (scripts/statistics/make-fixture.py).",
            "questions": questions}


def difficulty(j):
    return -1.2 + 2.4 * ((j * 7) % 20) / 19


def answer(rng, q, j, ability):
    """What a student of `ability` types for question `j`."""
    p = 1 / (1 + math.exp(-1.7 * (ability - difficulty(j))))
    if j in REVERSED:
        p = 1 - p
    right = j == CONSTANT or rng.random() < p
    if q["type"] == "single":
        if right:
            return q["answer"]
        if j == HALF_CREDIT and rng.random() < 0.5:
            return "d"
        wrong = [chr(97 + k) for k in range(4) if chr(97 + k) != q["answer"] and NEVER.get(j) != chr(97 + k)]
        return wrong[int(rng.random() * len(wrong))]
    if q["type"] == "truefalse":
        return "true" if right == q["answer"] else "false"
    prompt, accept, wrong = TYPED[j - 18]
    if right:
        options = [a if isinstance(a, str) else a["text"] for a in accept]
        # Typed as it comes: sometimes in lower case (graded the same, counted as another response).
        pick = options[int(rng.random() * len(options))]
        return pick.lower() if rng.random() < 0.25 else pick
    return wrong[int(rng.random() * len(wrong))]


def students(seed, questions):
    rng = random.Random(seed)
    out = []
    for k in range(STUDENTS):
        ability = round(-2 + 4 * k / (STUDENTS - 1) + (rng.random() - 0.5), 2)
        first = [answer(rng, q, j, ability) for j, q in enumerate(questions)]
        attempts = [{"at": f"2026-11-{20 + k % 3}T09:00:00Z", "responses": first}]
        if k in SECOND:
            if k == SAME_TOTAL:
                second = same_total_other_answers(rng, questions, first)
            else:
                second = [answer(rng, q, j, ability + SECOND[k]) for j, q in enumerate(questions)]
            if k in ENDS_EARLY:
                second = second[:ENDS_EARLY[k]] + [None] * (len(questions) - ENDS_EARLY[k])
            attempts.append({"at": f"2026-11-{24 + k % 3}T09:00:00Z", "responses": second})
        out.append({"name": f"s{k + 1:02d}", "attempts": attempts})
    return out


def same_total_other_answers(rng, questions, first):
    """The first attempt with one right single-choice answer made wrong and one wrong one made right."""
    second = list(first)
    singles = [j for j, q in enumerate(questions) if q["type"] == "single" and j not in (CONSTANT, HALF_CREDIT)]
    right = [j for j in singles if first[j] == questions[j]["answer"]]
    wrong = [j for j in singles if first[j] != questions[j]["answer"]]
    a, b = right[-1], wrong[0]
    second[a] = next(c for c in "abcd" if c != questions[a]["answer"] and NEVER.get(a) != c)
    second[b] = questions[b]["answer"]
    return second


def write(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2, ensure_ascii=False)
        f.write("\n")


def main():
    os.makedirs(os.path.join(OUT, "quizzes", "banks"), exist_ok=True)
    b = bank()
    write(os.path.join(OUT, "quizzes", "banks", "moodle-class.json"), b)
    matrix_path = os.path.join(OUT, "class.json")
    for seed in range(1, 500):
        matrix = {"$schema": "../../../schemas/statistics-class.schema.json",
                  "bank": "quizzes/banks/moodle-class.json", "students": students(seed, b["questions"])}
        write(matrix_path, matrix)
        stats = reference.statistics(matrix_path, "first")["tests"][0]
        xs = sorted((reference.percent(a) for a in reference_counted(matrix_path)), reverse=True)
        third = len(xs) // 3
        ties = xs[third - 1] == xs[third] and xs[-third] == xs[-third - 1]
        negative = [q for q in stats["questions"] if (q["discriminationIndex"] or 0) < 0]
        constant = stats["questions"][CONSTANT]["facility"] == 100
        if ties and len(negative) >= 2 and constant and stats["internalConsistency"] is not None:
            print(f"seed {seed}: negative DI on {[q['question'] for q in negative]}")
            break
    else:
        raise SystemExit("no seed gives the class the tests need")
    script = os.path.join(HERE, "reference.py")
    for choice in ["first", "last", "best", "all"]:
        out = subprocess.run([sys.executable, script, matrix_path, "--attempts", choice], check=True,
                             capture_output=True, text=True).stdout
        with open(os.path.join(OUT, f"expected-{choice}.json"), "w", encoding="utf-8") as f:
            f.write(out)


def reference_counted(matrix_path):
    with open(matrix_path, encoding="utf-8") as f:
        matrix = json.load(f)
    with open(os.path.join(os.path.dirname(matrix_path), matrix["bank"]), encoding="utf-8") as f:
        questions = json.load(f)["questions"]
    for s in matrix["students"]:
        for a in s["attempts"]:
            a["marks"] = [None if r is None else reference.grade(q, r) for q, r in zip(questions, a["responses"])]
    return reference.counted(matrix["students"], "first")


if __name__ == "__main__":
    main()
