"""Writes a class folder of N profiles for the class-report benchmark (scripts/reports/class-bench.sh).

Each profile holds E answers to the shipped banks' questions, either in the single-journal layout
(`<profile>/journal.jsonl`) or as one device's log (`<profile>/devices/<id>/`), as a teacher's clone
of a class repository holds them.  Usage: class_sample.py QUIZZES OUT N E single|devices [answers|quizzes]

`answers` (the default) writes loose answers; `quizzes` writes them as whole quizzes on the
swiftui-state bank (started, every question answered with a choice letter, finished), so the class
report's test statistics have attempts to count: about E answers a profile, in quizzes of 25.
"""
import json
import os
import sys

quizzes, out, count, events, layout = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
mode = sys.argv[6] if len(sys.argv) > 6 else "answers"
refs = []
state = []
for root, _, files in os.walk(quizzes):
    for name in sorted(files):
        if name.endswith(".json"):
            with open(os.path.join(root, name)) as f:
                doc = json.load(f)
            if doc.get("kind") == "bank":
                refs += [doc["id"] + "/" + q["id"] for q in doc["questions"]]
                if doc["id"] == "swiftui-state":
                    state = [doc["id"] + "/" + q["id"] for q in doc["questions"]]
os.makedirs(out, exist_ok=True)
for p in range(count):
    profile = os.path.join(out, "s%05d" % p)
    tag = 1 + p % 1000
    base = tag << 32 if layout == "devices" else 0
    lines = []
    seq = base
    if mode == "quizzes":
        for run in range(max(1, events // len(state))):
            day, sec = divmod(p * 3 + run * 3600, 86400)
            at = "2026-%02d-%02dT%02d:%02d:%02dZ" % (1 + day // 28 % 12, 1 + day % 28, sec // 3600, sec // 60 % 60, sec % 60)
            seq += 1
            start = seq
            lines.append('{"seq":%d,"at":"%s","type":"quizStarted","source":"bank:swiftui-state","questions":%s,"seed":"1"}'
                         % (start, at, json.dumps(state, separators=(",", ":"))))
            for j, ref in enumerate(state):
                seq += 1
                right = (p * 31 + j * 17 + run * 7 + (p % 11) * j) % 10 < 3 + p % 7
                lines.append('{"seq":%d,"at":"%s","type":"answered","run":%d,"question":"%s","response":"%s","score":%d,"seconds":4,"rating":"%s"}'
                             % (seq, at, start, ref, "a" if right else "bcd"[(p + j) % 3], 1 if right else 0, "good" if right else "again"))
            seq += 1
            lines.append('{"seq":%d,"at":"%s","type":"runEnded","run":%d,"reason":"finished"}' % (seq, at, start))
    for k in range(events if mode == "answers" else 0):
        ref = refs[(p * 7 + k * 13) % len(refs)]
        day, sec = divmod(p * 3 + k * 600, 86400)
        at = "2026-%02d-%02dT%02d:%02d:%02dZ" % (1 + day // 28 % 12, 1 + day % 28, sec // 3600, sec // 60 % 60, sec % 60)
        score = 1 if (p + k) % 3 else 0
        rating = "good" if score else "again"
        lines.append(
            '{"seq":%d,"at":"%s","type":"answered","run":0,"question":"%s","response":"a","score":%d,"seconds":4,"rating":"%s"}'
            % (base + k + 1, at, ref, score, rating))
    if layout == "devices":
        device = "%032x" % (p + 1)
        folder = os.path.join(profile, "devices", device)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "device.json"), "w") as f:
            f.write('{"schemaVersion":1,"id":"%s","name":"laptop","tag":%d,"createdAt":"2026-01-01T00:00:00Z"}\n'
                    % (device, tag))
    else:
        folder = profile
        os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "journal.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
