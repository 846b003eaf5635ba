#!/usr/bin/env bash
# Start-up to the first prompt on the shipped Quizzes/ against a trivial Swift program importing
# Foundation and Python loading the same files with json; then loading and validating a generated
# 100,000-question bank against Python's json.load (MB/s, peak memory). See BENCHMARKS.md.
#
#   scripts/startup/bench.sh [REPEAT] [QUESTIONS]
set -euo pipefail
cd "$(dirname "$0")/../.."
repeat="${1:-31}"
questions="${2:-100000}"
swift build -c release --static-swift-stdlib --product quizline >/dev/null
swift build -c release --static-swift-stdlib --product quizline-bench >/dev/null
mkdir -p .build/bench
printf 'import Foundation\nlet now = Date()\nif now.timeIntervalSince1970 < 0 { print(now) }\n' > .build/bench/trivial.swift
swiftc -O .build/bench/trivial.swift -o .build/bench/trivial-foundation
python=$(python3 -c 'import sys; print(sys.executable)')
.build/release/quizline-bench startup --repeat "$repeat" --trivial .build/bench/trivial-foundation \
  --python "$python" --script scripts/startup/load_banks.py --quizzes Quizzes
.build/release/quizline-bench loading --repeat 5 --questions "$questions" --python "$python"
# The shared libraries quizline loads at start (Linking/README.md: libc, libm and libgcc_s only).
echo "quizline loads: $(ldd .build/release/quizline | awk '{print $1}' | grep -v -e linux-vdso -e ld-linux | tr '\n' ' ')"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>/dev/null | head -1), $("$python" --version)"
