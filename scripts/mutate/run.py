#!/usr/bin/env python3
"""Mutation testing for quizline: applies each mutation of scripts/mutate/mutants.txt on its own,
rebuilds incrementally, and runs the tests the mutation names (then, if it survives them, the whole
suite). A mutant is killed when a test fails (or the run hangs past the time limit).

    scripts/mutate/run.py                 # every mutant of the list (`make mutate`)
    scripts/mutate/run.py G1 P1           # only these ids
    scripts/mutate/run.py --check         # only check that every pattern still matches exactly once
    scripts/mutate/run.py --no-full       # never fall back to the whole suite (quick, less strict)
    scripts/mutate/run.py --equivalent    # also run the mutants the list marks as equivalent
    scripts/mutate/run.py --list FILE     # another list (same format)
    scripts/mutate/run.py --first FILTER  # run FILTER first for every mutant instead of its `tests:`
                                          # (e.g. QuizlineCoreTests, to measure a suite that lacks them;
                                          # "" runs the whole suite straight away)

The source file is always restored: after each mutant, on Ctrl-C, and (from a backup under
.build/mutate/) at the next start if a previous run was killed outright.

List format: blocks separated by blank lines; `#` lines are comments. Keys:
  id:         short name (unique)
  file:       path from the repository root
  find:       exact text, which must occur exactly once in the file
  replace:    its replacement (one line; `\\n` is not interpreted)
  why:        the bug it stands for, in words
  tests:      optional space-separated suite or test names, run first (`swift test --filter`)
  equivalent: optional; why no test can tell this mutant from the original (not run by default)
"""
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_LIST = os.path.join(ROOT, "scripts", "mutate", "mutants.txt")
BACKUP_DIR = os.path.join(ROOT, ".build", "mutate")
SWIFT = os.environ.get("SWIFT", "swift")
TEST_TIMEOUT = int(os.environ.get("QUIZLINE_MUTATE_TIMEOUT", "1200"))
KEYS = {"id", "file", "find", "replace", "why", "tests", "equivalent"}


def parse(path):
    mutants, block, errors = [], {}, []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines + [""], start=1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if block:
                mutants.append(block)
                block = {}
            continue
        key, sep, value = line.partition(": ")
        if not sep and line.endswith(":"):
            key, value = line[:-1], ""
        elif not sep:
            errors.append(f"{path}:{number}: expected 'key: value', got {line!r}")
            continue
        if key not in KEYS:
            errors.append(f"{path}:{number}: unknown key {key!r} (allowed: {', '.join(sorted(KEYS))})")
        elif key in block:
            errors.append(f"{path}:{number}: {key!r} given twice in one mutant")
        block[key] = value
        block.setdefault("_line", number)
    seen = set()
    for m in mutants:
        where = f"{path}:{m['_line']}"
        for key in ("id", "file", "find", "replace", "why"):
            if key not in m:
                errors.append(f"{where}: mutant {m.get('id', '?')} has no {key!r}")
        if m.get("id") in seen:
            errors.append(f"{where}: id {m['id']} is used twice")
        seen.add(m.get("id"))
        if m.get("find") == m.get("replace"):
            errors.append(f"{where}: mutant {m.get('id')} replaces its pattern by itself")
    return mutants, errors


def check_patterns(mutants):
    """Every pattern must occur exactly once in its file, so the list follows the code as it moves."""
    errors = []
    for m in mutants:
        path = os.path.join(ROOT, m["file"])
        if not os.path.isfile(path):
            errors.append(f"{m['id']}: {m['file']} does not exist")
            continue
        # While a run has a file mutated, its original is the backup.
        saved = backup_path(m["file"]) + ".orig"
        with open(saved if os.path.exists(saved) else path, encoding="utf-8") as f:
            count = f.read().count(m["find"])
        if count != 1:
            errors.append(f"{m['id']}: the pattern occurs {count} times in {m['file']} (must be exactly once): {m['find']}")
    return errors


def backup_path(file):
    return os.path.join(BACKUP_DIR, file.replace("/", "__"))


