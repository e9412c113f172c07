#!/bin/sh
# `make sanitize`: runs the sanitized doctest binary in JOBS shards at once (doctest's --first/--last
# over the test cases in their fixed order), each logged to LOGDIR/shard-K.log; fails naming the
# shards that reported (ASan and UBSan stop a process at their first report).
#   run_shards.sh BINARY JOBS LOGDIR
set -u
bin=$1 jobs=$2 logdir=$3
mkdir -p "$logdir"
total=$("$bin" --count | sed -n 's/.*passing the current filters: *\([0-9][0-9]*\).*/\1/p')
case $total in ''|*[!0-9]*) echo "sanitize: cannot count the test cases of $bin" >&2; exit 2 ;; esac
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
size=$(( (total + jobs - 1) / jobs ))
echo "sanitize: $total test cases in $jobs shards of up to $size, logs in $logdir"
pids="" k=1 first=1
while [ "$first" -le "$total" ]; do
  last=$(( first + size - 1 ))
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$bin" --first=$first --last=$last > "$logdir/shard-$k.log" 2>&1 &
  pids="$pids $!:$k"
  first=$(( last + 1 )) k=$(( k + 1 ))
done
failed=""
for entry in $pids; do
  wait "${entry%%:*}" || failed="$failed ${entry##*:}"
done
for k in $failed; do
  echo "sanitize: shard $k failed; the end of $logdir/shard-$k.log:" >&2
  tail -n 40 "$logdir/shard-$k.log" >&2
done
[ -z "$failed" ] || exit 1
grep -h "^\[doctest\] test cases:" "$logdir"/shard-*.log
echo "sanitize: every shard passed with no sanitizer report"
