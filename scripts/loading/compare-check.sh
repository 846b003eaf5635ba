#!/usr/bin/env bash
# `quizline check` of two binaries on the same banks, output and exit status compared byte for
# byte: every JSON fixture and shipped bank, then COUNT mutated banks (questions of every type with
# keys removed, added, repeated or given other values; some with bytes cut or inserted) made from
# SAMPLE (a bank file, e.g. `quizline-bench bank-sample --questions 200 --out FILE`). Prints the
# files that differ and a summary; exits 1 when any differs.
#
#   scripts/loading/compare-check.sh BASE NEW SAMPLE [COUNT]   (COUNT defaults to 300)
set -euo pipefail
cd "$(dirname "$0")/../.."
base="$1" new="$2" sample="$3" count="${4:-300}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/empty" "$work/mutants"
python3 - "$sample" "$work/mutants" "$count" <<'PY'
import json, random, sys
sample, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
bank = json.load(open(sample, encoding="utf-8"))
values = ["", " ", "\u3000", "\u0000", "\u0085", "\u202e", "A", "a", "b", "z", "Q1", "q 1", "single", "multiple",
          "truefalse", "flashcard", "text", "easy", "Hard", True, False, None, 1, 2.5, [], ["a"], ["a", "a"],
          ["b", "a"], ["T"], ["t", "t"], {}, {"file": "f"}, {"file": "f", "section": "s"}, {"true": "t"},
          "\u00e9", "e\u0301", "x\t", "Same", "same "]
keys = ["id", "type", "title", "prompt", "explanation", "hint", "tags", "difficulty", "source", "note",
        "choices", "answer", "answers", "back", "feedback", "accept", "$schema", "zz", "Prompt"]
rng = random.Random(36)
for n in range(count):
    b = json.loads(json.dumps(bank))
    qs = b["questions"]
    for _ in range(rng.randint(1, 4)):
        q = qs[rng.randrange(len(qs))]
        op = rng.randrange(5)
        if op == 0 and q:
            q.pop(rng.choice(list(q)))
        elif op == 1:
            q[rng.choice(keys)] = rng.choice(values)
        elif op == 2 and isinstance(q.get("choices"), list) and q["choices"]:
            q["choices"].append(rng.choice([q["choices"][0], rng.choice(values)]))
        elif op == 3:
            q["id"] = qs[rng.randrange(len(qs))].get("id", "x")
        else:
            q["type"] = rng.choice(["single", "multiple", "truefalse", "flashcard", "text", "Single"])
    text = json.dumps(b, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1, 2, "\t"]))
    if rng.random() < 0.2:
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice(['"', ",", "\\", "}", "\\u0069", '"id": "q0", ']) + text[at + 1:]
    if rng.random() < 0.2:
        # A key written with an escape.
        text = text.replace('"prompt"', '"\\u0070rompt"', rng.randint(1, 3))
    open(f"{out}/m{n:04d}.json", "w", encoding="utf-8").write(text)
PY
differ=0
total=0
for file in $(find Tests/Fixtures Quizzes -name '*.json' | sort) "$work"/mutants/*.json; do
  total=$((total + 1))
  a=$("$base" check --quizzes "$work/empty" "$file" 2>&1; echo "exit $?")
  b=$("$new" check --quizzes "$work/empty" "$file" 2>&1; echo "exit $?")
  if [ "$a" != "$b" ]; then
    differ=$((differ + 1))
    echo "DIFFERS: $file"
    diff <(echo "$a") <(echo "$b") | head -5
  fi
done
echo "compared $total files: $differ differ"
[ "$differ" -eq 0 ]
