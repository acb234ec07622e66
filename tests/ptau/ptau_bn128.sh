#!/usr/bin/env bash
# g16k ptau and g16k setup on BN254 (snarkjs's bn128, circom's default prime) against snarkjs
# 0.7.6, the same judge as ptau_cmds.sh on BLS12-381:
#  1. `ptau new bn128 P` equals `snarkjs powersoftau new bn128 P` byte for byte (P 1, 6, 10);
#  2. contribute: snarkjs contributes, g16k contributes after it, and `snarkjs powersoftau verify`
#     accepts the chain; a beacon on top equals snarkjs's beacon byte for byte, printing snarkjs's
#     response hash; onto a new file (the fixed-base path) a beacon equals snarkjs's and snarkjs
#     verifies a contribution (power 14);
#  3. `ptau prepare` equals `snarkjs powersoftau prepare phase2` of the same file;
#  4. `ptau verify` accepts snarkjs's and g16k's files, and refuses a wrong point in a section
#     (exit 1, as snarkjs does), wrong Lagrange points (of G2; a pair whose sum is unchanged;
#     exit 1 naming the first), a tauG2 point on the twist outside G2 (exit 4, naming it) and a
#     coordinate >= p (exit 4);
#  5. `g16k setup` from g16k's prepared file writes the key `snarkjs groth16 setup` writes from
#     it, for the four bn128 fixture circuits; g16k proves with each key and snarkjs verifies;
#  6. --insecure-random-toxic-waste on a bn128 circuit: the key proves and snarkjs verifies.
# usage: ptau_bn128.sh G16K SNARKJS BN128_FIXTURES      (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 SNARKJS=${2:-} FIX=$3
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "SKIP: snarkjs not installed (tools/snarkjs: npm ci there)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export XDG_CACHE_HOME=$T/cache
fail() { echo "FAIL: $*"; exit 1; }
sj() { "$SNARKJS" "$@" > "$T/sj.log" 2>&1 || { cat "$T/sj.log"; fail "snarkjs $*"; }; }
tamper() { python3 "$(dirname "$0")/tamper.py" "$@"; } # SRC DST WHAT (see the file)
hashes() { grep -A4 "$1" "$2" | tail -4 | tr -d '\t '; }

# 1. new
for p in 1 6 10; do
  "$G16K" ptau new bn128 $p "$T/g$p.ptau"
  sj powersoftau new bn128 $p "$T/s$p.ptau"
  cmp "$T/g$p.ptau" "$T/s$p.ptau" || fail "ptau new bn128 $p differs from snarkjs powersoftau new bn128"
done
echo "ok: ptau new bn128 1, 6, 10 = snarkjs powersoftau new bn128"

# 2. contribute and beacon, 3. prepare
sj powersoftau contribute "$T/s10.ptau" "$T/c1.ptau" --name=snarkjs -e=entropy1
"$G16K" ptau contribute "$T/c1.ptau" "$T/c2.ptau" --name "g16k contributor" --entropy e2 --quiet > /dev/null
sj powersoftau verify "$T/c2.ptau"
grep -q "Powers of Tau Ok" "$T/sj.log" || { cat "$T/sj.log"; fail "snarkjs verify rejects g16k's bn128 contribution"; }
echo "ok: g16k contribute after snarkjs's passes snarkjs powersoftau verify"
sj powersoftau beacon "$T/c2.ptau" "$T/sb.ptau" 0123456789abcdef0123456789abcdef 10 -n="final beacon"
cp "$T/sj.log" "$T/sjb.log"
"$G16K" ptau beacon "$T/c2.ptau" "$T/gb.ptau" 0123456789abcdef0123456789abcdef 10 --name "final beacon" --quiet > "$T/g.log"
cmp "$T/gb.ptau" "$T/sb.ptau" || fail "ptau beacon on bn128 differs from snarkjs powersoftau beacon"
[ "$(hashes "Contribution Response Hash" "$T/g.log")" = "$(hashes "Contribution Response Hash" "$T/sjb.log")" ] ||
  fail "printed response hash differs from snarkjs's"
