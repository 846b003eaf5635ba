"""Answers per profile, counted by DuckDB over every device's journal and archive (README, "Classes").

An answer taken back by `undo` (an `undone` event of the same profile naming its sequence number) is
not counted, as in `quizline report`.
"""
import sys

import duckdb

QUERY = """
WITH e AS (
  SELECT regexp_extract(filename, '/([^/]+)/devices/', 1) AS profile, seq, type, target
  FROM read_json($glob, format = 'newline_delimited', filename = true,
                 columns = {seq: 'BIGINT', type: 'VARCHAR', target: 'BIGINT'})
)
SELECT profile, count(*) AS answers FROM e a
WHERE type = 'answered'
  AND NOT EXISTS (SELECT 1 FROM e u WHERE u.type = 'undone' AND u.target = a.seq AND u.profile = a.profile)
GROUP BY profile ORDER BY profile
"""

folder = sys.argv[1].rstrip("/")
for profile, answers in duckdb.execute(QUERY, {"glob": folder + "/*/devices/**/*.jsonl"}).fetchall():
    print(f"{profile}\t{answers}")
