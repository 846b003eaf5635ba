#!/usr/bin/env bash
# The release build of `make release` (and so of `make run` and `make install`): the same flags as
# every release build (Makefile, Linking/README.md), with one line of the linker's output left out.
#
# Linking the static Foundation prints
#   libFoundationEssentials.a(...): warning: the use of `mktemp' is dangerous, better use `mkstemp'
# because glibc attaches that note to any program referencing mktemp(3); the reference is inside
# Foundation's own temporary-file code, not quizline's, and there is nothing to act on
# (Linking/README.md). Every other line, and swift build's exit status, is passed through.
set -o pipefail
swift="${SWIFT:-swift}"
"$swift" build -c release --static-swift-stdlib --product "${1:-quizline}" 2>&1 \
  | { grep --line-buffered -v "warning: the use of .mktemp. is dangerous" || true; }
