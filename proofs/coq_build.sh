#!/bin/sh
# Builds the Coq project of SRC out of tree in OUT: copies SRC/_CoqProject and every .v file of
# SRC into OUT (tar keeps modification times, so rebuilds are incremental), generates
# OUT/Makefile.coq with coq_makefile and runs it. Nothing is written into SRC.
# Usage: coq_build.sh SRC OUT [make arguments, e.g. TIMED=1]
# Environment: COQBIN (directory of coqc, with a trailing slash), COQ_MAKEFILE, MAKE, JOBS.
set -eu
if [ $# -lt 2 ]; then echo "usage: coq_build.sh SRC OUT [make args]" >&2; exit 2; fi
src=$1
out=$2
shift 2
coq_makefile=${COQ_MAKEFILE:-coq_makefile}
make=${MAKE:-make}
jobs=${JOBS:-2}
[ -f "$src/_CoqProject" ] || { echo "coq_build: $src/_CoqProject not found" >&2; exit 2; }
mkdir -p "$out"
(cd "$src" && find . \( -name '*.v' -o -name _CoqProject \) -print | tar -cf - -T -) | (cd "$out" && tar -xf -)
cd "$out"
"$coq_makefile" -f _CoqProject -o Makefile.coq
"$make" -f Makefile.coq -j "$jobs" "$@"
