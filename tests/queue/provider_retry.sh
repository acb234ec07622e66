#!/usr/bin/env bash
# Provider errors get a bounded number of attempts: a worker whose [msm.g1] provider fails every
# MSM (the faulty test plugin, fault = error, no fallback) retries the job after a backoff, and
# fails it on the queue's last attempt (max_attempts 2) with the provider's message and the
# attempt count; the worker itself goes on and exits 0. A job whose key is good on another
# worker is then done by a healthy worker.
# usage: provider_retry.sh G16K CPU_PLUGIN FAULTY_PLUGIN FIXTURES
set -u
G16K=$1 CPU=$2 FAULTY=$3 FIXS=$4
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export G16K_FAULTY_REAL=$CPU
Q=sqlite:$T/q.db
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir "$T/keys"
cp "$FIXS/mult/circuit_final.zkey" "$T/keys/mult.zkey"
printf '[core]\nverify = always\n[plugin.cpu]\npath = %s\n[plugin.faulty]\npath = %s\nfault = error\ngroup = g1\n[synthesizer]\nprovider = cpu\n[ntt]\nprovider = cpu\n[msm.g1]\nprovider = faulty\n[msm.g2]\nprovider = cpu\n' \
  "$CPU" "$FAULTY" > "$T/faulty.ini"
printf '[core]\nverify = always\n[plugin.cpu]\npath = %s\n[synthesizer]\nprovider = cpu\n[ntt]\nprovider = cpu\n[msm.g1]\nprovider = cpu\n[msm.g2]\nprovider = cpu\n' \
  "$CPU" > "$T/cpu.ini"

"$G16K" queue init --queue "$Q" --max-attempts 2 >/dev/null || exit 1
a=$("$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$FIXS/mult/witness.wtns") || exit 1
"$G16K" worker --queue "$Q" --config "$T/faulty.ini" --keys "$T/keys" --idle-exit 3 2>"$T/w.log"
rc=$?
cat "$T/w.log"
[ $rc = 0 ] || bad "the faulty worker exited $rc"
grep -q "job $a (mult.zkey, attempt 1 of 2): retry after" "$T/w.log" || bad "no retry after attempt 1"
grep -q "job $a (mult.zkey, attempt 2 of 2): failed after" "$T/w.log" || bad "not failed on attempt 2"
"$G16K" result --queue "$Q" --id "$a" --proof "$T/p.json" --public "$T/q.json" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc = 3 ] || bad "result of the failed job exited $rc, expected 3 (a provider error)"
grep -qE "failed after 2 attempts: .*faulty.*\(attempt 2 of 2\)" "$T/err" || bad "message: $(cat "$T/err")"

# a healthy worker does the next job
b=$("$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$FIXS/mult/witness.wtns") || exit 1
"$G16K" worker --queue "$Q" --config "$T/cpu.ini" --keys "$T/keys" --idle-exit 1 2>/dev/null || bad "healthy worker"
"$G16K" result --queue "$Q" --id "$b" --proof "$T/p.json" --public "$T/q.json" || bad "job $b not done"
cmp -s "$T/q.json" "$FIXS/mult/public.json" || bad "job $b public.json"
[ $fails = 0 ] && echo "ok: provider errors retried once, then failed; the healthy worker proved"
[ $fails = 0 ]
