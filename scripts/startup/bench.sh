#!/usr/bin/env bash
# Start-up to the first prompt on the shipped Quizzes/ against a trivial Swift program importing
# Foundation and Python loading the same files with json. Loading big banks is
# scripts/loading/bench.sh. See BENCHMARKS.md.
#
#   scripts/startup/bench.sh [REPEAT]   ROUNDS=K (default 5) rounds of REPEAT runs each; the table rows
#   give the rounds' medians and ratios
set -euo pipefail
cd "$(dirname "$0")/../.."
repeat="${1:-31}"
rounds="${ROUNDS:-5}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
mkdir -p .build/bench
printf 'import Foundation\nlet now = Date()\nif now.timeIntervalSince1970 < 0 { print(now) }\n' > .build/bench/trivial.swift
swiftc -O .build/bench/trivial.swift -o .build/bench/trivial-foundation
python=$(python3 -c 'import sys; print(sys.executable)')
.build/release/quizline-bench startup --repeat "$repeat" --trivial .build/bench/trivial-foundation \
  --python "$python" --script scripts/startup/load_banks.py --quizzes Quizzes --rounds "$rounds"
# The shared libraries quizline loads at start (Linking/README.md: libc, libm, libgcc_s; chafa's only
# when a picture is drawn).
echo "quizline loads: $(ldd .build/release/quizline | awk '{print $1}' | grep -v -e linux-vdso -e ld-linux | tr '\n' ' ')"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1), $("$python" --version)"
