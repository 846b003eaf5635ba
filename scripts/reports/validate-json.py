#!/usr/bin/env python3
"""Validates report JSON files against schemas/report.schema.json with the `jsonschema` package
(JSON Schema 2020-12), and checks that the schema itself is a valid 2020-12 schema.

    python3 scripts/reports/validate-json.py REPORT.json [...]

Exits 0 when every file is valid, 1 when one is not, 69 when `jsonschema` is not installed
(`pip install jsonschema`, or a venv under .build/).
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("validate-json.py: the jsonschema package is not installed (pip install jsonschema)", file=sys.stderr)
    sys.exit(69)

schema_path = pathlib.Path(__file__).resolve().parents[2] / "schemas" / "report.schema.json"
schema = json.loads(schema_path.read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
failed = False
for name in sys.argv[1:]:
    errors = sorted(validator.iter_errors(json.loads(pathlib.Path(name).read_text())), key=lambda e: list(e.path))
    for e in errors:
        failed = True
        print(f"{name}: {'/'.join(map(str, e.path)) or '(root)'}: {e.message}", file=sys.stderr)
    if not errors:
        print(f"{name}: valid")
sys.exit(1 if failed else 0)
