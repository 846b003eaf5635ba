#!/usr/bin/env python3
"""Import a quizline Anki export into a temporary Anki collection and check it.

Usage: verify.py EXPORT.txt EXPECTED.json

EXPECTED.json: {"notes": N, "deck": "name", "notetype": "Basic",
                "samples": [{"guid": "...", "fields": ["front html", "back html"], "tags": ["a", "b"]}, ...]}

Uses Anki's own importer (PyPI package `anki`, the same Rust backend as the desktop app), reading the
file's header lines (#separator, #html, #notetype, #deck, #columns, #guid column, #tags column).
Prints what it found and exits 0 when everything matches, 1 otherwise.
"""
import json
import os
import sys
import tempfile

from anki.collection import Collection, ImportCsvRequest


def main() -> int:
    export_path, expected_path = sys.argv[1], sys.argv[2]
    with open(expected_path, encoding="utf-8") as f:
        expected = json.load(f)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "verify.anki2"))
        try:
            metadata = col.get_csv_metadata(path=export_path, delimiter=None)
            if not metadata.is_html:
                problems.append("Anki did not read '#html:true'")
            if metadata.guid_column != 1 or metadata.tags_column != 4:
                problems.append(f"columns: guid {metadata.guid_column}, tags {metadata.tags_column}")
            log = col.import_csv(ImportCsvRequest(path=export_path, metadata=metadata)).log
            skipped = len(log.conflicting) + len(log.first_field_match) + len(log.missing_notetype)
            skipped += len(log.missing_deck) + len(log.empty_first_field) + len(log.duplicate)
            if skipped:
                problems.append(f"{skipped} notes not imported as new: {log}")
            note_ids = col.find_notes("")
            print(f"anki: imported {len(log.new)} new notes; collection holds {len(note_ids)}")
            if len(note_ids) != expected["notes"]:
                problems.append(f"note count {len(note_ids)}, expected {expected['notes']}")
            by_guid = {}
            for nid in note_ids:
                note = col.get_note(nid)
                by_guid[note.guid] = note
            for sample in expected["samples"]:
                note = by_guid.get(sample["guid"])
                if note is None:
                    problems.append(f"no note with GUID {sample['guid']}")
                    continue
                if note.note_type()["name"] != expected.get("notetype", "Basic"):
                    problems.append(f"{sample['guid']}: note type {note.note_type()['name']}")
                deck = col.decks.name(note.cards()[0].did)
                if deck != expected["deck"]:
                    problems.append(f"{sample['guid']}: deck {deck!r}, expected {expected['deck']!r}")
                if list(note.fields) != sample["fields"]:
                    problems.append(f"{sample['guid']}: fields {list(note.fields)!r}, expected {sample['fields']!r}")
                if sorted(note.tags) != sorted(sample["tags"]):
                    problems.append(f"{sample['guid']}: tags {note.tags!r}, expected {sample['tags']!r}")
        finally:
            col.close()
    for p in problems:
        print("anki: MISMATCH:", p)
    if not problems:
        print(f"anki: OK: {expected['notes']} notes, {len(expected['samples'])} sample notes match")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
