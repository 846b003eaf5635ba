# quizline: `make run` and `make test` are all a new machine needs (see README.md).
SWIFT ?= swift
QUIZZES ?= Quizzes
PROGRESS ?= Progress

.PHONY: all deps build release run install uninstall test conformance bench fuzz soak mutate format lint clean

all: build

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

## Release builds link the Swift runtime and Foundation statically, and every build takes the C
## libraries and libstdc++ from their archives (Linking/README.md): start-up maps one binary and
## libc instead of a dozen shared libraries (BENCHMARKS.md, start-up). Every release build uses the same
## flags, so the benchmark scripts share this build.
## scripts/release/build.sh leaves out the linker's one warning about `mktemp` in the static
## Foundation (a note glibc attaches to any archive using mktemp(3); nothing to act on, see there).
release: deps
	SWIFT=$(SWIFT) scripts/release/build.sh quizline

## `make install PREFIX=~/.local` copies the release binary to ~/.local/bin/quizline (the folder is
## created when missing; a `~` make was given unexpanded, as zsh passes it, means $HOME). BINDIR
## defaults to $(PREFIX)/bin and DESTDIR stages the install for a package. INSTALL_BINARY installs
## another build instead of making the release one (the install test uses the debug binary it has).
PREFIX ?= /usr/local
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(PREFIX)))
BINDIR ?= $(PREFIX)/bin
override BINDIR := $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(BINDIR)))
INSTALL_BINARY ?=

install: $(if $(INSTALL_BINARY),,release)
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$(or $(INSTALL_BINARY),.build/release/quizline)" "$(DESTDIR)$(BINDIR)/quizline"
	@echo "Installed $(DESTDIR)$(BINDIR)/quizline."
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) [ -n "$(DESTDIR)" ] || \
	  echo "$(BINDIR) is not on PATH: add export PATH=\"$(BINDIR):\$$PATH\" to your shell's start-up file (~/.bashrc, ~/.zshrc)." ;; esac

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/quizline"

## Build and start the REPL on the shipped quizzes (and MyQuizzes/, the learner's own, when it
## exists: `quizline new bank NAME` writes there), progress in Progress/.
run: release
	@.build/release/quizline --quizzes $(QUIZZES) $(if $(wildcard MyQuizzes),--quizzes MyQuizzes) --progress $(PROGRESS)

## The whole test suite (installs libedit-dev first when it is missing), then a 10 s libFuzzer
## smoke run of every fuzz target under AddressSanitizer. Uses only files in the repository: the
## suites named Conformance… need outside material and run in `make conformance`.
test: deps lint
	$(SWIFT) test --parallel --skip '\.Conformance'
	scripts/fuzz/run.sh --smoke

## The suites that need material kept outside the repository (public GIFT/Aiken cases and corpora,
## the curriculum's source texts): CONFORMANCE_DIR and SEEDS_DIR, by default the shared folder beside
## the clone (scripts/conformance/defaults.sh). Fails with a one-line message when a folder is missing.
conformance: deps
	SWIFT=$(SWIFT) scripts/conformance/run.sh

## libFuzzer on every parser, 300 s a target (scripts/fuzz/run.sh --seconds N TARGET... for more).
fuzz: deps
	scripts/fuzz/run.sh --with-conformance

## Benchmarks, each next to its peer in the same run, 5 rounds each; prints the table of BENCHMARKS.md
## (scripts/bench/run.sh; `make bench BENCH="fsrs reports"` runs some of them). CI does not run it.
bench: deps
	scripts/bench/run.sh $(BENCH)

## The kill -9 crash test with ten times the kills of `make test` (QUIZLINE_CRASH_KILLS overrides), and the
## devices-through-git simulation with ten times its steps (QUIZLINE_SYNC_STEPS).
soak: deps
	QUIZLINE_CRASH_KILLS=$${QUIZLINE_CRASH_KILLS:-2000} $(SWIFT) test --filter CrashTests
	QUIZLINE_SYNC_STEPS=$${QUIZLINE_SYNC_STEPS:-10} $(SWIFT) test --filter DeviceSyncTests

## Mutation testing: each small bug of scripts/mutate/mutants.txt, applied on its own, must make a
## test fail; prints `mutate: K of N mutants killed` and the survivors. Takes long (an incremental
## build and test run per mutant), so it is not part of `make test`. `scripts/mutate/run.py --check`
## only checks that the list still matches the code.
mutate: deps
	scripts/mutate/run.py

## Formats the sources with the repository's .swift-format (the toolchain's swift-format).
format:
	$(SWIFT) format -i -r -p Sources Tests Package.swift

## The style check `make test` runs first: any swift-format warning fails it, and so does a file or
## C-library API in the pure core (scripts/lint/pure-core.sh).
lint:
	$(SWIFT) format lint --strict -r -p Sources Tests Package.swift
	scripts/lint/pure-core.sh
	@# Each mutant's pattern must still match exactly once, or `make mutate` would test nothing there.
	@for list in mutants fresh-mutants hostile-review-mutants; do \
	  python3 scripts/mutate/run.py --check --list scripts/mutate/$$list.txt || exit 1; done

clean:
	rm -rf .build
