#!/usr/bin/env bash
# tools/synthetic/synthetic_circuit judged by independent readers: for both shapes (dense, bits;
# 1000 constraints, 3 public inputs, a last bits block cut short) on both curves (BLS12-381 with
# PTAU; BN254, --curve bn128, with snarkjs's own bn128 ptau of power 10) snarkjs's `r1cs info` reports
# the counts asked for, `snarkjs wtns check` and `g16k check` accept the witness and refuse a
# tampered one, `g16k setup` writes the same key as `snarkjs groth16 setup`, and the key proves
# with g16k (snarkjs verifies) and with snarkjs (g16k verifies). Also: the same seed gives the
# same bytes and another seed others; usage errors and two outputs naming one file exit 2, and
# an output that cannot be written exits 5, leaving nothing behind.
# usage: synthetic.sh SYNTHETIC_CIRCUIT G16K PTAU SNARKJS   (exit 77 = skipped: no snarkjs)
set -euo pipefail
GEN=$1 G16K=$2 PTAU=$3 SNARKJS=${4:-}
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs): skipped"; exit 77
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export XDG_CACHE_HOME=$W/cache

"$SNARKJS" powersoftau new bn128 10 "$W/bn0.ptau" >/dev/null
"$SNARKJS" powersoftau prepare phase2 "$W/bn0.ptau" "$W/bn.ptau" >/dev/null
for cs in "bls12381 dense" "bls12381 bits" "bn128 dense" "bn128 bits"; do
  read -r curve shape <<<"$cs"
  s=$curve-$shape
  [ $curve = bn128 ] && ptau=$W/bn.ptau || ptau=$PTAU
  "$GEN" --constraints 1000 --public 3 --shape $shape --seed 7 --curve $curve --r1cs "$W/$s.r1cs" --wtns "$W/$s.wtns"
  "$SNARKJS" r1cs info "$W/$s.r1cs" >"$W/$s.info" 2>&1
  grep -q "# of Constraints: 1000" "$W/$s.info" || fail "$s: snarkjs r1cs info: $(cat "$W/$s.info")"
  grep -q "Curve: $([ $curve = bn128 ] && echo bn-128 || echo bls12-381)" "$W/$s.info" || fail "$s: curve: $(cat "$W/$s.info")"
  grep -q "# of Wires: 1004" "$W/$s.info" || fail "$s: wires: $(cat "$W/$s.info")"
  grep -q "# of Public Inputs: 3" "$W/$s.info" || fail "$s: public inputs: $(cat "$W/$s.info")"
  "$SNARKJS" wtns check "$W/$s.r1cs" "$W/$s.wtns" >"$W/$s.check" 2>&1
  grep -q "WITNESS IS CORRECT" "$W/$s.check" || fail "$s: snarkjs wtns check: $(cat "$W/$s.check")"
  "$G16K" check --r1cs "$W/$s.r1cs" --witness "$W/$s.wtns" | grep -q "OK: the witness satisfies all 1000" ||
    fail "$s: g16k check"

  # Tampered: the lowest byte of wire 500's value (section 2 starts at byte 76) flipped.
  cp "$W/$s.wtns" "$W/$s.bad.wtns"
  off=$((76 + 500 * 32))
  b=$(od -An -tu1 -j $off -N1 "$W/$s.wtns" | tr -d ' ')
  printf "$(printf '\\%03o' $((b ^ 1)))" | dd of="$W/$s.bad.wtns" bs=1 seek=$off conv=notrunc status=none
  rc=0
  "$G16K" check --r1cs "$W/$s.r1cs" --witness "$W/$s.bad.wtns" >/dev/null 2>&1 || rc=$?
  [ $rc = 1 ] || fail "$s: g16k check of a tampered witness: exit $rc, want 1"
  "$SNARKJS" wtns check "$W/$s.r1cs" "$W/$s.bad.wtns" >"$W/$s.badcheck" 2>&1 || true
  grep -q "WITNESS IS CORRECT" "$W/$s.badcheck" && fail "$s: snarkjs accepts a tampered witness"

  "$SNARKJS" groth16 setup "$W/$s.r1cs" "$ptau" "$W/$s.zkey" >/dev/null 2>&1
  "$G16K" setup --r1cs "$W/$s.r1cs" --ptau "$ptau" --zkey "$W/$s.g16k.zkey" --quiet
  cmp "$W/$s.zkey" "$W/$s.g16k.zkey" || fail "$s: g16k setup and snarkjs groth16 setup differ"
  "$SNARKJS" zkey export verificationkey "$W/$s.zkey" "$W/$s.vk.json" >/dev/null
  "$G16K" prove "$W/$s.zkey" "$W/$s.wtns" "$W/$s.proof.json" "$W/$s.public.json" 2>/dev/null
  "$SNARKJS" groth16 verify "$W/$s.vk.json" "$W/$s.public.json" "$W/$s.proof.json" >"$W/$s.v" 2>&1
  grep -q "OK!" "$W/$s.v" || fail "$s: snarkjs rejects g16k's proof: $(cat "$W/$s.v")"
  "$SNARKJS" groth16 prove "$W/$s.zkey" "$W/$s.wtns" "$W/$s.p2.json" "$W/$s.pub2.json"
  "$G16K" verify --vk "$W/$s.vk.json" --public "$W/$s.pub2.json" --proof "$W/$s.p2.json" |
    grep -q OK || fail "$s: g16k rejects snarkjs's proof"
  cmp "$W/$s.public.json" "$W/$s.pub2.json" || fail "$s: public signals differ"
  echo "ok: $s"
