#!/usr/bin/env bash
# Sup-norm benchmark against Sollya (issue 3, "Against Sollya").
#
# For each case f - p, with p = remez(f, n, I) computed by Sollya (relative cases: (p - f)/f with
# p = remez(1, monomials, I, 1/f), the best relative approximation, compared by Sollya's
# supnorm(..., relative, ...) and approxcert supnorm --relative), this script
#   1. gets p's exact dyadic coefficients from Sollya (hex floats, exact),
#   2. times Sollya's  supnorm(p, f, I, absolute, 2^-20)  (relative width of the result <= 2^-20),
#   3. times  approxcert supnorm --approx <p in Horner form> --target f --rel-tol 2^-20,
#   4. prints both enclosures, both times, their ratio and whether the enclosures overlap
#      (checked in exact rational arithmetic; a non-overlap is a soundness bug and makes the
#      script exit with status 1).
# Wall-clock times are whole-process times (date +%s.%N around each process, start-up included);
# the times each tool reports for the sup-norm computation alone are shown in parentheses.
#
# Usage: bench/sollya_vs_approxcert.sh [--markdown]
# Environment: APPROXCERT (default build/approxcert next to this script's repo),
#              TIME_LIMIT (approxcert --time-limit, default 120), MAX_BOXES (approxcert
#              --max-boxes, default 100000000 so that the time limit is the budget that binds),
#              THREADS (default 1: Sollya is single-threaded), SOLLYA_TIMEOUT (default 600 s),
#              ONLY (a regular expression: run only the cases whose name matches, e.g. '^rel ').
#              SAVE_CMDS (a file: each approxcert command line is appended to it, and each case's
#              Sollya script is kept as FILE.<case>.sol, to rerun a case alone).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/table.sh"
APPROXCERT="${APPROXCERT:-$here/../build/approxcert}"
TIME_LIMIT="${TIME_LIMIT:-120}"
MAX_BOXES="${MAX_BOXES:-100000000}"
THREADS="${THREADS:-1}"
SOLLYA_TIMEOUT="${SOLLYA_TIMEOUT:-600}"
ONLY="${ONLY:-}"
REL_TOL="9.5367431640625e-7"   # 2^-20, exact
MARKDOWN=0
[[ "${1:-}" == "--markdown" ]] && MARKDOWN=1

