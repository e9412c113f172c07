#!/bin/sh
# Negative check of an `approxcert coq` export (docs/proofs.md): runs `approxcert check` on one
# instance, exports its certificate, confirms that the export compiles, then alters it with one sed
# expression (e.g. a coefficient of the concluded identity) and requires coqc to REJECT the altered
# file: the conclusion is proved from the exported program, not accepted whatever it says.
# Prints "tamper check: OK ..." or "tamper check: FAILED: ...".
# Usage: tamper_check.sh APPROXCERT COQ_DIR CHECK_FILE MODULE SED_EXPRESSION
# Environment: COQC (default coqc).
set -eu
[ $# -eq 5 ] || { echo "usage: tamper_check.sh APPROXCERT COQ_DIR CHECK_FILE MODULE SED_EXPRESSION" >&2; exit 2; }
bin=$1; check=$3; module=$4; expr=$5
coq_dir=$(cd "$2" && pwd) || { echo "tamper check: FAILED: Coq library $2 not found (ctest test proofs.build)"; exit 1; }
coqc=${COQC:-coqc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" check "$check" --out "$tmp/certificates" > "$tmp/check.log" 2>&1 || { cat "$tmp/check.log"; echo "tamper check: FAILED: approxcert check $check"; exit 1; }
cert=$(find "$tmp/certificates" -mindepth 2 -name '*.json' | head -n 1)
"$bin" coq "$cert" -o "$tmp/$module.v" > /dev/null || { echo "tamper check: FAILED: approxcert coq"; exit 1; }
(cd "$tmp" && "$coqc" -Q "$coq_dir" Approxcert "$module.v") > "$tmp/coqc.log" 2>&1 || { cat "$tmp/coqc.log"; echo "tamper check: FAILED: the unaltered export does not compile"; exit 1; }
mkdir "$tmp/altered"
sed "$expr" "$tmp/$module.v" > "$tmp/altered/$module.v"
if cmp -s "$tmp/$module.v" "$tmp/altered/$module.v"; then echo "tamper check: FAILED: the sed expression changes nothing"; exit 1; fi
if (cd "$tmp/altered" && "$coqc" -Q "$coq_dir" Approxcert "$module.v") > "$tmp/altered.log" 2>&1; then
  printf 'tamper check: FAILED: coqc accepts the altered export (%s)\n' "$expr"; exit 1
fi
# printf, not echo: dash's echo would read the sed expression's \1 as an escape.
printf 'tamper check: OK (coqc rejects the export altered by %s: %s)\n' "$expr" "$(grep -m 1 -i -A 1 error "$tmp/altered.log" | tr '\n' ' ' || true)"