echo "ok: ptau beacon = snarkjs powersoftau beacon, same response hash printed"
# onto a new file (every point the generator: the fixed-base path, sections of 4096 points and
# more), power 14: tauG1 and tauG2 span two of the chunks (16384 G1 and 8192 G2 points) whose
# products overlap the previous chunk's writing
"$G16K" ptau new bn128 14 "$T/n14.ptau"
sj powersoftau beacon "$T/n14.ptau" "$T/sb0.ptau" 0123456789abcdef0123456789abcdef 10 -n="first beacon"
G16K_LOG=info "$G16K" ptau beacon "$T/n14.ptau" "$T/gb0.ptau" 0123456789abcdef0123456789abcdef 10 --name "first beacon" --quiet > "$T/g.log" 2>&1
cmp "$T/gb0.ptau" "$T/sb0.ptau" || fail "power 14: a beacon onto a new bn128 file differs from snarkjs's"
for sec in tauG1 tauG2 alphaTauG1 betaTauG1; do
  grep -q "ptau: $sec: every point is the generator: fixed-base products" "$T/g.log" ||
    fail "power 14: beacon onto a new file: $sec did not take the fixed-base path: $(cat "$T/g.log")"
done
"$G16K" ptau contribute "$T/n14.ptau" "$T/gc0.ptau" --name first --entropy e0 --quiet > /dev/null
sj powersoftau verify "$T/gc0.ptau"
grep -q "Powers of Tau Ok" "$T/sj.log" || { cat "$T/sj.log"; fail "power 14: snarkjs verify rejects g16k's first bn128 contribution"; }
"$G16K" ptau verify "$T/gc0.ptau" --quiet > "$T/v.log" || { cat "$T/v.log"; fail "ptau verify of g16k's first bn128 contribution"; }
echo "ok: power 14: onto a new file, ptau beacon = snarkjs's beacon, snarkjs and g16k verify a contribution"
"$G16K" ptau prepare "$T/gb.ptau" "$T/gp.ptau" --quiet
sj powersoftau prepare phase2 "$T/gb.ptau" "$T/sp.ptau"
cmp "$T/gp.ptau" "$T/sp.ptau" || fail "ptau prepare on bn128 differs from snarkjs powersoftau prepare phase2"
echo "ok: ptau prepare = snarkjs powersoftau prepare phase2 (power 10)"

# 4. verify
for f in c1 c2 gb gp; do
  "$G16K" ptau verify "$T/$f.ptau" --quiet > "$T/v.log" || { cat "$T/v.log"; fail "ptau verify $f.ptau"; }
  tail -1 "$T/v.log" | grep -qx OK || fail "ptau verify $f.ptau: no OK"
done
grep -q "Contribution #3: final beacon (beacon)" "$T/v.log" || fail "verify lists no beacon: $(cat "$T/v.log")"
echo "ok: ptau verify accepts snarkjs's and g16k's bn128 files"
tamper "$T/c2.ptau" "$T/t1.ptau" section_point
rc=0; "$G16K" ptau verify "$T/t1.ptau" --quiet > "$T/v.log" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q "section 2 (tauG1): consecutive points are not powers" "$T/v.log" ||
  fail "verify of a wrong tauG1 point: exit $rc: $(cat "$T/v.log")"
"$SNARKJS" powersoftau verify "$T/t1.ptau" > "$T/sv.log" 2>&1 && grep -q "Powers of Tau Ok" "$T/sv.log" &&
  fail "snarkjs accepts the wrong tauG1 point"
echo "ok: verify refuses a wrong point in tauG1 (exit 1), as snarkjs does"
off=$(tamper "$T/c2.ptau" "$T/t2.ptau" twist)
rc=0; "$G16K" ptau verify "$T/t2.ptau" --quiet > "$T/v.log" 2>&1 || rc=$?
[ $rc = 4 ] && grep -q "section 3 (tauG2) at byte $off: point 2 is not a point of G2: point not in the prime-order subgroup" "$T/v.log" ||
  fail "verify of a twist point outside G2: exit $rc: $(cat "$T/v.log")"
echo "ok: verify refuses a tauG2 point outside G2 (exit 4), naming section, byte and index"
mkdir "$T/out"
for w in contribute "beacon 1234 10" prepare; do
  set -- $w
  rc=0; "$G16K" ptau $1 "$T/t2.ptau" "$T/out/x.ptau" ${2:-} ${3:-} --quiet > "$T/v.log" 2>&1 || rc=$?
  [ $rc = 4 ] && grep -q "section 3 (tauG2) at byte $off: point 2 is not a point of G2: point not in the prime-order subgroup" "$T/v.log" && [ -z "$(ls -A "$T/out")" ] ||
    fail "$1 onto a twist point outside G2: exit $rc: $(cat "$T/v.log")"
  echo "ok: $1 refuses a tauG2 point outside G2 (exit 4), naming section, byte and index, writing nothing"