command -v sollya >/dev/null || (apt-get update -qq && apt-get install -y -qq --no-install-recommends sollya)
command -v python3 >/dev/null || { echo "python3 is needed for the exact comparisons" >&2; exit 2; }
[[ -x "$APPROXCERT" ]] || { echo "approxcert binary not found at $APPROXCERT (set APPROXCERT)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

# Exact helpers: hex floats and decimals -> Fraction; outward-rounded display; overlap test.
cat > "$work/exact.py" <<'PY'
import sys, re
from fractions import Fraction
from decimal import Decimal

def parse(s):
    s = s.strip()
    m = re.fullmatch(r'([+-]?)0x([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?p([+-]?\d+)', s)
    if m:
        sign, ip, fp, e = m.group(1), m.group(2), m.group(3) or '', int(m.group(4))
        v = Fraction(int((ip + fp) or '0', 16)) / Fraction(16) ** len(fp) * Fraction(2) ** e
        return -v if sign == '-' else v
    if s in ('0', '-0', '+0'):
        return Fraction(0)
    return Fraction(Decimal(s))  # decimals: exact

def show(v, up, digits=10):
    # v rounded down (up=False) or up (up=True) to `digits` significant digits, as decimal text
    if v == 0:
        return '0'
    e = len(str(abs(v.numerator) // abs(v.denominator))) if abs(v) >= 1 else 0
    # find exponent k with 10^(k-1) <= |v| < 10^k
    k = 0
    a = abs(v)
    while a >= Fraction(10) ** k: k += 1
    while a < Fraction(10) ** (k - 1): k -= 1
    scale = Fraction(10) ** (digits - k)
    x = v * scale
    n = x.numerator // x.denominator if not up else -((-x.numerator) // x.denominator)
    d = Decimal(n).scaleb(k - digits)
    return f"{d:.{digits-1}e}"

cmd = sys.argv[1]
if cmd == 'show':        # show LOW HIGH  -> "[low_down, high_up]"
    print(f"[{show(parse(sys.argv[2]), False)}, {show(parse(sys.argv[3]), True)}]")
elif cmd == 'relgap':    # relgap LOW HIGH -> (H-L)/L
    l, h = parse(sys.argv[2]), parse(sys.argv[3])
    print(f"{float((h - l) / l):.2e}" if l > 0 else "inf")
elif cmd == 'overlap':   # overlap L1 U1 L2 U2 -> yes/NO
    l1, u1, l2, u2 = (parse(a) for a in sys.argv[2:6])
    print('yes' if max(l1, l2) <= min(u1, u2) else 'NO')
elif cmd == 'ratio':     # ratio A B -> A/B
    print(f"{float(Decimal(sys.argv[2]) / Decimal(sys.argv[3])):.3g}")
PY
ex() { python3 "$work/exact.py" "$@"; }

# name | Sollya f | approxcert target | degree | Sollya interval | approxcert domain [| relative:monomials]
cases=(
  "exp deg 4|exp(x)|exp(x0)|4|[-1;1]|[-1,1]"
  "exp deg 8|exp(x)|exp(x0)|8|[-1;1]|[-1,1]"
  "exp deg 12|exp(x)|exp(x0)|12|[-1;1]|[-1,1]"
  "exp deg 16|exp(x)|exp(x0)|16|[-1;1]|[-1,1]"
  "atan deg 15|atan(x)|atan(x0)|15|[-1;1]|[-1,1]"
  "tanh deg 12|tanh(x)|tanh(x0)|12|[-3;3]|[-3,3]"
  "rel expm1 deg 8|expm1(x)|expm1(x0)|8|[-1/4;1/4]|[-1/4,1/4]|relative:[|1,2,3,4,5,6,7,8|]"
  "rel sin deg 7|sin(x)|sin(x0)|7|[-1/2;1/2]|[-1/2,1/2]|relative:[|1,3,5,7|]"
  "rel log1p deg 10|log1p(x)|log1p(x0)|10|[-1/4;1/4]|[-1/4,1/4]|relative:[|1,2,3,4,5,6,7,8,9,10|]"
  "asin deg 10|asin(x)|asin(x0)|10|[-1/2;1/2]|[-1/2,1/2]"
  "erf deg 12|erf(x)|erf(x0)|12|[-1;1]|[-1,1]"
  "log2 deg 10|log2(x)|log2(x0)|10|[1;2]|[1,2]"
  "sinh deg 11|sinh(x)|sinh(x0)|11|[-1;1]|[-1,1]"
  "acosh deg 8|acosh(x)|acosh(x0)|8|[2;3]|[2,3]"
  "cbrt deg 8|x^(1/3)|x0^(1/3)|8|[1;2]|[1,2]"
  "rel atanh deg 9|atanh(x)|atanh(x0)|9|[-1/4;1/4]|[-1/4,1/4]|relative:[|1,3,5,7,9|]"
  "rel asin deg 9|asin(x)|asin(x0)|9|[-1/2;1/2]|[-1/2,1/2]|relative:[|1,3,5,7,9|]"
)

# Warm-up: load both programs and their shared libraries once, so that neither tool's first timed
# case pays for a cold page cache.
echo 'quit;' | sollya >/dev/null 2>&1 || true
"$APPROXCERT" supnorm --approx "x0" --target "exp(x0)" --domain "[0,1]" --threads 1 >/dev/null

rows=()
soundness_bug=0
for c in "${cases[@]}"; do
  IFS='|' read -r name fs fa deg Is Ia mode <<<"$c"
  if [[ -n "$ONLY" && ! "$name" =~ $ONLY ]]; then continue; fi
  if [[ "${mode:-}" == relative:* ]]; then
    remez="remez(1, ${mode#relative:}, $Is, 1/($fs))"; norm=relative; relative_flag=--relative
  else
    remez="remez($fs, $deg, $Is)"; norm=absolute; relative_flag=
  fi

  # 1. Remez polynomial and its exact coefficients (hex floats, Sollya's display = hexadecimal
  #    prints dyadics exactly).
  cat > "$work/coeffs.sol" <<EOF
verbosity = 0!;
p = $remez;
display = hexadecimal!;
for i from 0 to $deg do print(coeff(p, i));
quit;
EOF
  mapfile -t coeffs < <(sollya --flush "$work/coeffs.sol")
  if [[ ${#coeffs[@]} -ne $((deg + 1)) ]]; then
    echo "$name: Sollya printed ${#coeffs[@]} coefficients, expected $((deg + 1)): ${coeffs[*]}" >&2
    exit 1
  fi

  # approxcert: Horner form in x0. Sollya: sum c_i*x^i, parsed at 2000 bits so every
  # coefficient (at most 165 bits) is read exactly.
  horner="(${coeffs[$deg]})"
  sollya_p="0"
  for ((i = deg - 1; i >= 0; i--)); do horner="(${coeffs[$i]}) + x0*($horner)"; done
  for ((i = 0; i <= deg; i++)); do sollya_p="$sollya_p + (${coeffs[$i]})*x^$i"; done

  # 2. Sollya's supnorm, timed.
  cat > "$work/supnorm.sol" <<EOF
verbosity = 0!;
oldprec = prec;
prec = 2000!;
p = $sollya_p;
prec = oldprec!;
t = time(S = supnorm(p, $fs, $Is, $norm, 2^-20));
display = hexadecimal!;
print(inf(S));
print(sup(S));
display = decimal!;
print(t);
quit;
EOF
  [[ -n "${SAVE_CMDS:-}" ]] && cp "$work/supnorm.sol" "$SAVE_CMDS.${name// /_}.sol"
  t0=$(now)
  sollya_out=$(timeout "$SOLLYA_TIMEOUT" sollya --flush "$work/supnorm.sol" 2>&1) || true
  t1=$(now)
  s_wall=$(echo "$t1 - $t0" | bc -l)
  mapfile -t s_lines <<<"$sollya_out"
  s_lo="${s_lines[0]:-}"; s_hi="${s_lines[1]:-}"; s_int="${s_lines[2]:-?}"
  if ! [[ "$s_lo" =~ ^-?0x && "$s_hi" =~ ^-?0x ]]; then
    echo "$name: unexpected Sollya output: $sollya_out" >&2
    s_lo=""; s_hi=""
  fi

  # 3. approxcert supnorm, timed.
  t0=$(now)
  [[ -n "${SAVE_CMDS:-}" ]] && printf "%q " "$APPROXCERT" supnorm $relative_flag --approx "$horner" --target "$fa" --domain "$Ia" --rel-tol "$REL_TOL" --threads "$THREADS" >> "$SAVE_CMDS" && echo >> "$SAVE_CMDS"
  ac_out=$("$APPROXCERT" supnorm $relative_flag --approx "$horner" --target "$fa" --domain "$Ia" \
             --rel-tol "$REL_TOL" --time-limit "$TIME_LIMIT" --max-boxes "$MAX_BOXES" --threads "$THREADS" --quiet 2>&1) || true
  t1=$(now)
  a_wall=$(echo "$t1 - $t0" | bc -l)
  if [[ "$ac_out" =~ in\ \[([^,]+),\ ([^]]+)\].*boxes\ ([0-9]+)\ +status\ ([a-z_]+)\ +time\ ([0-9.e+-]+)\ s ]]; then
    a_lo="${BASH_REMATCH[1]}"; a_hi="${BASH_REMATCH[2]}"; a_boxes="${BASH_REMATCH[3]}"
    a_status="${BASH_REMATCH[4]}"; a_int="${BASH_REMATCH[5]}"
  else
    echo "$name: unexpected approxcert output: $ac_out" >&2
    a_lo=""; a_hi=""; a_boxes="?"; a_status="error"; a_int="?"
  fi

  # 4. Compare.
  if [[ -n "$s_lo" ]]; then s_enc=$(ex show "$s_lo" "$s_hi"); s_gap=$(ex relgap "$s_lo" "$s_hi"); else s_enc="(failed)"; s_gap="-"; fi
  if [[ -n "$a_lo" && "$a_hi" != "inf" ]]; then a_enc=$(ex show "$a_lo" "$a_hi"); a_gap=$(ex relgap "$a_lo" "$a_hi"); else a_enc="[$a_lo, $a_hi]"; a_gap="-"; fi
  overlap="-"
  if [[ -n "$s_lo" && -n "$a_lo" && "$a_hi" != "inf" ]]; then
    overlap=$(ex overlap "$s_lo" "$s_hi" "$a_lo" "$a_hi")
    if [[ "$overlap" == "NO" ]]; then
      soundness_bug=1
      echo "!!! SOUNDNESS BUG: $name: Sollya [$s_lo, $s_hi] and approxcert [$a_lo, $a_hi] are disjoint !!!" >&2
    fi
  fi
  ratio=$(ex ratio "$a_wall" "$s_wall")
  rows+=("$name|$s_enc|$s_gap|$(printf '%.3f' "$s_wall") ($(printf '%.3f' "$s_int" 2>/dev/null || echo "$s_int"))|$a_enc|$a_gap|$a_status|$a_boxes|$(printf '%.3f' "$a_wall") ($a_int)|$ratio|$overlap")
  echo "done: ${rows[-1]}" >&2
done

header="case|Sollya [L, U]|Sollya rel. gap|Sollya wall s (supnorm)|approxcert [L, U]|approxcert rel. gap|status|boxes|approxcert wall s (engine)|ratio approxcert/Sollya (wall)|overlap"
print_table "$MARKDOWN" "$header" "${rows[@]}"

if [[ $soundness_bug -ne 0 ]]; then
  echo "SOUNDNESS BUG: at least one pair of enclosures is disjoint (see above)" >&2
  exit 1
fi
