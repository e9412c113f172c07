#!/usr/bin/env python3
"""Format check (README developer notes, `make format`): every C++ file of the source tree is as
.clang-format says (clang-format 14, Debian 12's). Exit 0 when all are, 1 naming the files that are
not, 77 (ctest: skipped, and said so) when clang-format 14 is not installed.

  check_format.py --source SRC [--style FILE] [--clang-format PROGRAM] [--fix]

The fixtures of tests/layers/ are left as they are (their tests name their line numbers), and so is
tests/format/misformatted/, the file ctest format.detects_misformatted_file must find."""
import argparse
import os
import re
import subprocess
import sys

SUFFIXES = (".cpp", ".hpp", ".h", ".cc")
EXCLUDED = ("tests/layers/", "tests/format/misformatted/")
VERSION = 14


def cpp_files(source):
    """The tracked and untracked-but-not-ignored C++ files (all of them outside a git checkout)."""
    out = subprocess.run(["git", "-C", source, "ls-files", "-co", "--exclude-standard"], capture_output=True, text=True)
    if out.returncode == 0:
        names = out.stdout.split("\n")
    else:
        names = [os.path.relpath(os.path.join(d, f), source) for d, _, fs in os.walk(source) for f in fs]
        names = [n for n in names if not n.startswith(("build", ".git"))]
    return sorted(n for n in names if n.endswith(SUFFIXES) and not n.startswith(EXCLUDED)
                  and os.path.isfile(os.path.join(source, n)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--style", help="the .clang-format to use (default: SRC/.clang-format)")
    parser.add_argument("--clang-format", default="clang-format")
    parser.add_argument("--fix", action="store_true", help="rewrite the files instead of checking them")
    args = parser.parse_args()
    try:
        version = subprocess.run([args.clang_format, "--version"], capture_output=True, text=True).stdout
    except FileNotFoundError:
        version = ""
    found = re.search(r"version (\d+)\.", version)
    if not found or int(found.group(1)) != VERSION:
        print(f"format check skipped: needs clang-format {VERSION} (`make deps` installs it); "
              f"found {version.strip() or 'none'}")
        return 1 if args.fix else 77
    source = os.path.abspath(args.source)
    files = cpp_files(source)
    if not files:
        print(f"format check: no C++ file under {source}", file=sys.stderr)
        return 2
    style = "--style=file:" + os.path.abspath(args.style or os.path.join(source, ".clang-format"))
    wrong = []
    for start in range(0, len(files), 100):
        batch = files[start:start + 100]
        if args.fix:
            subprocess.run([args.clang_format, style, "-i"] + batch, cwd=source, check=True)
            continue
        for name in batch:
            with open(os.path.join(source, name), "rb") as f:
                text = f.read()
            formatted = subprocess.run([args.clang_format, style, "--assume-filename=" + name], input=text,
                                       capture_output=True, cwd=source, check=True).stdout
            if formatted != text:
                wrong.append(name)
    if args.fix:
        print(f"formatted {len(files)} files")
        return 0
    if wrong:
        print(f"format check: {len(wrong)} of {len(files)} C++ files differ from .clang-format "
              f"(run `make format`):", file=sys.stderr)
        for name in wrong[:20]:
            print("  " + name, file=sys.stderr)
        if len(wrong) > 20:
            print(f"  ... and {len(wrong) - 20} more", file=sys.stderr)
        return 1
    print(f"format check: {len(files)} C++ files as .clang-format says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
