"""The Python peer of quizline's start-up benchmark: load every JSON file of a quizzes folder."""
import json
import os
import sys

count = 0
for root, _dirs, files in os.walk(sys.argv[1]):
    for name in files:
        if name.endswith(".json"):
            with open(os.path.join(root, name), encoding="utf-8") as f:
                count += len(json.load(f).get("questions", []))
