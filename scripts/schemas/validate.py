"""Validate JSON files (or JSON Lines) against a JSON Schema (draft 2020-12).

Usage: validate.py SCHEMA [--lines] FILE...
Prints one line per problem (file[:line]: message) and exits 1 when there is any.
"""
import json
import sys

from jsonschema import Draft202012Validator, FormatChecker


def main(argv):
    schema_path, rest = argv[0], argv[1:]
    lines = False
    if rest and rest[0] == "--lines":
        lines, rest = True, rest[1:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    # The schema itself must be a valid 2020-12 schema (raises, so the exit status is not 0 or 1).
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    problems = 0
    checked = 0
    for path in rest:
        with open(path, encoding="utf-8") as f:
            docs = [(n + 1, json.loads(l)) for n, l in enumerate(f) if l.strip()] if lines else [(0, json.load(f))]
        for line, doc in docs:
            checked += 1
            for error in validator.iter_errors(doc):
                where = f"{path}:{line}" if lines else path
                print(f"{where}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
                problems += 1
    print(f"validated {checked} document(s) against {schema_path}: {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