done

"$GEN" --constraints 1000 --public 3 --shape dense --seed 7 --r1cs "$W/again.r1cs" --wtns "$W/again.wtns"
cmp "$W/bls12381-dense.r1cs" "$W/again.r1cs" && cmp "$W/bls12381-dense.wtns" "$W/again.wtns" || fail "same seed, other bytes"
"$GEN" --constraints 1000 --public 3 --shape dense --seed 8 --r1cs "$W/other.r1cs" --wtns "$W/other.wtns"
cmp -s "$W/bls12381-dense.wtns" "$W/other.wtns" && fail "another seed, same witness"

for args in "--constraints 0" "--constraints 268435457" "--shape round" "--public -1" "--bogus 1" "--curve bn256"; do
  rc=0
  "$GEN" --shape dense --constraints 10 $args --r1cs "$W/u.r1cs" --wtns "$W/u.wtns" 2>/dev/null || rc=$?
  [ $rc = 2 ] || fail "usage error '$args': exit $rc, want 2"
done
# --r1cs and --wtns naming one file, by its path or through a link: refused, nothing written
ln -s same.out "$W/link.out"
for out in same.out link.out; do
  rc=0
  "$GEN" --shape dense --constraints 10 --r1cs "$W/same.out" --wtns "$W/$out" 2>"$W/gen.err" || rc=$?
  [ $rc = 2 ] || fail "--r1cs and --wtns the same file ($out): exit $rc, want 2"
  grep -q "same file" "$W/gen.err" || fail "no reason given: $(cat "$W/gen.err")"
  [ ! -e "$W/same.out" ] && [ -z "$(ls "$W" | grep 'tmp-')" ] || fail "a file was written"
done
: >"$W/same.out" # an existing file and a hard link to it
ln "$W/same.out" "$W/hard.out"
rc=0
"$GEN" --shape dense --constraints 10 --r1cs "$W/same.out" --wtns "$W/hard.out" 2>/dev/null || rc=$?
[ $rc = 2 ] && [ ! -s "$W/same.out" ] || fail "hard-linked outputs: exit $rc, want 2, file untouched"
rc=0
"$GEN" --shape dense --constraints 10 --r1cs "$W/x.r1cs" --wtns "$W/missing/x.wtns" 2>"$W/gen.err" || rc=$?
[ $rc = 5 ] || fail "output in a missing folder: exit $rc, want 5"
grep -q "missing/x.wtns" "$W/gen.err" || fail "the message does not name the file: $(cat "$W/gen.err")"
[ -z "$(ls "$W" | grep '^x\.')" ] || fail "files left behind after a failed write: $(ls "$W")"
echo "ok: deterministic in the seed, usage errors exit 2, a failed write leaves nothing"
