#!/bin/sh
# The "no gaps" check of the Coq development (issue 6).
#   gap_check.sh keywords SRC      fails if a .v file under SRC contains Admitted, admit, Abort,
#                                  Axiom(s), Parameter(s) or Conjecture, or is not listed in
#                                  SRC/_CoqProject (an unlisted file would escape compilation).
#   gap_check.sh assumptions SRC OUT
#                                  runs `Print Assumptions` on every Lemma/Theorem/Corollary/
#                                  Definition/... of SRC, compiled in OUT (by coq_build.sh), and
#                                  fails if any of them depends on an axiom other than those of
#                                  Coq's standard library listed in ALLOWED below.
# Prints "gap check: OK" or "gap check: FAILED: ..." (the negative tests match on this text).
set -eu
mode=${1:-}
src=${2:-}
[ -n "$mode" ] && [ -d "$src" ] || { echo "usage: gap_check.sh keywords|assumptions SRC [OUT]" >&2; exit 2; }

# Axioms of Coq's standard library that our statements may depend on: the classical axioms of the
# real numbers (Coq.Reals), and the specifications of the kernel's primitive 63-bit integers and
# floats, which the `interval` tactic computes with.
ALLOWED='^(ClassicalDedekindReals\.sig_forall_dec|ClassicalDedekindReals\.sig_not_dec|FunctionalExtensionality\.functional_extensionality_dep|Classical_Prop\.classic|(Uint63|PrimInt63|PrimFloat|FloatAxioms)\.[A-Za-z0-9_'"'"']+)$'

files=$(cd "$src" && find . -name '*.v' -print | sed 's|^\./||' | sort)
[ -n "$files" ] || { echo "gap check: FAILED: no .v files under $src"; exit 1; }

case $mode in
keywords)
  status=0
  hits=$(cd "$src" && grep -HnwE 'Admitted|admit|Abort|Axiom|Axioms|Parameter|Parameters|Conjecture' $files || true)
  if [ -n "$hits" ]; then
    echo "gap check: FAILED: forbidden keyword"
    echo "$hits"
    status=1
  fi
  for f in $files; do
    if ! grep -qxF "$f" "$src/_CoqProject"; then
      echo "gap check: FAILED: $f is not listed in _CoqProject"
      status=1
    fi
  done
  [ $status -eq 0 ] && echo "gap check: OK ($(echo "$files" | wc -l) files, no forbidden keyword)"
  exit $status
  ;;
assumptions)
  out=${3:-}
  [ -d "$out" ] || { echo "gap check: FAILED: build directory $out not found (run coq_build.sh)"; exit 1; }
  coqc=${COQBIN:-}coqc
  lib=$(sed -n 's/^-[RQ] *\. *\([A-Za-z0-9_]*\).*/\1/p' "$src/_CoqProject" | head -n 1)
  [ -n "$lib" ] || { echo "gap check: FAILED: no '-R . NAME' line in _CoqProject"; exit 1; }
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # Every definition and lemma of a file goes into one tuple ("bundle"). Print Assumptions walks
  # the whole real-number library each time, so the first pass prints the assumptions of one
  # tuple of all bundles; only if that fails does a second pass print them per file, to name
  # the file at fault.
  write_check() {  # $1 = all | per_file
    echo 'From Coq Require Import String.'
    k=0
    all=""
    for f in $files; do
      module="$lib.$(echo "${f%.v}" | tr / .)"
      names=$(sed -n -E "s/^[[:space:]]*(Lemma|Theorem|Corollary|Proposition|Fact|Remark|Example|Definition|Fixpoint)[[:space:]]+([A-Za-z_][A-Za-z0-9_']*).*/\2/p" "$src/$f")
      [ -n "$names" ] || continue
      terms=$(for n in $names; do printf '@%s.%s, ' "$module" "$n"; done)
      echo "Require $module."
      echo "Definition bundle_$k := (${terms}tt)."
      if [ "$1" = per_file ]; then
        echo "Check \"### $f\"%string."
        echo "Print Assumptions bundle_$k."
      fi
      all="${all}bundle_$k, "
      k=$((k + 1))
    done
    if [ "$1" = all ]; then
      echo "Check \"### (all files)\"%string."
      echo "Definition bundle_all := (${all}tt)."
      echo "Print Assumptions bundle_all."
    fi
  }
  # Prints "FILE: depends on AXIOM" for every axiom outside ALLOWED. Lines after "Axioms:" that
  # start at column 0 name one axiom each; continuation lines are indented.
  run_check() {  # $1 = all | per_file
    write_check "$1" > "$tmp/GapCheckAssumptions.v"
    if ! "$coqc" -Q "$out" "$lib" "$tmp/GapCheckAssumptions.v" > "$tmp/out.txt" 2>&1; then
      echo "coqc could not check the assumptions:"
      cat "$tmp/out.txt"
      return
    fi
    awk -v allowed="$ALLOWED" '
      /^"### / { file = $0; sub(/^"### /, "", file); sub(/"%string$/, "", file); inax = 0; next }
      /^Axioms:/ { inax = 1; next }
      /^Closed under the global context/ { inax = 0; next }
      inax && /^[^ \t]/ { ax = $1; if (ax !~ allowed) print file ": depends on " ax }
    ' "$tmp/out.txt"
  }
  bad=$(run_check all)
  if [ -n "$bad" ]; then
    echo "gap check: FAILED: non-standard axioms"
    run_check per_file
    exit 1
  fi
  count=$(cat $(for f in $files; do echo "$src/$f"; done) | grep -cE "^[[:space:]]*(Lemma|Theorem|Corollary|Proposition|Fact|Remark|Example|Definition|Fixpoint)[[:space:]]")
  echo "gap check: OK ($count definitions and lemmas depend only on standard-library axioms)"
  ;;
*)
  echo "usage: gap_check.sh keywords|assumptions SRC [OUT]" >&2
  exit 2
  ;;
esac
