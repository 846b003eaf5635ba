#!/usr/bin/env python3
"""The peer of quizline's Anki import: PyPI `anki` importing a package into an empty collection.

Usage: anki-import.py DIR PACKAGE

Creates DIR/collection.anki2 (its media go to DIR/collection.media, as in Anki), imports PACKAGE with
its scheduling (review history and card states, as quizline's --with-history), closes the collection.
Prints one line: `import <seconds of the import call> start <seconds from process start to the call>
notes <N> cards <N> revlog <N> media <N>`; bench.py times the whole process as well.
"""
import os
import sys
import time

started = time.monotonic()
from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest  # noqa: E402

out, package = sys.argv[1], os.path.abspath(sys.argv[2])
col = Collection(os.path.join(out, "collection.anki2"))
before = time.monotonic()
col.import_anki_package(ImportAnkiPackageRequest(
    package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True)))
after = time.monotonic()
counts = [col.db.scalar(f"select count() from {t}") for t in ("notes", "cards", "revlog")]
col.close()
media = len(os.listdir(os.path.join(out, "collection.media")))
print(f"import {after - before:.3f} start {before - started:.3f} notes {counts[0]} cards {counts[1]} "
      f"revlog {counts[2]} media {media}")
