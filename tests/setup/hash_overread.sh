#!/usr/bin/env bash
# The circuit-hash point snarkjs computes from the bytes after ptau section 2 (domain = the
# ptau's whole power, above 2^14), on both curves: a pot15 from make_ptau (make_ptau_bn254), a
# synthetic circuit of 16384 constraints and 2 public signals (16387 -> 2^15), snarkjs groth16
# setup and g16k setup must write the same bytes; the key then proves with g16k and snarkjs
# verifies the proof. (On BN254 the bytes after section 2 give an x that is not below p.)
# usage: hash_overread.sh G16K MAKE_PTAU SNARKJS MAKE_PTAU_BN254 SYNTHETIC   (exit 77: no snarkjs)
set -euo pipefail
G16K=$1 MAKE_PTAU=$2 SNARKJS=${3:-} MAKE_PTAU_BN254=$4 GEN=$5
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# overread CURVE MAKE_PTAU: a pot15 of the curve and a circuit of 16384 constraints and 2 public
# signals (16387 -> 2^15) through both setups; the key proves, snarkjs verifies
overread() {
  local c=$1
  "$2" 15 "$T/$c.ptau"
  "$GEN" --curve "$c" --constraints 16384 --public 2 --shape dense --r1cs "$T/$c.r1cs" --wtns "$T/$c.wtns"
  "$SNARKJS" groth16 setup "$T/$c.r1cs" "$T/$c.ptau" "$T/$c.snarkjs.zkey" > "$T/s.log" 2>&1
  ! grep -q ERROR "$T/s.log" && [ -s "$T/$c.snarkjs.zkey" ] || fail "$c: snarkjs groth16 setup: $(cat "$T/s.log")"
  "$G16K" setup --r1cs "$T/$c.r1cs" --ptau "$T/$c.ptau" --zkey "$T/$c.g16k.zkey" --quiet
  cmp "$T/$c.g16k.zkey" "$T/$c.snarkjs.zkey" || fail "$c: g16k's key differs from snarkjs's"
  "$G16K" vk --zkey "$T/$c.g16k.zkey" --vk "$T/vk.json"
  "$G16K" prove "$T/$c.g16k.zkey" "$T/$c.wtns" "$T/proof.json" "$T/public.json"
  "$SNARKJS" groth16 verify "$T/vk.json" "$T/public.json" "$T/proof.json" > "$T/v" 2>&1 || true
  grep -q "OK!" "$T/v" || fail "$c: snarkjs rejects the proof: $(cat "$T/v")"
  echo "hash overread: $c pot15, domain 2^15: g16k setup = snarkjs groth16 setup, proof verified"
}
overread bls12381 "$MAKE_PTAU"
overread bn128 "$MAKE_PTAU_BN254"
