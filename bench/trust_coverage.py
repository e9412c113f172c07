#!/usr/bin/python3
"""Per paper: how many sides of the stored chain certificates `verify` re-computes from the
certificate alone, and how many it trusts as recorded (by reason). Reads `approxcert verify
--no-rebuild --json` of every certificate under a folder and prints a Markdown table.

Usage: bench/trust_coverage.py build/approxcert docs/certificates
"""
import collections
import glob
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tool, folder = sys.argv[1], sys.argv[2]
    files = sorted(glob.glob(os.path.join(folder, "*", "*.json")))
    out = subprocess.run([tool, "verify", "--no-rebuild", "--json", *files], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(out.stderr)
    report = json.loads(out.stdout)
    sides, recomputed = collections.Counter(), collections.Counter()
    reasons = collections.defaultdict(collections.Counter)
    failed = []
    for c in report["certificates"]:
        if c["kind"] != "chain":
            continue
        paper = os.path.basename(os.path.dirname(c["path"]))
        if not c["verified"]:
            failed.append(c["path"])
        t = c["trust"]
        sides[paper] += t["sides"]
        recomputed[paper] += t["recomputed"]
        for s in t["trusted"]:
            reasons[paper][s["reason"] or "not marked"] += 1
    print("| paper | sides | re-computed | trusted (marked) | not marked |")
    print("|---|---|---|---|---|")
    total = collections.Counter()
    for paper in sorted(sides):
        marked = sum(n for r, n in reasons[paper].items() if r != "not marked")
        unmarked = reasons[paper]["not marked"]
        row = (sides[paper], recomputed[paper], marked, unmarked)
        total.update(dict(zip("srmu", row)))
        pct = 100 * recomputed[paper] / sides[paper]
        print(f"| {paper} | {row[0]} | {row[1]} ({pct:.0f}%) | {row[2]} | {row[3]} |")
    print(f"| all | {total['s']} | {total['r']} ({100 * total['r'] / total['s']:.0f}%) | {total['m']} | {total['u']} |")
    print()
    print("Trusted sides by reason:")
    print()
    by_reason = collections.Counter()
    for counts in reasons.values():
        by_reason.update(counts)
    for reason, n in by_reason.most_common():
        print(f"- {n}: {reason}")
    if failed:
        print("\nFAILED verify: " + ", ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
