#!/bin/sh
# The checker wing without the engine: certificates written by the command (the engine) are
# verified by verify_without_engine, which links lib/check and not lib/supnorm. A certificate from a
# deliberately broken bounder and a hand-edited one are rejected.
# Usage: verify_without_engine_test.sh APPROXCERT VERIFY_WITHOUT_ENGINE SOURCE_DIR
set -eu
approxcert=$1 checker=$2 src=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

fail() { echo "FAIL: $*"; exit 1; }

"$approxcert" supnorm --approx 0 --target 'sin(5*x0)*cos(3*x1)+x0*x1/8' --domain '[0,2]^2' --rel-tol 1e-3 \
  --cert expr.cert.json -q >/dev/null
"$approxcert" supnorm --net "$src/docs/examples/relu_2d.json" --target 'x0*x1' --domain '[0,1]^2' --rel-tol 1e-3 \
  --cert net.cert.json -q >/dev/null
"$approxcert" supnorm --approx 'x0 - x0^3/6' --target 'sin(x0)' --domain '[-1,1]' --relative --rel-tol 1e-2 \
  --cert relative.cert.json -q >/dev/null
"$approxcert" lpnorm --approx 0 --target 'x0*x1' --domain '[0,1]^2' --p 2 --rel-tol 1e-2 --cert lp.cert.json -q >/dev/null
"$approxcert" lpnorm --approx 0 --target 'exp(x0)' --domain '[0,1]' --p 1 --method arb --rel-tol 1e-6 \
  --cert lp-arb.cert.json -q >/dev/null

out=$("$checker" expr.cert.json net.cert.json relative.cert.json lp.cert.json lp-arb.cert.json \
  "$src/docs/plots/relu_2d-xy.cert.json") || fail "a sound certificate was rejected: $out"
[ "$(echo "$out" | grep -c '^ok ')" = 6 ] || fail "expected 6 ok lines, got: $out"

# The centred form shrunk: one leaf of the cover records a bound below the error's maximum there.
"$approxcert" supnorm --test-only-shrink-centred-form --approx 0 --target 'sin(5*x0)*cos(3*x1)+x0*x1/8' \
  --domain '[0,2]^2' --rel-tol 1e-3 --no-monotonicity --cert broken.cert.json -q >/dev/null
set +e
out=$("$checker" broken.cert.json); status=$?
set -e
[ "$status" = 1 ] || fail "the broken bounder's certificate: exit $status, expected 1: $out"
echo "$out" | grep -q '^FAILED broken.cert.json: cover: leaf' || fail "no leaf named in: $out"

# A hand-edited upper bound (hash not recomputed) is refused.
sed 's/"upper": "[^"]*"/"upper": "0.001"/' expr.cert.json > edited.cert.json
set +e
out=$("$checker" edited.cert.json); status=$?
set -e
[ "$status" = 1 ] || fail "the edited certificate: exit $status, expected 1: $out"
echo "verify_without_engine: 6 sound certificates passed; the broken and the edited one failed"
