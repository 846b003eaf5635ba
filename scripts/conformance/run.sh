#!/usr/bin/env bash
# make conformance: the suites that need material from outside the repository (every test suite named
# Conformance…): the public GIFT/Aiken conformance cases and corpora, the fuzz seeds drawn from them,
# and the check that the committed seed fingerprint is current.
#   CONFORMANCE_DIR  the conformance folder (default ../shared/conformance, beside the repository)
#   SEEDS_DIR        the curriculum's source texts (default ../shared/seeds)
# Fails, never skips, when a folder is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/conformance/defaults.sh
conformance=$CONFORMANCE_DIR
seeds=$SEEDS_DIR
for pair in "CONFORMANCE_DIR:$conformance" "SEEDS_DIR:$seeds"; do
  name=${pair%%:*} dir=${pair#*:}
  if [ ! -d "$dir" ]; then
    echo "make conformance: no folder '$dir' ($name): it holds material kept outside the repository; set $name=DIR" >&2
    exit 2
  fi
done
export CONFORMANCE_DIR SEEDS_DIR
CONFORMANCE_DIR=$(cd "$conformance" && pwd)
SEEDS_DIR=$(cd "$seeds" && pwd)
exec ${SWIFT:-swift} test --parallel --filter '\.Conformance'
