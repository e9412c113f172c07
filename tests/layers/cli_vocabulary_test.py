#!/usr/bin/env python3
"""The engine speaks its own terms: no string literal in lib/ outside lib/cli names an option of
the command line. The options are the ones the built command defines (approxcert --interface-json);
a literal names one when it holds it as a word ("--output: ...", "(-o FILE)"), or, for an option
of two words or more, holds it without its dashes too ("rel-tol"). The command line begins the
engine's messages with its options (load_problem's InputOrigins, the origin arguments); comments
are not searched.

usage: cli_vocabulary_test.py ROOT APPROXCERT
Exit 0 when no literal names an option, 1 listing each one (file:line: option in "literal")."""
import json
import pathlib
import re
import subprocess
import sys


def option_names(approxcert):
    doc = json.loads(subprocess.run([approxcert, "--interface-json"], check=True, capture_output=True, text=True).stdout)
    names = {n for command in doc["commands"] for option in command["options"] for n in option["names"]}
    if not names:
        sys.exit("approxcert --interface-json lists no option")
    return sorted(names)


def string_literals(text):
    """(line, contents) of each string literal of C++ source `text`, comments and characters skipped."""
    out, i, line, n = [], 0, 1, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delimiter = ")" + text[i + 2:open_paren] + '"'
            end = text.find(delimiter, open_paren)
            out.append((line, text[open_paren + 1:end]))
            line += text.count("\n", i, end)
            i = end + len(delimiter)
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            if c == '"':
                out.append((line, text[i + 1:j]))
            i = j + 1
        else:
            if c == "\n":
                line += 1
            i += 1
    return out


def patterns(names):
    found = []
    for name in names:
        forms = [name]
        bare = name.lstrip("-")
        if "-" in bare:
            forms.append(bare)  # "rel-tol": a multi-word option without its dashes
        for form in forms:
            found.append((name, re.compile(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])")))
    return found


def main():
    root, approxcert = pathlib.Path(sys.argv[1]), sys.argv[2]
    checks = patterns(option_names(approxcert))
    problems = []
    for path in sorted((root / "lib").rglob("*")):
        if path.suffix not in (".cpp", ".hpp") or not path.is_file():
            continue
        relative = path.relative_to(root).as_posix()
        if relative.startswith("lib/cli/"):
            continue
        for line, literal in string_literals(path.read_text(encoding="utf-8")):
            for name, pattern in checks:
                if pattern.search(literal):
                    problems.append(f"{relative}:{line}: {name} in \"{literal}\"")
                    break
    if problems:
        print(f"{len(problems)} string literal(s) below lib/cli name a command-line option "
              "(report in the engine's terms; the command line names its options):")
        print("\n".join(problems))
        return 1
    print("no string literal in lib/ outside lib/cli names a command-line option")
    return 0


if __name__ == "__main__":
    sys.exit(main())
