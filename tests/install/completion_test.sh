#!/bin/bash
# ctest install.bash_completion: the generated completion (cmake/Completion.cmake), loaded into
# bash with Debian's bash-completion, completes every command and every option the binary
# defines (approxcert --interface-json), the choices of a checked option, file names only where
# the value is a file, and nothing unknown.
#   completion_test.sh APPROXCERT COMPLETION_FILE
set -u
approxcert=$1
completion=$2
fail() { echo "completion test: $*" >&2; exit 1; }
[ -f /usr/share/bash-completion/bash_completion ] || fail "bash-completion is not installed (make deps)"
# shellcheck disable=SC1091
source /usr/share/bash-completion/bash_completion
# shellcheck disable=SC1090
source "$completion"
complete_words() {  # the words of a command line, the last one being completed
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _approxcert approxcert "${COMP_WORDS[$COMP_CWORD]}" "${COMP_WORDS[$((COMP_CWORD - 1))]}"
  printf '%s\n' "${COMPREPLY[@]}"
}
interface=$("$approxcert" --interface-json) || fail "approxcert --interface-json failed"
commands=$(/usr/bin/python3 -c 'import json,sys; print(" ".join(c["name"] for c in json.load(sys.stdin)["commands"]))' <<<"$interface")
for c in lpnorm import supnorm verify; do
  [[ " $commands " == *" $c "* ]] || fail "the binary has no command $c: $commands"
done
offered=$(complete_words approxcert "")
for c in $commands; do
  grep -qx -- "$c" <<<"$offered" || fail "command $c is not completed (offered: $offered)"
done
for c in $commands; do
  want=$(/usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print("\n".join(sorted(n for c in d["commands"] if c["name"]==sys.argv[1] for o in c["options"] for n in o["names"] if n.startswith("--"))))' "$c" <<<"$interface")
  got=$(complete_words approxcert "$c" "--" | sort)
  [ "$want" = "$got" ] || fail "$c: options completed differ from its definitions:
$(diff <(echo "$want") <(echo "$got"))"
done
# Options the hand-written completion lacked.
grep -qx -- "--target-net" <<<"$(complete_words approxcert supnorm --target-)" || fail "supnorm --target-net not completed"
grep -qx -- "--json" <<<"$(complete_words approxcert import --js)" || fail "import --json not completed"
got=$(complete_words approxcert supnorm --engine "" | sort | tr '\n' ' ')
[ "$got" = "arb auto mpfi " ] || fail "supnorm --engine completes to '$got', not its choices"
[ -z "$(complete_words approxcert verify --no-recompute-x)" ] || fail "an unknown option was completed"
# Values: file names after a FILE option, nothing after a number or an expression.
mkdir -p "${TMPDIR:-/tmp}/approxcert-completion-$$" && cd "${TMPDIR:-/tmp}/approxcert-completion-$$" || fail "no scratch folder"
touch net.json
[ "$(complete_words approxcert supnorm --net "")" = "net.json" ] || fail "supnorm --net does not complete file names"
[ -z "$(complete_words approxcert supnorm --rel-tol "")" ] || fail "supnorm --rel-tol completes file names"
[ -z "$(complete_words approxcert supnorm --target "")" ] || fail "supnorm --target completes file names"
cd / && rm -rf "${TMPDIR:-/tmp}/approxcert-completion-$$"
echo "bash completion: $(wc -w <<<"$commands") commands, every option completed"
