#!/usr/bin/env bash
# Anki import against Anki itself (issue 36): three packages built by the real Anki (PyPI `anki`,
# make-decks.py, cached in .build/anki-bench/): 20,000 Basic notes with 200,000 reviews; 2,000 notes
# each with a picture of its own (JPEG and PNG, 20-200 KB; 10,000 reviews); 100,000 notes with
# 500,000 reviews. Each is imported, 5 rounds interleaved, by the release `quizline import PKG
# --with-history` and by PyPI `anki` into an empty collection with its scheduling
# (anki-import.py), each a process of its own into fresh folders; bench.py prints wall and CPU time,
# peak RSS, the ratios and one ROW line per package. About 4 minutes on a quiet machine once the
# packages exist (building them the first time takes a few minutes more).
#
#   scripts/anki/bench.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
here="$root/scripts/anki"
rounds="${1:-5}"
. "$here/venv.sh"
"$venv/bin/python" -c "import PIL" 2>/dev/null ||
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pillow==12.3.0"
make_deck() { # DIR FILE ARGS...
  local dir=$1 file=$2
  shift 2
  [ -f "$dir/$file" ] || "$venv/bin/python" "$here/make-decks.py" "$dir" "$@" >&2
  echo "$dir/$file"
}
big=$(make_deck .build/anki-bench/20000-200000 big.apkg --big 20000 200000)
media=$(make_deck .build/anki-bench/media-2000 media.apkg --media 2000 10000)
huge=$(make_deck .build/anki-bench/100000-500000 big.apkg --big 100000 500000)
swift build -c release --static-swift-stdlib --product quizline >/dev/null
echo "Anki import, quizline against PyPI anki (Collection.import_anki_package, with scheduling), $rounds rounds"
"$venv/bin/python" "$here/bench.py" .build/release/quizline "$venv/bin/python" "$rounds" \
  "20,000 notes, 200,000 reviews=$big" "2,000 notes with pictures=$media" \
  "100,000 notes, 500,000 reviews=$huge"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1)"
