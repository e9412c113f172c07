#!/usr/bin/env python3
"""After a commit that only reformats the sources (`make format`), rewrites mutants.json so that
each mutant is the same change expressed on the formatted file: the original file at REV with the
mutant applied is formatted too, and the new snippet pair is the smallest run of whole lines where
the two formatted files differ, widened until it is found exactly once.

  reformat_mutants.py --source SRC --before REV      (REV: the commit before the reformat)

Exit status 0 when every mutant was rewritten (the ones that did not change are kept), 2 when a
file at REV, formatted, is not the working file (the tree holds more than the reformat)."""
import argparse
import difflib
import json
import os
import subprocess
import sys


def formatted(source, text, name):
    return subprocess.run(["clang-format", "--style=file:" + os.path.join(source, ".clang-format"),
                           "--assume-filename=" + os.path.join(source, name)],
                          input=text, capture_output=True, text=True, check=True).stdout


def snippet_pair(before, after):
    """(find, replace) with before.replace(find, replace) == after and find found once in before."""
    a, b = before.split("\n"), after.split("\n")
    changes = [op for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    i1, i2, j1, j2 = changes[0][1], changes[-1][2], changes[0][3], changes[-1][4]
    while True:
        find, replace = "\n".join(a[i1:i2]), "\n".join(b[j1:j2])
        if i2 > i1 and before.count(find) == 1 and before.replace(find, replace) == after:
            return find, replace
        if i1 > 0:  # the lines around the change are equal in both files: widen by one each side
            i1, j1 = i1 - 1, j1 - 1
        if i2 < len(a):
            i2, j2 = i2 + 1, j2 + 1
        if i1 == 0 and i2 == len(a) and j1 == 0 and j2 == len(b):
            return before, after


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--before", required=True)
    args = parser.parse_args()
    source = os.path.abspath(args.source)
    path = os.path.join(source, "tests", "mutation", "mutants.json")
    with open(path) as f:
        mutants = json.load(f)
    for m in mutants:
        old = subprocess.run(["git", "-C", source, "show", f"{args.before}:{m['file']}"], capture_output=True,
                             text=True, check=True).stdout
        if old.count(m["find"]) != 1:
            sys.exit(f"reformat_mutants: {m['id']}: its snippet is not found once in {m['file']} at {args.before}")
        before = formatted(source, old, m["file"])
        with open(os.path.join(source, m["file"])) as f:
            if f.read() != before:
                sys.exit(f"reformat_mutants: {m['file']} is not {args.before}'s file formatted")
        after = formatted(source, old.replace(m["find"], m["replace"]), m["file"])
        m["find"], m["replace"] = snippet_pair(before, after)
    with open(path, "w") as f:
        json.dump(mutants, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"reformat_mutants: {len(mutants)} mutants rewritten for the formatted files")


if __name__ == "__main__":
    main()