LOCK = os.path.join(BACKUP_DIR, "running.pid")


def another_run():
    """The process id of a run still going in this tree, or None."""
    try:
        with open(LOCK) as f:
            pid = int(f.read().strip())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


def restore_leftovers():
    """Puts back any file a previous run could not restore (it was killed outright)."""
    if not os.path.isdir(BACKUP_DIR) or another_run():
        return
    for name in os.listdir(BACKUP_DIR):
        if name.endswith(".orig"):
            target = os.path.join(ROOT, name[: -len(".orig")].replace("__", "/"))
            with open(os.path.join(BACKUP_DIR, name), "rb") as f:
                data = f.read()
            with open(target, "wb") as f:
                f.write(data)
            os.remove(os.path.join(BACKUP_DIR, name))
            print(f"mutate: restored {os.path.relpath(target, ROOT)} left mutated by an interrupted run", flush=True)


def run(args, timeout=None, log=None):
    """Runs a command in ROOT in its own process group; returns (exit status or 'timeout', output).
    On a timeout or an interruption the whole group is killed (swift test's test runner too)."""
    p = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        data, _ = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        data, _ = p.communicate()
        status = "timeout"
    except BaseException:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        raise
    out = data.decode("utf-8", "replace")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"$ {' '.join(args)}\n{out}\n[status {status}]\n")
    return status, out


def build(log):
    return run([SWIFT, "build", "--build-tests"], log=log)


def test(filter_terms, log):
    args = [SWIFT, "test", "--skip-build"]
    if filter_terms:
        args += ["--filter", "|".join(filter_terms)]
    else:
        args += ["--parallel"]
    return run(args, timeout=TEST_TIMEOUT, log=log)


def failing_tests(out):
    """A few names of failed tests from swift test's output, for the report."""
    names = []
    for line in out.splitlines():
        if ("✘ Test " in line and " failed" in line) or (": error: -[" in line):
            names.append(line.strip()[:160])
    return names[:3]


def mutate_one(m, full, log, first=None):
    path = os.path.join(ROOT, m["file"])
    with open(path, "rb") as f:
        original = f.read()
    text = original.decode("utf-8")
    os.makedirs(BACKUP_DIR, exist_ok=True)
    saved = backup_path(m["file"]) + ".orig"
    with open(saved, "wb") as f:
        f.write(original)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(m["find"], m["replace"], 1))
        status, out = build(log)
        if status != 0:
            errors = [l for l in out.splitlines() if ": error:" in l][:3]
            return "stillborn", errors
        tests = first.split() if first is not None else m.get("tests", "").split()
        if tests:
            status, out = test(tests, log)
            if status != 0:
                return "killed", ([f"by {' '.join(tests)}"] if status != "timeout" else ["by a hang (timeout)"]) + failing_tests(out)
        if not full:
            return "survived", ["(named tests only)"]
        status, out = test([], log)
        if status != 0:
            return "killed", (["by the whole suite"] if status != "timeout" else ["by a hang (timeout)"]) + failing_tests(out)
        return "survived", []
    finally:
        with open(path, "wb") as f:
            f.write(original)
        if os.path.exists(saved):
            os.remove(saved)


