#!/usr/bin/env bash
# Inputs that are not regular files: a FIFO with no writer (open(2) would wait for one forever),
# a folder and a character device. Every command refuses each at once, exit 5, naming the path,
# whichever input it is: zkey, wtns, r1cs, ptau, sym, the JSON files, prover.ini. Each run has a
# 30 s bound only to turn a hang into a failure here (a refusal takes milliseconds).
# usage: fifo_inputs.sh G16K FIXTURES
set -euo pipefail
G16K=$1 F=$2/mult P=$2/ptau/pot12_final.ptau
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset G16K_CONFIG
mkfifo "$T/fifo"
mkdir "$T/dir"
n=0
# refuse BAD CMD... (BAD substituted for the placeholder @ in CMD)
refuse() {
  local bad=$1; shift
  local args=() a rc=0
  for a in "$@"; do [ "$a" = @ ] && args+=("$bad") || args+=("$a"); done
  timeout 30 "$G16K" "${args[@]}" > "$T/out" 2>&1 || rc=$?
  [ "$rc" != 124 ] || fail "g16k ${args[*]}: hung on $bad"
  [ "$rc" = 5 ] || fail "g16k ${args[*]}: exit $rc, want 5: $(cat "$T/out")"
  grep -qF -- "$bad: " "$T/out" || fail "g16k ${args[*]}: message does not name $bad: $(cat "$T/out")"
  grep -q "not a regular file\|cannot open" "$T/out" || fail "g16k ${args[*]}: $(cat "$T/out")"
  n=$((n + 1))
}
for bad in "$T/fifo" "$T/dir" /dev/zero; do
  refuse "$bad" prove --zkey @ --witness "$F/witness.wtns" --proof "$T/p.json" --public "$T/q.json"
  refuse "$bad" prove --zkey "$F/circuit_final.zkey" --witness @ --proof "$T/p.json" --public "$T/q.json"
  refuse "$bad" prove --config @ "$F/circuit_final.zkey" "$F/witness.wtns" "$T/p.json" "$T/q.json"
  refuse "$bad" verify --vk @ --public "$F/public.json" --proof "$F/proof.json"
  refuse "$bad" verify --vk "$F/verification_key.json" --public @ --proof "$F/proof.json"
  refuse "$bad" verify --vk "$F/verification_key.json" --public "$F/public.json" --proof @
  refuse "$bad" check --r1cs @ --witness "$F/witness.wtns"
  refuse "$bad" check --r1cs "$F/circuit.r1cs" --witness @
  refuse "$bad" check --r1cs "$F/circuit.r1cs" --witness "$F/witness.wtns" --sym @
  refuse "$bad" setup --quiet --r1cs @ --ptau "$P" --zkey "$T/k.zkey"
  refuse "$bad" setup --quiet --r1cs "$F/circuit.r1cs" --ptau @ --zkey "$T/k.zkey"
  refuse "$bad" vk --zkey @ --vk "$T/vk.json"
  refuse "$bad" bench load --zkey @ --runs 1
  refuse "$bad" plugins --config @
done
[ ! -e "$T/p.json" ] && [ ! -e "$T/k.zkey" ] && [ ! -e "$T/vk.json" ] || fail "an output was written"
echo "inputs that are not regular files: $n refusals, none hung"
