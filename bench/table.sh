# Shared by the bench/*_vs_approxcert.sh scripts (sourced, not run).
# print_table MARKDOWN HEADER [ROW...]: HEADER and each ROW are '|'-separated cells; prints a
# Markdown table if MARKDOWN is 1, else aligned columns.
print_table() {
  local markdown=$1 header=$2 r
  shift 2
  if [[ $markdown -eq 1 ]]; then
    echo "| ${header//|/ | } |"
    echo "|$(sed 's/[^|]*/---/g' <<<"$header")|"
    for r in "$@"; do echo "| ${r//|/ | } |"; done
  else
    { echo "$header"; printf '%s\n' "$@"; } | column -t -s '|'
  fi
}