done
for w in "lagrange_g2 13 tauG2 2" "lagrange_pair 14 alphaTauG1 1"; do
  set -- $w
  tamper "$T/gp.ptau" "$T/t_$1.ptau" "$1"
  rc=0; "$G16K" ptau verify "$T/t_$1.ptau" --quiet > "$T/v.log" 2>&1 || rc=$?
  [ $rc = 1 ] && grep -q "section $2 (Lagrange $3) at byte .*: point $4 " "$T/v.log" ||
    fail "verify of $1: exit $rc: $(cat "$T/v.log")"
  echo "ok: verify refuses $1 (tamper.py) in the prepared file (exit 1), naming section $2's point $4"
done
off=$(tamper "$T/c2.ptau" "$T/t3.ptau" g1_coord)
rc=0; "$G16K" ptau prepare "$T/t3.ptau" "$T/out/x.ptau" --quiet > "$T/v.log" 2>&1 || rc=$?
[ $rc = 4 ] && grep -q "t3.ptau: section 2 (tauG1) at byte $off" "$T/v.log" && [ -z "$(ls -A "$T/out")" ] ||
  fail "prepare of a coordinate >= p: exit $rc: $(cat "$T/v.log")"
echo "ok: prepare refuses a coordinate >= p (exit 4), naming section and byte, writing nothing"
off=$(tamper "$T/c2.ptau" "$T/t4.ptau" ceremony_low)
rc=0; "$G16K" ptau verify "$T/t4.ptau" --quiet > "$T/v.log" 2>&1 || rc=$?
[ $rc = 4 ] && grep -q "t4.ptau: section 1 at byte $off: ceremony power" "$T/v.log" ||
  fail "verify of a ceremony power below the power: exit $rc: $(cat "$T/v.log")"
echo "ok: verify refuses a ceremony power below the power (exit 4), naming the field's byte ($off)"

# 5. setup from g16k's prepared file = snarkjs groth16 setup; the keys prove, snarkjs verifies
for c in mult nopub poseidon2 manypub; do
  "$G16K" setup --quiet --r1cs "$FIX/$c/circuit.r1cs" --ptau "$T/gp.ptau" --zkey "$T/$c.zkey"
  sj groth16 setup "$FIX/$c/circuit.r1cs" "$T/gp.ptau" "$T/s_$c.zkey"
  cmp "$T/$c.zkey" "$T/s_$c.zkey" || fail "$c: g16k setup differs from snarkjs groth16 setup on a bn128 ptau"
  "$G16K" prove "$T/$c.zkey" "$FIX/$c/witness.wtns" "$T/proof.json" "$T/public.json"
  sj zkey export verificationkey "$T/s_$c.zkey" "$T/vk.json"
  sj groth16 verify "$T/vk.json" "$T/public.json" "$T/proof.json"
  grep -q "OK!" "$T/sj.log" || { cat "$T/sj.log"; fail "$c: snarkjs rejects the proof"; }
  echo "ok: $c: g16k setup = snarkjs groth16 setup ($(stat -c %s "$T/$c.zkey") bytes); its proof verifies in snarkjs"
done

# 6. random toxic waste
"$G16K" setup --quiet --r1cs "$FIX/poseidon2/circuit.r1cs" --insecure-random-toxic-waste --zkey "$T/r.zkey" 2> /dev/null
"$G16K" prove "$T/r.zkey" "$FIX/poseidon2/witness.wtns" "$T/proof.json" "$T/public.json"
"$G16K" vk --zkey "$T/r.zkey" --vk "$T/rvk.json"
sj groth16 verify "$T/rvk.json" "$T/public.json" "$T/proof.json"
grep -q "OK!" "$T/sj.log" || { cat "$T/sj.log"; fail "snarkjs rejects the proof of a random bn128 key"; }
echo "ok: a bn128 key from random toxic waste proves; snarkjs verifies"
echo "PASS"
