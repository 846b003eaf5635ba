#!/usr/bin/env bash
# Anki import at scale: a 20,000-note deck with 200,000 reviews (built by the real Anki through
# make-decks.sh --big, kept in .build/anki-bench/), imported with its history by the release binary,
# three times into fresh folders; prints the wall time and peak memory (max RSS) of each run.
#
#   scripts/anki/bench.sh [NOTES] [REVIEWS]
set -euo pipefail
cd "$(dirname "$0")/../.."
notes="${1:-20000}"
reviews="${2:-200000}"
dir=.build/anki-bench/$notes-$reviews
[ -f "$dir/big.apkg" ] || scripts/anki/make-decks.sh "$dir" --big "$notes" "$reviews"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
echo "anki import: $notes notes, $reviews reviews, $(stat -c %s "$dir/big.apkg") bytes ($dir/big.apkg)"
for run in 1 2 3; do
  out=$(mktemp -d)
  python3 - "$out" "$dir/big.apkg" <<'PY'
import resource, subprocess, sys, time
out, package = sys.argv[1], sys.argv[2]
start = time.monotonic()
r = subprocess.run([".build/release/quizline", "--progress", out + "/P", "import", package, "--out", out + "/Q",
                    "--with-history"], capture_output=True, text=True)
wall = time.monotonic() - start
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
if r.returncode != 0:
    sys.exit(f"import failed ({r.returncode}): {r.stderr}")
recorded = [l for l in r.stdout.splitlines() if l.startswith("Review history")][0].split(";")[0]
print(f"  run: {wall:.2f} s wall, peak memory {rss:.0f} MiB; {recorded}")
PY
  rm -rf "$out"
done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1)"
