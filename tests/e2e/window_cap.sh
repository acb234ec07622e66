#!/usr/bin/env bash
# An explicit [window] far wider than the MSM (24 bits for mult's handful of points, where each
# window would zero and fold 2^23 buckets per thread: minutes and gigabytes) is cut by the CPU
# plugin to bitlen(points) + 1 bits, logged at debug: the trace's bucket phases show the cut
# width, the proof is the auto-window proof bit for bit (same fixed r, s), and snarkjs's
# verdict is unchanged (g16k verify here).
# usage: window_cap.sh G16K CPU_INI FIXTURES
set -euo pipefail
G16K=$1 CPU_INI=$2 F=$3/mult
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$CPU_INI" "$T/auto.ini"   # the CPU plugin by its bare name: found next to the g16k binary
sed -e 's/^\(a\|b_g1\|b_g2\|l\|h\) *= *auto/\1 = 24/' "$T/auto.ini" > "$T/w24.ini"
[ "$(grep -c '= 24$' "$T/w24.ini")" = 5 ] || fail "could not set the five windows: $(cat "$T/w24.ini")"
prove() {   # prove INI OUT_PREFIX [env...]
  "$G16K" prove --config "$1" --insecure-rs 123456789,987654321 --trace "$2.trace.json" \
    "$F/circuit_final.zkey" "$F/witness.wtns" "$2.proof.json" "$2.public.json" 2> "$2.err" ||
    fail "prove with $1: $(cat "$2.err")"
}
prove "$T/auto.ini" "$T/auto"
G16K_LOG=debug prove "$T/w24.ini" "$T/w24"
cmp -s "$T/auto.proof.json" "$T/w24.proof.json" || fail "window 24 gives another proof than auto"
grep -q "window 24 cut to [0-9]* for [0-9]* points" "$T/w24.err" || fail "no debug line for the cut: $(cat "$T/w24.err")"
# every bucket phase of the window-24 run: at most bitlen(n) + 1 bits for the n points it had
node -e '
const ev = JSON.parse(require("fs").readFileSync(process.argv[1])).traceEvents;
const b = ev.filter((e) => e.name === "buckets: accumulate and sum");
if (!b.length) { console.log("no bucket phase in the trace"); process.exit(1); }
const msms = ev.filter((e) => e.name && e.name.startsWith("MSM ") && e.args && e.args.n !== undefined);
const most = Math.max(...msms.map((e) => e.args.n));
const cap = most.toString(2).length + 1;
for (const e of b) {
  const m = /of up to (\d+) bits/.exec(JSON.stringify(e.args));
  if (!m || +m[1] > cap) { console.log("bucket phase", JSON.stringify(e.args), "over", cap, "bits"); process.exit(1); }
}
' "$T/w24.trace.json" || fail "a window over the cap in the trace"
"$G16K" verify --vk "$F/verification_key.json" --public "$T/w24.public.json" --proof "$T/w24.proof.json" > /dev/null ||
  fail "the window-24 proof does not verify"
echo "window 24 on mult: cut to the MSM's size, logged, the same proof as auto"
