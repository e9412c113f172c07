#!/usr/bin/env bash
# Sup-norm proof benchmark against Coq Interval (issue 14, "Fast rigorous path").
#
# For each two-input tanh network N in bench/data/coq_tanh2d_w*.json (one hidden layer of width
# 4, 8, 16; exact weights k/256, fitted to sin(x0)*cos(x1) by bench/coq_interval_nets.py) and the
# domain [-1,1]^2, this script
#   1. runs  approxcert supnorm --net N --target "sin(x0)*cos(x1)" --domain "[-1,1]^2"
#            --rel-tol 1e-3 --threads 1  and reads its enclosure [L, U] of sup |N - target|,
#   2. sets B = U (1 + 10^-3), an exact decimal (U is printed as a decimal, rounded up),
#   3. writes the Coq file
#        forall x y, -1 <= x <= 1 -> -1 <= y <= 1 -> Rabs (N(x,y) - sin x * cos y) <= B
#      with the same exact weights (tanh z written 1 - 2/(exp(2z) + 1): Coq Interval 4.6 has no
#      tanh), proved by  interval with (i_bisect x, i_bisect y, i_taylor x, $COQ_EXTRA),
#   4. RUNS times, paired: times  approxcert supnorm ... --require-upper B  (exit 0 = proved) and
#      coqc on the file (whole processes, start-up included), and coqc on a file with only the
#      imports (Coq's start-up: Reals + Interval loaded);
#   5. if COQ_LOOSE is set (factors, e.g. "1.5 2 4"), also tries B' = f U with Interval's default
#      options for each f in order and reports the first that Coq proves as a separate row, timed
#      against approxcert --require-upper B'. B is never loosened.
# Wall-clock times: median over the runs, date +%s.%N around each process. A Coq failure or a
# time-out is reported as such; the ratio is then a lower bound (">") only for a time-out.
# approxcert refuting B, or Coq proving a bound below approxcert's L, is a soundness bug: the
# script says so and exits with status 1.
#
# Usage: bench/coq_interval_vs_approxcert.sh [--markdown]
# Environment: APPROXCERT (default build/approxcert next to this script's repo), RUNS (default 3),
#              COQ_TIMEOUT (seconds per coqc, default 1200), COQ_EXTRA (extra interval options for
#              the bound B, default "i_depth 40"), COQ_LOOSE (default empty: no B' rows),
#              ONLY (a regular expression: run only the cases whose name matches, e.g. 'width 4$'),
#              SAVE_CMDS (a file: each approxcert command line is appended to it, and each case's
#              Coq file is kept as FILE.<case>.v, to rerun a case alone).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/table.sh"
APPROXCERT="${APPROXCERT:-$here/../build/approxcert}"
RUNS="${RUNS:-3}"
COQ_TIMEOUT="${COQ_TIMEOUT:-1200}"
COQ_EXTRA="${COQ_EXTRA-i_depth 40}"
COQ_LOOSE="${COQ_LOOSE:-}"
ONLY="${ONLY:-}"
MARKDOWN=0
[[ "${1:-}" == "--markdown" ]] && MARKDOWN=1

PY=python3
command -v coqc >/dev/null || (apt-get update -qq && apt-get install -y -qq --no-install-recommends coq)
[[ -d "$(coqc -where)/user-contrib/Interval" ]] ||
  (apt-get update -qq && apt-get install -y -qq --no-install-recommends libcoq-interval)
command -v $PY >/dev/null || { echo "python3 is needed for the exact arithmetic" >&2; exit 2; }
[[ -x "$APPROXCERT" ]] || { echo "approxcert binary not found at $APPROXCERT (set APPROXCERT)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
nets="$here/coq_interval_nets.py"
now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
fmt() { [[ "$1" == "-" ]] && echo "-" || printf '%.3f' "$1"; }

TARGET="sin(x0)*cos(x1)"
DOMAIN="[-1,1]^2"
ac() { "$APPROXCERT" supnorm --net "$1" --target "$TARGET" --domain "$DOMAIN" --rel-tol 1e-3 --threads 1 --quiet "${@:2}"; }

# Coq's start-up: the imports alone.
printf 'From Coq Require Import Reals.\nFrom Interval Require Import Tactic.\n' > "$work/Startup.v"

# Warm-up: load both programs and their libraries once (page cache).
(cd "$work" && coqc Startup.v >/dev/null)
ac "$here/data/coq_tanh2d_w4.json" >/dev/null

# Times one coqc on FILE.v in $work: sets c_wall and c_res (proved / failed / timeout).
run_coq() {
  local t0 t1 rc=0
  t0=$(now)
  (cd "$work" && timeout "$COQ_TIMEOUT" coqc "$1.v" >"$work/$1.log" 2>&1) || rc=$?
  t1=$(now)
  c_wall=$(echo "$t1 - $t0" | bc -l)
  case $rc in
    0) c_res=proved ;;
    124) c_res=timeout ;;
    *) c_res=failed ;;
  esac
}

# Times one approxcert --require-upper BOUND on NET: sets a_wall and a_res (proved/refuted/undecided).
run_ac() {
  local t0 t1 rc=0
  [[ -n "${SAVE_CMDS:-}" ]] && printf "%q " "$APPROXCERT" supnorm --net "$1" --target "$TARGET" --domain "$DOMAIN" \
    --rel-tol 1e-3 --threads 1 --quiet --require-upper "$2" >> "$SAVE_CMDS" && echo >> "$SAVE_CMDS"
  t0=$(now)
  ac "$1" --require-upper "$2" >/dev/null 2>&1 || rc=$?
  t1=$(now)
  a_wall=$(echo "$t1 - $t0" | bc -l)
  case $rc in 0) a_res=proved ;; 1) a_res=REFUTED ;; *) a_res=undecided ;; esac
}

