#!/usr/bin/env bash
# The pure core (Sources/QuizlineCore) reaches no file, process or terminal API. The compiler keeps
# the other quizline modules out (QuizlineCore depends only on CMath); this check keeps the C
# library and Foundation out, which Swift would otherwise let any file import.
# Exit 1 with every offending line when one is found.
set -euo pipefail
cd "$(dirname "$0")/../.."
pattern='^\s*(@preconcurrency\s+|@_exported\s+)?import\s+(Glibc|Darwin|Musl|Foundation|FoundationEssentials|Dispatch|CEditLine)\b|FileManager|FileHandle|\bfsync\b|\bopen\('
if hits=$(grep -rnE "$pattern" Sources/QuizlineCore); then
  echo "Sources/QuizlineCore must stay pure (no C library, Foundation, file or process API):" >&2
  echo "$hits" >&2
  exit 1
fi
