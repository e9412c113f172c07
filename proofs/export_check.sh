#!/bin/sh
# End-to-end check of `approxcert coq` (docs/proofs.md, "approxcert coq"): runs `approxcert check`
# on one instance into a fresh temp directory, exports its certificate with `approxcert coq`, fails
# if the export contains a word the gap checks forbid, and compiles it with
#   coqc -Q COQ_DIR Approxcert MODULE.v
# (COQ_DIR: the library built by ctest test proofs.build). If THEOREM is given, the export must
# also conclude that Coq theorem. Prints "export check: OK ..." with the compile time, or
# "export check: FAILED: ...".
# Usage: export_check.sh APPROXCERT COQ_DIR CHECK_FILE MODULE [THEOREM]
# Environment: COQC (default coqc); EXPORT_KEEP (a directory to copy the .v file into).
set -eu
[ $# -ge 4 ] || { echo "usage: export_check.sh APPROXCERT COQ_DIR CHECK_FILE MODULE [THEOREM]" >&2; exit 2; }
bin=$1; check=$3; module=$4; theorem=${5:-}
coq_dir=$(cd "$2" && pwd) || { echo "export check: FAILED: Coq library $2 not found (ctest test proofs.build)"; exit 1; }
coqc=${COQC:-coqc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! "$bin" check "$check" --out "$tmp/certificates" > "$tmp/check.log" 2>&1; then
  cat "$tmp/check.log"
  echo "export check: FAILED: approxcert check $check"
  exit 1
fi
cert=$(find "$tmp/certificates" -mindepth 2 -name '*.json' | head -n 1)
[ -n "$cert" ] || { echo "export check: FAILED: approxcert check wrote no certificate"; exit 1; }
"$bin" coq "$cert" -o "$tmp/$module.v" || { echo "export check: FAILED: approxcert coq"; exit 1; }
[ -z "${EXPORT_KEEP:-}" ] || cp "$tmp/$module.v" "$EXPORT_KEEP/"

hits=$(grep -nwE 'Admitted|admit|Abort|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Hypotheses|Variable|Variables' "$tmp/$module.v" || true)
if [ -n "$hits" ]; then
  echo "export check: FAILED: forbidden keyword in $module.v"
  echo "$hits"
  exit 1
fi
if [ -n "$theorem" ] && ! grep -q "^Theorem $theorem " "$tmp/$module.v"; then
  echo "export check: FAILED: $module.v does not conclude Theorem $theorem"
  exit 1
fi
start=$(date +%s%N)
if ! (cd "$tmp" && "$coqc" -Q "$coq_dir" Approxcert "$module.v"); then
  echo "export check: FAILED: coqc rejects $module.v"
  exit 1
fi
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
echo "export check: OK ($module.v: $(wc -l < "$tmp/$module.v") lines, $(grep -c '^Lemma leaf_' "$tmp/$module.v") leaves, coqc ${ms} ms wall)"
