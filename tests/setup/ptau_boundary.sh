#!/usr/bin/env bash
# g16k setup takes every ptau snarkjs groth16 setup takes: the domain 2^k must hold
# constraints + public signals + 1 (zkey_new.js cirPower), and k may be the ptau's whole power.
# On pot12 (2^12 = 4096), for circuits from make_chain.mjs:
#   2200 constraints, 2 public: 2203 -> 2^12 (the case g16k used to refuse): both accept, the
#        keys are identical, and a g16k proof with the key verifies with snarkjs;
#   4093 constraints, 2 public: 4096 = 2^12 exactly: both accept, identical keys;
#   4093 constraints, 3 public: 4097 -> 2^13: both refuse (g16k: exit 4, names the power needed).
# usage: ptau_boundary.sh G16K PTAU12 SNARKJS          (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 PTAU=$2 SNARKJS=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
[ -f "$PTAU" ] || { echo "FAIL: missing $PTAU (the pot12 fixture; see -DG16K_FIXTURES)"; exit 1; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
clean() { sed 's/\x1b\[[0-9;]*m//g' "$@"; }

for case in "2200 2 prove" "4093 2 -"; do
  set -- $case; m=$1 P=$2 c=c$1_$2
  node "$HERE/make_chain.mjs" "$m" "$P" "$T/$c"
  "$SNARKJS" wtns check "$T/$c.r1cs" "$T/$c.wtns" > "$T/chk" 2>&1 || true
  clean "$T/chk" | grep -q "WITNESS IS CORRECT" || fail "$c: snarkjs wtns check: $(clean "$T/chk" | tail -3)"
  "$SNARKJS" groth16 setup "$T/$c.r1cs" "$PTAU" "$T/$c.snarkjs.zkey" > "$T/s.log" 2>&1
  ! grep -q ERROR "$T/s.log" && [ -s "$T/$c.snarkjs.zkey" ] || fail "$c: snarkjs refused: $(clean "$T/s.log")"
  "$G16K" setup --r1cs "$T/$c.r1cs" --ptau "$PTAU" --zkey "$T/$c.zkey" --quiet ||
    fail "$c: g16k setup exited $?"
  cmp "$T/$c.zkey" "$T/$c.snarkjs.zkey" || fail "$c: g16k's key differs from snarkjs's"
  [ "$3" = prove ] || continue
  "$G16K" vk --zkey "$T/$c.zkey" --vk "$T/$c.vk.json"
  "$G16K" prove "$T/$c.zkey" "$T/$c.wtns" "$T/$c.proof.json" "$T/$c.public.json"
  "$SNARKJS" groth16 verify "$T/$c.vk.json" "$T/$c.public.json" "$T/$c.proof.json" > "$T/v" 2>&1 || true
  grep -q "OK!" "$T/v" || fail "$c: snarkjs rejects the proof: $(clean "$T/v")"
done

c=c4093_3
node "$HERE/make_chain.mjs" 4093 3 "$T/$c"
"$SNARKJS" groth16 setup "$T/$c.r1cs" "$PTAU" "$T/$c.snarkjs.zkey" > "$T/s.log" 2>&1 || true
clean "$T/s.log" | grep -q "circuit too big for this power of tau ceremony" ||
  fail "$c: snarkjs did not refuse: $(clean "$T/s.log")"
rc=0; "$G16K" setup --r1cs "$T/$c.r1cs" --ptau "$PTAU" --zkey "$T/$c.zkey" 2> "$T/err" || rc=$?
[ "$rc" = 4 ] || fail "$c: g16k setup exit $rc, want 4"
grep -q "^g16k: error: $PTAU: too small for this circuit: 4093 constraints + 3 public + 1 need a domain of 2^13, the file has 2^12 powers of tau (use a ptau of power 13 or more)$" "$T/err" ||
  fail "$c: message: $(cat "$T/err")"
[ ! -e "$T/$c.zkey" ] || fail "$c: a key was written"
echo "ptau boundary: 2203 and 4096 accepted with snarkjs's bytes, 4097 refused by both"
