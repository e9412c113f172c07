#!/usr/bin/env python3
"""Mutation check (docs/robustness.md "Mutation check"): seeds each bug of mutants.json into the
rigorous code, one at a time, and asserts that the fast tests it names fail.

It works on a copy of the source tree (WORK/src) with its own build directory (WORK/src/build), so the
main build is never touched; the copy is refreshed file by file (only changed files are rewritten,
so the build stays incremental), and ccache makes the rebuild after each mutant cheap.

  run_mutants.py --source SRC --work WORK [--jobs N] [--only ID ...]
  run_mutants.py --source SRC --snippets-only     (fast: only that every snippet is found once)

Exit status 0 when every mutant is killed; 1 when one survives; 2 when the list itself is wrong
(a snippet not found exactly once, a mutant that does not compile, a test filter that fails or
selects no test without any mutation)."""
import argparse
import json
import shlex
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message, status=2):
    print("mutation check: " + message, file=sys.stderr)
    sys.exit(status)


def tracked_files(source):
    """The files of the source tree: git's tracked and untracked-but-not-ignored ones."""
    out = subprocess.run(["git", "-C", source, "ls-files", "-co", "--exclude-standard", "-z"],
                         capture_output=True, check=False)
    if out.returncode != 0:
        fail(f"cannot list the files of {source} with git: {out.stderr.decode().strip()}")
    return [f for f in out.stdout.decode().split("\0") if f and os.path.isfile(os.path.join(source, f))]


def sync(source, copy):
    """Makes `copy` hold exactly the source files, rewriting only those whose bytes differ."""
    wanted = set(tracked_files(source))
    for rel in sorted(wanted):
        src, dst = os.path.join(source, rel), os.path.join(copy, rel)
        with open(src, "rb") as f:
            data = f.read()
        if os.path.isfile(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        shutil.copymode(src, dst)
    for root, dirs, files in os.walk(copy):
        if root == copy and "build" in dirs:
            dirs.remove("build")  # the copy's own build directory
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), copy)
            if rel not in wanted:
                os.remove(os.path.join(root, name))


def run(cmd, log, timeout=3600, env=None):
    """Runs cmd, appending its output to the log file; returns the exit status (None on timeout)."""
    with open(log, "a") as out:
        out.write("\n$ " + " ".join(cmd) + "\n")
        out.flush()
        try:
            return subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, timeout=timeout, env=env).returncode
        except subprocess.TimeoutExpired:
            out.write(f"timed out after {timeout} s\n")
            return None


def check_snippets(root, mutants):
    """Exits 2 unless each mutant's file exists under root and holds its snippet exactly once."""
    for m in mutants:
        path = os.path.join(root, m["file"])
        if not os.path.isfile(path):
            fail(f"mutant {m['id']}: no file {m['file']}")
        with open(path) as f:
            count = f.read().count(m["find"])
        if count != 1:
            fail(f"mutant {m['id']}: its snippet occurs {count} times in {m['file']} (must be once): update mutants.json")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, help="the source tree (a git checkout)")
    parser.add_argument("--work", help="a directory of its own for the copy and its build")
    parser.add_argument("--snippets-only", action="store_true",
                        help="only check that every snippet is found exactly once in SRC, then exit")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", help="run only these mutant ids")
    args = parser.parse_args()

    with open(os.path.join(HERE, "mutants.json")) as f:
        mutants = json.load(f)
    if args.only:
        unknown = set(args.only) - {m["id"] for m in mutants}
        if unknown:
            fail("no mutant with id " + ", ".join(sorted(unknown)))
        mutants = [m for m in mutants if m["id"] in args.only]

    if args.snippets_only:
        check_snippets(os.path.abspath(args.source), mutants)
        print(f"mutation check: {len(mutants)} snippets, each found exactly once")
        return
    if not args.work:
        fail("--work is required (unless --snippets-only)")
    source, work = os.path.abspath(args.source), os.path.abspath(args.work)
    if work == source or work.startswith(source + os.sep) and not os.path.relpath(work, source).startswith("build-"):
        fail(f"--work {work} must lie outside the source tree (or be a build-* folder of it)")
    # The build directory sits in the copy as build/ does in the source tree: the same relative
    # paths let ccache reuse the main build's objects (with CCACHE_BASEDIR above both).
    copy, log = os.path.join(work, "src"), os.path.join(work, "mutation.log")
    build = os.path.join(copy, "build")
    os.makedirs(work, exist_ok=True)
    open(log, "w").close()
    started = time.monotonic()
    sync(source, copy)

    # The snippets must be found exactly once before anything is built.
    check_snippets(copy, mutants)

    env = dict(os.environ)
    if shutil.which("ccache"):
        env.setdefault("CCACHE_BASEDIR", os.path.commonpath([source, work]))
        env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
        env.setdefault("CMAKE_C_COMPILER_LAUNCHER", "ccache")
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        status = run(["cmake", "-S", copy, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DAPPROXCERT_BUILD_BENCHMARKS=OFF",
                      "-DAPPROXCERT_PYTHON=OFF"], log, env=env)
        if status != 0:
            fail(f"configuring the copy failed (see {log})")
    build_cmd = ["cmake", "--build", build, "-j", str(args.jobs), "--target", "approxcert_tests"]
    tests = os.path.join(build, "tests", "approxcert_tests")

    def run_tests(selection):  # doctest options choosing the tests, e.g. "-sf=*/tests/scalar/*"
        return run([tests] + shlex.split(selection) + ["--minimal"], log, timeout=900)

    if run(build_cmd, log, env=env) != 0:
        fail(f"the unmutated copy does not build (see {log})")
    for m in mutants:  # each filter selects tests, and they pass without the mutation
        listed = subprocess.run([tests] + shlex.split(m["tests"]) + ["-ltc"], capture_output=True, text=True)
        if "test cases passing the current filters: 0" in listed.stdout:
            fail(f"mutant {m['id']}: the filter {m['tests']!r} selects no test case")
        if run_tests(m["tests"]) != 0:
            fail(f"mutant {m['id']}: its tests {m['tests']!r} fail without the mutation (see {log})")

    survivors = []
    for i, m in enumerate(mutants, 1):
        path = os.path.join(copy, m["file"])
        with open(path) as f:
            original = f.read()
        t0 = time.monotonic()
        try:
            with open(path, "w") as f:
                f.write(original.replace(m["find"], m["replace"]))
            if run(build_cmd, log, env=env) != 0:
                fail(f"mutant {m['id']} does not compile (see {log}): fix its replacement in mutants.json")
            status = run_tests(m["tests"])
        finally:
            with open(path, "w") as f:
                f.write(original)
        verdict = "killed" if status != 0 else "SURVIVED"
        if status == 0:
            survivors.append(m["id"])
        print(f"[{i}/{len(mutants)}] {verdict:8} {m['id']} ({m['file']}; {time.monotonic() - t0:.0f} s): {m['what']}",
              flush=True)
    run(build_cmd, log, env=env)  # leave the copy's build unmutated

    elapsed = time.monotonic() - started
    print(f"{len(mutants)} mutants, {len(mutants) - len(survivors)} killed, {len(survivors)} survived; {elapsed:.0f} s")
    if survivors:
        fail("mutants survived (add a test that kills each): " + ", ".join(survivors), status=1)


if __name__ == "__main__":
    main()
