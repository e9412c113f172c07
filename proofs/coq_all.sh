#!/bin/sh
# Coq coverage of the certificates (docs/proofs.md, "Coverage"): exports every chain certificate
# given (a directory is searched for *.json and */*.json) with `approxcert coq`, rejects a forbidden word,
# compiles each export with `coqc -Q COQ_DIR Approxcert` under a per-file timeout, and reports per
# certificate whether the export concludes its instance theorem, and if not why (the export's own
# "The chain lemma is not applied: ..." comment; for a part it leaves out, its "... not concluded: ..."
# comment), then per paper and in total how many conclude and
# how many compile with no Admitted.
# Usage: coq_all.sh APPROXCERT COQ_DIR CERT_DIR_OR_FILE...
# Environment: COQC (default coqc); COQ_TIMEOUT (seconds per coqc run, default 300);
#   REQUIRE_CONCLUDED=1 also fails when a certificate does not conclude its instance theorem.
# Exit status: 0 if every export is written and compiles (and concludes, with REQUIRE_CONCLUDED=1),
# 1 otherwise, 2 on bad usage. The last line is "coq all: OK ..." or "coq all: FAILED ...".
set -eu
[ $# -ge 3 ] || { echo "usage: coq_all.sh APPROXCERT COQ_DIR CERT_DIR_OR_FILE..." >&2; exit 2; }
bin=$1
coq_dir=$(cd "$2" 2>/dev/null && pwd) || { echo "coq all: FAILED: Coq library $2 not found (ctest test proofs.build)"; exit 1; }
shift 2
coqc=${COQC:-coqc}
limit=${COQ_TIMEOUT:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

: > "$tmp/list"
for arg in "$@"; do
  if [ -d "$arg" ]; then find "$arg" -maxdepth 2 -name '*.json' | LC_ALL=C sort >> "$tmp/list"
  elif [ -f "$arg" ]; then echo "$arg" >> "$tmp/list"
  else echo "coq all: FAILED: $arg is neither a certificate nor a directory"; exit 2
  fi
done
[ -s "$tmp/list" ] || { echo "coq all: FAILED: no certificate found in $*"; exit 1; }

# One line per certificate in $tmp/results: "paper status" with status concluded | compiled | failed.
: > "$tmp/results"
while IFS= read -r cert; do
  paper=$(basename "$(dirname "$cert")")
  name=$(basename "$cert" .json)
  module=$(printf 'c_%s_%s' "$paper" "$name" | tr -c 'A-Za-z0-9_\n' '_')
  label="$paper/$name"
  if ! "$bin" coq "$cert" -o "$tmp/$module.v" > "$tmp/export.log" 2>&1; then
    echo "coq all: $label: FAILED: approxcert coq: $(tail -n 1 "$tmp/export.log")"
    echo "$paper failed" >> "$tmp/results"; continue
  fi
  if grep -qwE 'Admitted|admit|Abort|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Hypotheses|Variable|Variables' "$tmp/$module.v"; then
    echo "coq all: $label: FAILED: forbidden keyword in the export"
    echo "$paper failed" >> "$tmp/results"; continue
  fi
  start=$(date +%s)
  status=0
  (cd "$tmp" && timeout "$limit" "$coqc" -Q "$coq_dir" Approxcert "$module.v") > "$tmp/coqc.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    why="coqc rejects the export: $(grep -m 1 -i 'error' "$tmp/coqc.log" || tail -n 1 "$tmp/coqc.log")"
    [ "$status" -ne 124 ] || why="coqc timed out after ${limit} s"
    echo "coq all: $label: FAILED: $why"
    echo "$paper failed" >> "$tmp/results"; continue
  fi
  secs=$(( $(date +%s) - start ))
  theorems=$(sed -n 's/^Theorem \([A-Za-z0-9_]*\) .*/\1/p' "$tmp/$module.v" | tr '\n' ' ')
  if [ -n "$theorems" ]; then
    # A part of the chain the export leaves out says so in its own comment "(* ... not concluded: why. *)".
    partial=$(sed -n 's/^(\* \(.* not concluded: .*\)\. \*)$/\1/p' "$tmp/$module.v" | sed 's/$/; /' | tr -d '\n')
    echo "coq all: $label: concludes ${theorems}(compiled in ${secs} s)${partial:+; ${partial%; }}"
    echo "$paper concluded" >> "$tmp/results"
  else
    why=$(tr '\n' ' ' < "$tmp/$module.v" | sed -n 's/.*(\* The chain lemma is not applied: \(.*\)\. \*).*/\1/p' | sed 's/ *\*).*//')
    [ -n "$why" ] || why="no chain lemma is applied for this theorem"
    echo "coq all: $label: compiles (${secs} s), no instance theorem: $why"
    echo "$paper compiled" >> "$tmp/results"
  fi
done < "$tmp/list"

awk '
  { total[$1]++; all++
    if ($2 != "failed") { ok[$1]++; okall++ }
    if ($2 == "concluded") { con[$1]++; conall++ }
    if ($2 == "failed") failall++ }
  END {
    for (p in total) printf "coq all: %s: %d certificates, %d conclude the instance theorem, %d compile with no Admitted\n", p, total[p], con[p] + 0, ok[p] + 0 | "sort"
    close("sort")
    printf "coq all: total: %d certificates, %d conclude the instance theorem, %d compile with no Admitted, %d fail\n", all, conall + 0, okall + 0, failall + 0
  }' "$tmp/results" | tee "$tmp/summary"

failed=$(grep -c ' failed$' "$tmp/results" || true)
unconcluded=$(grep -c ' compiled$' "$tmp/results" || true)
if [ "$failed" -ne 0 ]; then echo "coq all: FAILED: $failed certificates do not export or compile"; exit 1; fi
if [ "${REQUIRE_CONCLUDED:-0}" = 1 ] && [ "$unconcluded" -ne 0 ]; then
  echo "coq all: FAILED: $unconcluded certificates do not conclude their instance theorem"; exit 1
fi
echo "coq all: OK"
