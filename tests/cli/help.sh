#!/usr/bin/env bash
# Every subcommand answers --help (and `g16k help NAME`) with its usage on stdout, exit 0, and
# still refuses an unknown option (exit 2). The commands come from `g16k --help`, so a new one
# is covered too; the list below must all be there.
# usage: help.sh G16K
set -euo pipefail
G16K=$1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expect="prove verify check setup vk plugins bench tune"

"$G16K" --help > "$T/all" 2> "$T/err" || fail "g16k --help exited $?"
[ ! -s "$T/err" ] || fail "g16k --help wrote to stderr: $(cat "$T/err")"
listed=$(sed -n 's/^  \([a-z][a-z0-9]*\)  .*/\1/p' "$T/all" | sort -u)
for c in $expect; do
  grep -qx "$c" <<< "$listed" || fail "g16k --help does not list '$c' (lists: $(echo $listed))"
done
rc=0; "$G16K" > /dev/null 2> "$T/err" || rc=$?
[ "$rc" = 2 ] && grep -q "^usage: g16k" "$T/err" || fail "g16k without a command: exit $rc, want 2 and usage on stderr"

for c in $listed; do
  for form in "$c --help" "$c -h" "help $c"; do
    rc=0; "$G16K" $form > "$T/out" 2> "$T/err" || rc=$?
    [ "$rc" = 0 ] || fail "g16k $form: exit $rc, want 0"
    [ ! -s "$T/err" ] || fail "g16k $form wrote to stderr: $(cat "$T/err")"
    head -1 "$T/out" | grep -q "^usage: g16k $c " || fail "g16k $form: first line '$(head -1 "$T/out")'"
    grep -q "^exit codes: 0 ok" "$T/out" || fail "g16k $form: no exit codes"
  done
  cmp -s "$T/out" <("$G16K" "$c" --help) || fail "g16k help $c differs from g16k $c --help"
  # the command's own lines of `g16k --help` are its help text
  grep -qF "$(sed -n 1p "$T/out" | sed 's/^usage: g16k //')" "$T/all" || fail "$c: help not in g16k --help"
  rc=0; "$G16K" "$c" --bogus > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" = 2 ] || fail "g16k $c --bogus: exit $rc, want 2"
  grep -q "unknown option '--bogus'" "$T/err" && grep -q "g16k $c --help" "$T/err" ||
    fail "g16k $c --bogus: stderr '$(cat "$T/err")'"
done
# bench takes a phase first: help before and after it
for form in "bench msm --help" "bench prove -h"; do
  rc=0; "$G16K" $form > "$T/out" 2>&1 || rc=$?
  [ "$rc" = 0 ] && head -1 "$T/out" | grep -q "^usage: g16k bench" || fail "g16k $form: exit $rc"
done
rc=0; "$G16K" help nosuch > /dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "g16k help nosuch: exit $rc, want 2"
echo "help: $(echo $listed | wc -w) commands answer --help"
