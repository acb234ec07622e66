#!/usr/bin/env bash
# Fail twin of the checker: on a plugin broken on purpose, g16k-plugin-check must exit 1, print
# the expected FAIL line, and still PASS the checks the plugin does not break.
# usage: check_fail.sh CHECKER PLUGIN.so REFERENCE.so 'FAIL regex' ['PASS regex'...]
set -u
CHECK=$1 PLUGIN=$2 REF=$3 WANT_FAIL=$4
shift 4
out=$("$CHECK" "$PLUGIN" --reference "$REF" 2>&1)
rc=$?
echo "$out"
[ $rc -eq 1 ] || { echo "FAIL: checker exited $rc, expected 1"; exit 1; }
echo "$out" | grep -Eq "$WANT_FAIL" || { echo "FAIL: no line matching '$WANT_FAIL'"; exit 1; }
for p in "$@"; do
  echo "$out" | grep -Eq "$p" || { echo "FAIL: no line matching '$p'"; exit 1; }
done
echo "ok: the checker caught $(basename "$PLUGIN")"