ratio() {  # ratio CoqWall CoqResult AcWall -> "x" text
  case $2 in
    proved) $PY -c "print(f'{$1/$3:.0f}')" ;;
    timeout) $PY -c "print(f'>{$1/$3:.0f}')" ;;
    *) echo "- (Coq failed)" ;;
  esac
}

echo "load before: $(uptime)" >&2
rows=()
soundness_bug=0
cases=("width 4|coq_tanh2d_w4" "width 8|coq_tanh2d_w8" "width 16|coq_tanh2d_w16")
for c in "${cases[@]}"; do
  IFS='|' read -r name file <<<"$c"
  if [[ -n "$ONLY" && ! "$name" =~ $ONLY ]]; then continue; fi
  net="$here/data/$file.json"

  # 1-2. approxcert's enclosure and B.
  t0=$(now)
  out=$(ac "$net" 2>&1)
  t1=$(now)
  s_wall=$(echo "$t1 - $t0" | bc -l)
  if ! [[ "$out" =~ in\ \[([^,]+),\ ([^]]+)\].*status\ converged ]]; then
    echo "$name: unexpected approxcert output: $out" >&2; exit 1
  fi
  L="${BASH_REMATCH[1]}"; U="${BASH_REMATCH[2]}"
  B=$($PY "$nets" bound "$U")

  # 3. The Coq file.
  mod="Net_${file}"
  COQ_EXTRA="$COQ_EXTRA" $PY "$nets" coq "$net" "$B" "$work/$mod.v"
  [[ -n "${SAVE_CMDS:-}" ]] && cp "$work/$mod.v" "$SAVE_CMDS.${name// /_}.v"

  # 4. Paired runs. A Coq time-out or failure is not repeated.
  aw=(); cw=(); sw=(); c_res=""
  for ((r = 0; r < RUNS; r++)); do
    run_ac "$net" "$B"; aw+=("$a_wall")
    if [[ "$a_res" != proved ]]; then
      echo "$name: approxcert --require-upper $B: $a_res" >&2
      [[ "$a_res" == REFUTED ]] && soundness_bug=1
    fi
    t0=$(now); (cd "$work" && coqc Startup.v >/dev/null); t1=$(now); sw+=("$(echo "$t1 - $t0" | bc -l)")
    if [[ -z "$c_res" || "$c_res" == proved ]]; then
      run_coq "$mod"; cw+=("$c_wall"); c_note="$c_res $(fmt "$c_wall") s"
    else
      c_note="not repeated"
    fi
    echo "$name run $r: approxcert $a_res $(fmt "$a_wall") s, coq start-up $(fmt "${sw[-1]}") s, coqc $c_note" >&2
  done
  if [[ "$c_res" == failed ]]; then echo "$name: coqc failed: $(grep -m1 -A1 Error "$work/$mod.log" | tr '\n' ' ')" >&2; fi
  am=$(median "${aw[@]}"); cm=$(median "${cw[@]}"); sm=$(median "${sw[@]}")
  rows+=("$name|$B|[$L, $U] ($(fmt "$s_wall"))|$a_res|$(fmt "$am")|${COQ_EXTRA:-defaults}|$c_res|$(fmt "$cm") (${#cw[@]})|$(fmt "$sm")|$(ratio "$cm" "$c_res" "$am")")
  echo "done: ${rows[-1]}" >&2

  # 5. The tightest B' = f U among COQ_LOOSE that Coq proves with its default options.
  for f in $COQ_LOOSE; do
    Bl=$($PY -c "from decimal import Decimal as D; print(D('$U') * D('$f'))")
    COQ_EXTRA="" $PY "$nets" coq "$net" "$Bl" "$work/${mod}_loose.v"
    run_coq "${mod}_loose"
    echo "$name B' = $f U: coqc $c_res $(fmt "$c_wall") s" >&2
    if [[ "$c_res" == proved ]]; then
      if ! $PY "$nets" le "$L" "$Bl"; then
        soundness_bug=1; echo "!!! SOUNDNESS BUG: $name: Coq proves $Bl < approxcert's L = $L !!!" >&2
      fi
      run_ac "$net" "$Bl"
      t0=$(now); (cd "$work" && coqc Startup.v >/dev/null); t1=$(now)
      rows+=("$name, B' = $f U|$Bl|(as above)|$a_res|$(fmt "$a_wall")|defaults|proved|$(fmt "$c_wall") (1)|$(fmt "$(echo "$t1 - $t0" | bc -l)")|$(ratio "$c_wall" proved "$a_wall")")
      echo "done: ${rows[-1]}" >&2
      break
    fi
  done
done
echo "load after: $(uptime)" >&2

header="case|B = U (1 + 10^-3)|approxcert [L, U] (wall s)|approxcert --require-upper B|approxcert wall s|Coq interval options (besides i_bisect x, i_bisect y, i_taylor x)|Coq|coqc wall s (runs)|coqc start-up s|ratio Coq/approxcert (wall)"
print_table "$MARKDOWN" "$header" "${rows[@]}"

if [[ $soundness_bug -ne 0 ]]; then
  echo "SOUNDNESS BUG: see above" >&2
  exit 1
fi