def main(argv):
    full, include_equivalent, only_check, list_path, ids, first = True, False, False, DEFAULT_LIST, [], None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--no-full":
            full = False
        elif a == "--equivalent":
            include_equivalent = True
        elif a == "--check":
            only_check = True
        elif a == "--list":
            list_path = args.pop(0)
        elif a == "--first":
            first = args.pop(0)
        elif a.startswith("-"):
            print(__doc__)
            return 2
        else:
            ids.append(a)

    # Ctrl-C or a TERM: raise in the main thread, so the `finally` above restores the file.
    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    restore_leftovers()

    mutants, errors = parse(list_path)
    errors += check_patterns(mutants)
    if errors:
        for e in errors:
            print(f"mutate: {e}", file=sys.stderr)
        print(f"mutate: the list {os.path.relpath(list_path, ROOT)} is out of date: fix the {len(errors)} problem(s) above", file=sys.stderr)
        return 2
    unknown = [i for i in ids if i not in {m["id"] for m in mutants}]
    if unknown:
        print(f"mutate: no mutant named {', '.join(unknown)}", file=sys.stderr)
        return 2
    equivalent = [m for m in mutants if "equivalent" in m]
    chosen = [m for m in mutants if (not ids or m["id"] in ids) and (include_equivalent or ids or "equivalent" not in m)]
    if only_check:
        print(f"mutate: {len(mutants)} mutations, every pattern matches exactly once ({len(equivalent)} marked equivalent)")
        return 0

    pid = another_run()
    if pid:
        print(f"mutate: another run (process {pid}) is mutating this tree; wait for it or stop it first", file=sys.stderr)
        return 2
    os.makedirs(BACKUP_DIR, exist_ok=True)
    with open(LOCK, "w") as f:
        f.write(str(os.getpid()))
    try:
        return run_all(chosen, equivalent, full, first, include_equivalent, ids)
    finally:
        os.remove(LOCK)


def run_all(chosen, equivalent, full, first, include_equivalent, ids):
    log = os.path.join(BACKUP_DIR, "log.txt")
    open(log, "w").close()
    print(f"mutate: building the unmutated code first (log: {os.path.relpath(log, ROOT)})", flush=True)
    status, out = build(log)
    if status != 0:
        print(out[-4000:], file=sys.stderr)
        print("mutate: the unmutated code does not build", file=sys.stderr)
        return 2

    # A failing test would "kill" every mutant that reaches it: the unmutated code must pass first.
    if full:
        print("mutate: running the whole suite on the unmutated code", flush=True)
        status, out = test([], log)
        if status != 0:
            print("\n".join(failing_tests(out)) or out[-3000:], file=sys.stderr)
            print("mutate: the unmutated code fails the suite; fix that first (or use --no-full)", file=sys.stderr)
            return 2
    else:
        filters = sorted({t for m in chosen for t in (first.split() if first is not None else m.get("tests", "").split())})
        if filters:
            status, out = test(filters, log)
            if status != 0:
                print("\n".join(failing_tests(out)) or out[-3000:], file=sys.stderr)
                print("mutate: the unmutated code fails the named tests; fix that first", file=sys.stderr)
                return 2

    results = []
    started = time.time()
    try:
        for k, m in enumerate(chosen, start=1):
            t0 = time.time()
            outcome, details = mutate_one(m, full, log, first)
            results.append((m, outcome, details))
            print(f"mutate: [{k}/{len(chosen)}] {m['id']:<5} {outcome:<9} {time.time() - t0:5.0f} s  {m['why']}", flush=True)
            for d in details:
                print(f"        {d}", flush=True)
    except KeyboardInterrupt:
        print("\nmutate: interrupted; the mutated file was restored (run swift build to rebuild it)", file=sys.stderr)
        return 130
    # Leave the build matching the restored sources.
    build(log)

    stillborn = [m for m, o, _ in results if o == "stillborn"]
    counted = [(m, o) for m, o, _ in results if o != "stillborn"]
    killed = sum(1 for _, o in counted if o == "killed")
    survivors = [m for m, o in counted if o == "survived"]
    minutes = (time.time() - started) / 60
    print()
    print(f"mutate: {killed} of {len(counted)} mutants killed ({100.0 * killed / max(1, len(counted)):.1f} %, {minutes:.0f} min)")
    for m in survivors:
        print(f"mutate: survived {m['id']} ({m['file']}): {m['why']}")
        print(f"          {m['find']}  ->  {m['replace']}")
    for m in stillborn:
        print(f"mutate: {m['id']} does not compile; fix its replacement in the list", file=sys.stderr)
    if not include_equivalent and not ids and equivalent:
        print(f"mutate: not run, marked equivalent: " + "; ".join(f"{m['id']} ({m['equivalent']})" for m in equivalent))
    return 1 if stillborn else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
