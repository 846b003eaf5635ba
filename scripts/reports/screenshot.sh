#!/usr/bin/env bash
# Renders a report's HTML page in headless Chromium (Debian's `chromium`) and saves a PNG.
#
#   scripts/reports/screenshot.sh REPORT.html[#ANCHOR] [OUT.png] [WIDTHxHEIGHT]
#
# Default output: REPORT.png next to the page; default window 1100x3000 (the whole report page).
# With #ANCHOR the page opens at that element (e.g. a chart, or a sorted copy of a class report's
# question table: #t1-by-facility-desc), as a browser opens a link to it.
# Install the browser with `apt-get install -y chromium`. Exits 69 when chromium is missing.
set -euo pipefail
target="${1:?usage: screenshot.sh REPORT.html[#ANCHOR] [OUT.png] [WIDTHxHEIGHT]}"
page="${target%%#*}"
anchor=""
if [[ "$target" == *"#"* ]]; then anchor="#${target#*#}"; fi
out="${2:-${page%.*}.png}"
size="${3:-1100x3000}"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$browser" ]]; then
  echo "screenshot.sh: chromium is not installed (apt-get install -y chromium)" >&2
  exit 69
fi
abs="$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
# No network is needed: the page is self-contained. --no-sandbox because CI runs as root. The
# picture is taken once the page has settled (its images decoded, every compositor stage run):
# on a loaded machine a screenshot taken at the load event once missed an embedded image.
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --run-all-compositor-stages-before-draw --virtual-time-budget=10000 \
  --window-size="${size/x/,}" --screenshot="$out" "file://$abs$anchor" >/dev/null 2>&1
test -s "$out"
echo "$out"
