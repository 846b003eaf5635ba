#!/usr/bin/env bash
# Fuzzes quizline's parsers with libFuzzer (the targets are in Sources/QuizlineFuzzTargets/).
#
#   scripts/fuzz/run.sh [--seconds N] [--smoke] [--with-conformance] [TARGET...]
#
# TARGET: bank gift aiken journal repl zip collection csv markdown math (default: all). Each target runs N seconds (default 300) on a
# corpus kept in .build/fuzz-corpus/TARGET, seeded from the same places as the test suite's replay
# (Tests/QuizlineFuzzTests/FuzzCorpus.swift). --smoke (used by `make test`): a debug build, a fresh
# corpus, a fixed seed and a fixed number of runs a target (about 10 s each), so the outcome depends
# only on the code: it catches a regression that crashes quickly, with ASan watching the unsafe code.
# A failing input lands in fuzz-artifacts/TARGET/; once fixed, keep it in Fuzz/regressions/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=300
config=release
smoke=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --smoke) smoke=1; config=debug; shift ;;
    --with-conformance) . scripts/conformance/defaults.sh; export CONFORMANCE_DIR; shift ;;
    bank|gift|aiken|journal|repl|zip|collection|csv|markdown|math) targets+=("$1"); shift ;;
    *) echo "usage: scripts/fuzz/run.sh [--seconds N] [--smoke] [--with-conformance] [bank|gift|aiken|journal|repl|zip|collection|csv|markdown|math ...]" >&2; exit 64 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(bank gift aiken journal repl zip collection csv markdown math)

build_log=$(mktemp)
if ! QUIZLINE_FUZZ_BUILD=1 swift build -c "$config" --scratch-path .build/fuzz --product quizline-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$build_log" 2>&1; then
  # Never fuzz an older binary left from an earlier build.
  grep -v 'Cannot export' "$build_log" | tail -20 >&2
  echo "fuzz: the build failed" >&2
  exit 1
fi
rm -f "$build_log"
binary=.build/fuzz/$config/quizline-fuzz

# The public conformance material (outside the repository) seeds gift and aiken too when
# CONFORMANCE_DIR names it (--with-conformance, as `make fuzz` runs it, uses the default place);
# `make test`'s smoke run uses the repository alone.
shared=${CONFORMANCE_DIR:-}
seeds() {
  local t=$1
  echo "Fuzz/seeds/$t"
  [ -d "Fuzz/regressions/$t" ] && echo "Fuzz/regressions/$t"
  case "$t" in
    bank) echo Tests/Fixtures/malformed; find Tests/Fixtures/catalog Quizzes -mindepth 1 -type d ;;
    markdown) find Tests/Fixtures/markdown -type d ;;
    gift) echo Tests/Fixtures/gift-cases; [ -n "$shared" ] && [ -d "$shared" ] && { echo "$shared/gift"; find "$shared/corpora" -type d -name gift -o -type d -name questions -o -type d -name moodle-examples; } ;;
    aiken) echo Tests/Fixtures/aiken-cases; [ -n "$shared" ] && [ -d "$shared" ] && { echo "$shared/aiken"; echo "$shared/corpora/qas-editor/aiken"; } ;;
  esac
}

failed=0
printf '%-8s %12s %10s %8s  %s\n' target executions "exec/s" corpus result
for t in "${targets[@]}"; do
  corpus=.build/fuzz-corpus/$t
  limits=(-max_total_time="$seconds")
  if [ $smoke -eq 1 ]; then
    corpus=.build/fuzz-corpus/smoke-$t
    rm -rf "$corpus"
    case "$t" in repl) runs=400 ;; journal|zip|collection) runs=600 ;; *) runs=1500 ;; esac
    limits=(-seed=1 -runs="$runs")
  fi
  artifacts=fuzz-artifacts/$t
  mkdir -p "$corpus" "$artifacts" "Fuzz/seeds/$t"
  mapfile -t dirs < <(seeds "$t" | while read -r d; do [ -d "$d" ] && echo "$d"; done)
  log=$(mktemp)
  set +e
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 QUIZLINE_FUZZ_TARGET=$t \
    QUIZLINE_FUZZ_CATALOG=Tests/Fixtures/catalog \
    "$binary" "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "${dirs[@]}" >"$log" 2>&1
  status=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  size=$(find "$corpus" -type f | wc -l)
  if [ $status -eq 0 ]; then
    printf '%-8s %12s %10s %8s  %s\n' "$t" "$runs" "$rate" "$size" ok
  else
    failed=1
    printf '%-8s %12s %10s %8s  %s\n' "$t" "$runs" "$rate" "$size" "FAILED (exit $status)"
    grep -E 'quizline-fuzz|ERROR|SUMMARY|Test unit written|Fatal error' "$log" | head -20 | sed 's/^/    /'
  fi
  rm -f "$log"
done
exit $failed
