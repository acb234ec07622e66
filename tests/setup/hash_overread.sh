#!/usr/bin/env bash
# The circuit-hash point snarkjs computes from the bytes after ptau section 2 (domain = the
# ptau's whole power, above 2^14): a pot15 from make_ptau, a circuit of 16384 constraints and
# 2 public signals (16387 -> 2^15), snarkjs groth16 setup and g16k setup must write the same
# bytes; the key then proves with g16k and snarkjs verifies the proof. Then the same on BN254
# (a bn128 pot15 from make_ptau_bn254, a synthetic bn128 circuit of the same counts), where the
# bytes after section 2 give an x that is not below p.
# usage: hash_overread.sh G16K MAKE_PTAU SNARKJS MAKE_PTAU_BN254 SYNTHETIC   (exit 77: no snarkjs)
set -euo pipefail
G16K=$1 MAKE_PTAU=$2 SNARKJS=${3:-} MAKE_PTAU_BN254=$4 GEN=$5
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$MAKE_PTAU" 15 "$T/pot15.ptau"
node "$HERE/make_chain.mjs" 16384 2 "$T/c"
"$SNARKJS" groth16 setup "$T/c.r1cs" "$T/pot15.ptau" "$T/snarkjs.zkey" > "$T/s.log" 2>&1
! grep -q ERROR "$T/s.log" && [ -s "$T/snarkjs.zkey" ] || fail "snarkjs groth16 setup: $(cat "$T/s.log")"
"$G16K" setup --r1cs "$T/c.r1cs" --ptau "$T/pot15.ptau" --zkey "$T/g16k.zkey" --quiet
cmp "$T/g16k.zkey" "$T/snarkjs.zkey" || fail "g16k's key differs from snarkjs's"
"$G16K" vk --zkey "$T/g16k.zkey" --vk "$T/vk.json"
"$G16K" prove "$T/g16k.zkey" "$T/c.wtns" "$T/proof.json" "$T/public.json"
"$SNARKJS" groth16 verify "$T/vk.json" "$T/public.json" "$T/proof.json" > "$T/v" 2>&1 || true
grep -q "OK!" "$T/v" || fail "snarkjs rejects the proof: $(cat "$T/v")"
echo "hash overread: pot15, domain 2^15: g16k setup = snarkjs groth16 setup, proof verified"

"$MAKE_PTAU_BN254" 15 "$T/bn15.ptau"
"$GEN" --curve bn128 --constraints 16384 --public 2 --shape dense --r1cs "$T/bn.r1cs" --wtns "$T/bn.wtns"
"$SNARKJS" groth16 setup "$T/bn.r1cs" "$T/bn15.ptau" "$T/bn_snarkjs.zkey" > "$T/s.log" 2>&1
! grep -q ERROR "$T/s.log" && [ -s "$T/bn_snarkjs.zkey" ] || fail "snarkjs groth16 setup (bn128): $(cat "$T/s.log")"
"$G16K" setup --r1cs "$T/bn.r1cs" --ptau "$T/bn15.ptau" --zkey "$T/bn_g16k.zkey" --quiet
cmp "$T/bn_g16k.zkey" "$T/bn_snarkjs.zkey" || fail "bn128: g16k's key differs from snarkjs's"
"$G16K" vk --zkey "$T/bn_g16k.zkey" --vk "$T/vk.json"
"$G16K" prove "$T/bn_g16k.zkey" "$T/bn.wtns" "$T/proof.json" "$T/public.json"
"$SNARKJS" groth16 verify "$T/vk.json" "$T/public.json" "$T/proof.json" > "$T/v" 2>&1 || true
grep -q "OK!" "$T/v" || fail "bn128: snarkjs rejects the proof: $(cat "$T/v")"
echo "hash overread: bn128 pot15, domain 2^15: g16k setup = snarkjs groth16 setup, proof verified"
