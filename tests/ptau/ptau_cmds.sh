#!/usr/bin/env bash
# g16k ptau new / prepare against snarkjs 0.7.6 and against an independent computation:
#  1. `ptau new` equals `snarkjs powersoftau new bls12381` byte for byte (powers 1, 5, 9);
#  2. `ptau prepare` of tools/fixtures/fixture_ptau's unprepared file equals the tool's prepared
#     file, whose Lagrange sections it computes from the known tau with fixed-base tables (no FFT):
#     powers 1, 3, 9;
#  3. a real ceremony: snarkjs new + two snarkjs contributions (random entropy), then `ptau
#     prepare` equals `snarkjs powersoftau prepare phase2` of the same file, `snarkjs powersoftau
#     verify` accepts g16k's file, and `g16k setup` from it writes the key `snarkjs groth16 setup`
#     writes from it; preparing a prepared file gives it back;
#  4. contribute and beacon: g16k's contribution in a snarkjs chain passes `snarkjs powersoftau
#     verify` with the next challenge hash g16k printed; a beacon after it equals snarkjs's beacon
#     byte for byte (powers 3 and 13), printing snarkjs's response hash; onto a new file (the
#     fixed-base path) a beacon equals snarkjs's and snarkjs verifies a contribution (power 13);
#     OS randomness is mixed in;
#  5. verify accepts each of those files and refuses (exit 1, naming the fault) a wrong record
#     point, a broken chain, a wrong power in a section, wrong Lagrange points (of G1, of G2, a
#     pair whose sum is unchanged) and a new ceremony, all of which snarkjs refuses too, and
#     (exit 4) a point outside the subgroup, which snarkjs accepts, a Lagrange point plus a
#     point of order 3, which snarkjs accepts when its random weight for it is a multiple of 3,
#     and a truncated file;
#  6. bad input: exit 2 for usage, 4 naming file, section and byte for a damaged file, and no
#     output or temporary left behind.
# usage: ptau_cmds.sh G16K FIXTURE_PTAU SNARKJS R1CS      (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 TOOL=$2 SNARKJS=${3:-} R1CS=$4
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "SKIP: snarkjs not installed (tools/snarkjs: npm ci there)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sj() { "$SNARKJS" "$@" > "$T/sj.log" 2>&1 || { cat "$T/sj.log"; fail "snarkjs $*"; }; }
tamper() { python3 "$(dirname "$0")/tamper.py" "$@"; } # SRC DST WHAT (see the file)

# 1. new
for p in 1 5 9; do
  "$G16K" ptau new $p "$T/g$p.ptau"
  sj powersoftau new bls12381 $p "$T/s$p.ptau"
  cmp "$T/g$p.ptau" "$T/s$p.ptau" || fail "ptau new $p differs from snarkjs powersoftau new"
  echo "ok: ptau new $p = snarkjs powersoftau new ($(stat -c %s "$T/g$p.ptau") bytes)"
done

# 2. prepare against the known-tau computation
for p in 1 3 9; do
  "$TOOL" $p "ptau cmds seed" "$T/u$p.ptau" --unprepared 2>/dev/null
  "$TOOL" $p "ptau cmds seed" "$T/f$p.ptau" 2>/dev/null
  "$G16K" ptau prepare "$T/u$p.ptau" "$T/p$p.ptau" --quiet
  cmp "$T/p$p.ptau" "$T/f$p.ptau" || fail "ptau prepare $p differs from the known-tau file"
  echo "ok: ptau prepare $p = Lagrange points from the known tau ($(stat -c %s "$T/p$p.ptau") bytes)"
done

# 3. a real ceremony made by snarkjs
sj powersoftau new bls12381 5 "$T/c0.ptau"
sj powersoftau contribute "$T/c0.ptau" "$T/c1.ptau" --name=one -e="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
sj powersoftau contribute "$T/c1.ptau" "$T/c2.ptau" --name=two -e="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
"$G16K" ptau prepare "$T/c2.ptau" "$T/gp.ptau" --threads 2 --quiet
sj powersoftau prepare phase2 "$T/c2.ptau" "$T/sp.ptau"
cmp "$T/gp.ptau" "$T/sp.ptau" || fail "prepare of a contributed file differs from snarkjs"
echo "ok: prepare of a 2-contribution ceremony = snarkjs powersoftau prepare phase2"
sj powersoftau verify "$T/gp.ptau"
grep -q "Powers of Tau Ok" "$T/sj.log" || { cat "$T/sj.log"; fail "snarkjs verify of g16k's file"; }
echo "ok: snarkjs powersoftau verify accepts it"
"$G16K" setup --r1cs "$R1CS" --ptau "$T/gp.ptau" --zkey "$T/g.zkey" --quiet
sj groth16 setup "$R1CS" "$T/gp.ptau" "$T/s.zkey"
cmp "$T/g.zkey" "$T/s.zkey" || fail "g16k setup and snarkjs groth16 setup differ on g16k's ptau"
echo "ok: g16k setup = snarkjs groth16 setup on it"
"$G16K" ptau prepare "$T/gp.ptau" "$T/gpp.ptau" --quiet
cmp "$T/gp.ptau" "$T/gpp.ptau" || fail "preparing a prepared file changed it"
echo "ok: preparing a prepared file gives it back"

# 4. contribute and beacon: g16k's contribution in a snarkjs chain passes snarkjs's verify; a
#    beacon on top of it equals snarkjs's beacon byte for byte, at power 3 and at power 13 (its
#    sections span several of snarkjs's hash chunks); the printed hashes are snarkjs's.
hashes() { grep -A4 "$1" "$2" | tail -4 | tr -d '\t '; }
for p in 3 13; do
  sj powersoftau new bls12381 $p "$T/b0_$p.ptau"
  sj powersoftau contribute "$T/b0_$p.ptau" "$T/b1_$p.ptau" --name=snarkjs -e=entropy1
  "$G16K" ptau contribute "$T/b1_$p.ptau" "$T/b2_$p.ptau" --name "g16k contributor" --entropy e2 --quiet > "$T/g.log"
  sj powersoftau verify "$T/b2_$p.ptau"
  grep -q "Powers of Tau Ok" "$T/sj.log" || { cat "$T/sj.log"; fail "power $p: snarkjs verify rejects g16k's contribution"; }
  grep -A4 "Next Challenge Hash" "$T/g.log" | tail -4 > "$T/gh"
  sed -n '/Contribution #2: g16k contributor/,+5p' "$T/sj.log" | tail -4 > "$T/sh"
  [ "$(tr -d '\t ' < "$T/gh")" = "$(tr -d '\t ' < "$T/sh")" ] || fail "power $p: printed next challenge differs from snarkjs's view"
  echo "ok: power $p: g16k contribute after snarkjs's passes snarkjs powersoftau verify, same next challenge hash"
  sj powersoftau beacon "$T/b2_$p.ptau" "$T/sb_$p.ptau" 0123456789abcdef0123456789abcdef 10 -n="final beacon"
  cp "$T/sj.log" "$T/sjb.log"
  "$G16K" ptau beacon "$T/b2_$p.ptau" "$T/gb_$p.ptau" 0123456789abcdef0123456789abcdef 10 --name "final beacon" --quiet > "$T/g.log"
  cmp "$T/gb_$p.ptau" "$T/sb_$p.ptau" || fail "power $p: ptau beacon differs from snarkjs powersoftau beacon"
  [ "$(hashes "Contribution Response Hash" "$T/g.log")" = "$(hashes "Contribution Response Hash" "$T/sjb.log")" ] ||
    fail "power $p: printed response hash differs from snarkjs's"
  echo "ok: power $p: ptau beacon = snarkjs powersoftau beacon, same response hash printed"
done
# A first contribution, straight onto a new file (every point the generator): g16k takes
# fixed-base products there (ptau_contribute.c, fixed_section; sections of 4096 points and more),
# so at power 13 a beacon must still equal snarkjs's byte for byte and snarkjs must accept a
# contribution.
sj powersoftau beacon "$T/b0_13.ptau" "$T/sb0.ptau" 0123456789abcdef0123456789abcdef 10 -n="first beacon"
"$G16K" ptau beacon "$T/b0_13.ptau" "$T/gb0.ptau" 0123456789abcdef0123456789abcdef 10 --name "first beacon" --quiet > /dev/null
cmp "$T/gb0.ptau" "$T/sb0.ptau" || fail "power 13: a beacon onto a new file differs from snarkjs's"
G16K_LOG=info "$G16K" ptau contribute "$T/b0_13.ptau" "$T/gc0.ptau" --name first --entropy e0 --quiet > "$T/g.log" 2>&1
for sec in tauG1 tauG2 alphaTauG1 betaTauG1; do
  grep -q "ptau: $sec: every point is the generator: fixed-base products" "$T/g.log" ||
    fail "power 13: contribute onto a new file: $sec did not take the fixed-base path: $(cat "$T/g.log")"
done
G16K_LOG=info "$G16K" ptau contribute "$T/gc0.ptau" "$T/gc1.ptau" --name second --entropy e1 --quiet > "$T/g.log" 2>&1
grep -q "fixed-base" "$T/g.log" && fail "power 13: a second contribution took the fixed-base path"
sj powersoftau verify "$T/gc0.ptau"
grep -q "Powers of Tau Ok" "$T/sj.log" || { cat "$T/sj.log"; fail "power 13: snarkjs verify rejects g16k's first contribution"; }
echo "ok: power 13: onto a new file, ptau beacon = snarkjs's beacon and snarkjs verifies a contribution"
"$G16K" ptau contribute "$T/b1_3.ptau" "$T/r1.ptau" --entropy same --quiet > /dev/null
"$G16K" ptau contribute "$T/b1_3.ptau" "$T/r2.ptau" --entropy same --quiet > /dev/null
cmp -s "$T/r1.ptau" "$T/r2.ptau" && fail "two contributions with the same --entropy are equal (no OS randomness)"
echo "ok: the same --entropy twice gives two contributions (OS randomness mixed in)"
# (power 3: preparing at power 13 takes minutes in the sanitizer build; part 3 compared prepare
# with snarkjs's already)
"$G16K" ptau prepare "$T/gb_3.ptau" "$T/gbp.ptau" --quiet
sj powersoftau verify "$T/gbp.ptau"
grep -q "Powers of Tau Ok" "$T/sj.log" || { cat "$T/sj.log"; fail "snarkjs verify of the prepared ceremony"; }
echo "ok: snarkjs → g16k → beacon → g16k prepare: snarkjs powersoftau verify accepts it"

# 5. verify: g16k accepts what snarkjs accepts (snarkjs's own chains, g16k's contributions,
#    beacons, prepared files) and refuses, naming the fault, what snarkjs refuses too.
for f in gb0 gc0 gc1 c2 gp b2_3 gb_3 b2_13 gb_13 gbp; do
  "$G16K" ptau verify "$T/$f.ptau" --quiet > "$T/v.log" || { cat "$T/v.log"; fail "ptau verify $f.ptau"; }
  tail -1 "$T/v.log" | grep -qx OK || fail "ptau verify $f.ptau: no OK"
done
grep -q "Contribution #3: final beacon (beacon)" "$T/v.log" || fail "verify lists no beacon: $(cat "$T/v.log")"
echo "ok: ptau verify accepts snarkjs's and g16k's ceremonies, beacons and prepared files"
"$G16K" ptau prepare "$T/b2_3.ptau" "$T/vp.ptau" --quiet
vexpect() { # CODE PATTERN WHAT FILE: g16k refuses with CODE naming PATTERN; snarkjs refuses too
  local code=$1 pat=$2 what=$3 f=$4
  rc=0; "$G16K" ptau verify "$f" --quiet > "$T/v.log" 2>&1 || rc=$?
  [ "$rc" = "$code" ] && grep -q -- "$pat" "$T/v.log" || fail "verify $what: exit $rc, want $code naming '$pat': $(cat "$T/v.log")"
  if "$SNARKJS" powersoftau verify "$f" > "$T/sv.log" 2>&1 && grep -q "Powers of Tau Ok" "$T/sv.log"; then
    [ "${5:-}" = snarkjs-accepts ] || fail "verify $what: snarkjs accepts the file"
  fi
  echo "ok: verify refuses $what: exit $code"
}
tamper "$T/b2_3.ptau" "$T/t1.ptau" record_point
vexpect 1 "contribution #1 snarkjs: its tau\*G1 does not follow" "a wrong point in a contribution record" "$T/t1.ptau"
tamper "$T/b2_3.ptau" "$T/t2.ptau" chain
vexpect 1 "contribution #2 g16k contributor: invalid tau key" "a broken chain of contributions" "$T/t2.ptau"
tamper "$T/b2_3.ptau" "$T/t3.ptau" section_point
vexpect 1 "section 2 (tauG1): consecutive points are not powers" "a wrong point in tauG1" "$T/t3.ptau"
tamper "$T/b2_3.ptau" "$T/t4.ptau" torsion
vexpect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1" "a point outside the subgroup" "$T/t4.ptau" snarkjs-accepts
tamper "$T/vp.ptau" "$T/t5.ptau" lagrange
vexpect 1 "section 12 (Lagrange tauG1) at byte .*: point 6" "a wrong Lagrange point" "$T/t5.ptau"
tamper "$T/vp.ptau" "$T/t5b.ptau" lagrange_g2
vexpect 1 "section 13 (Lagrange tauG2) at byte .*: point 2" "a wrong Lagrange point of G2" "$T/t5b.ptau"
tamper "$T/vp.ptau" "$T/t5c.ptau" lagrange_pair
vexpect 1 "section 14 (Lagrange alphaTauG1) at byte .*: point 1" "two Lagrange points moved by +G and -G" "$T/t5c.ptau"
tamper "$T/vp.ptau" "$T/t5d.ptau" lagrange_torsion
vexpect 4 "section 12 (Lagrange tauG1) at byte .*: point 6 is not a point of G1" "a Lagrange point plus a point of order 3" "$T/t5d.ptau" snarkjs-accepts
size=$(stat -c %s "$T/b2_3.ptau"); head -c $((size - 3000)) "$T/b2_3.ptau" > "$T/t6.ptau"
vexpect 4 "t6.ptau" "a truncated file" "$T/t6.ptau"
vexpect 1 "no contribution" "a new ceremony" "$T/b0_3.ptau"

# 6. bad input
mkdir "$T/out"
expect() { # CODE BLAME WHAT ARGS...
  local code=$1 blame=$2 what=$3; shift 3
  rc=0; "$G16K" "$@" > "$T/stdout" 2> "$T/stderr" || rc=$?
  [ "$rc" = "$code" ] || fail "$what: exit $rc, want $code: $(cat "$T/stderr")"
  grep -q -- "$blame" "$T/stderr" || fail "$what: message does not name '$blame': $(cat "$T/stderr")"
  [ -z "$(ls -A "$T/out")" ] || fail "$what: left $(ls -A "$T/out") behind"
  echo "ok: $what: exit $code"
}
expect 2 "POWER '0'" "power 0" ptau new 0 "$T/out/x.ptau"
expect 2 "POWER '29'" "power 29" ptau new 29 "$T/out/x.ptau"
expect 2 "unknown step" "unknown step" ptau brew "$T/out/x.ptau"
expect 2 "expected" "prepare without OUT" ptau prepare "$T/c2.ptau"
cp "$T/c2.ptau" "$T/in.ptau"
expect 2 "same file" "OUT = IN" ptau prepare "$T/in.ptau" "$T/in.ptau"
cmp "$T/in.ptau" "$T/c2.ptau" || fail "OUT = IN changed the input"
ln "$T/in.ptau" "$T/out/../hard.ptau"
expect 2 "same file" "OUT a hard link of IN" ptau prepare "$T/in.ptau" "$T/hard.ptau"
size=$(stat -c %s "$T/c2.ptau")
head -c $((size - 1000)) "$T/c2.ptau" > "$T/cut.ptau"
expect 4 "cut.ptau" "truncated file" ptau prepare "$T/cut.ptau" "$T/out/x.ptau"
# A G2 point of section 3 damaged: its x.c0 coordinate's top byte set (>= p).
off=$(tamper "$T/c2.ptau" "$T/bad.ptau" g2_coord)
expect 4 "section 3 (tauG2) at byte $off" "damaged G2 point" ptau prepare "$T/bad.ptau" "$T/out/x.ptau"
expect 4 "section 3 (tauG2) at byte $off" "contribute onto a damaged G2 point" ptau contribute "$T/bad.ptau" "$T/out/x.ptau"
off=$(tamper "$T/c2.ptau" "$T/bad1.ptau" g1_coord)
expect 4 "section 2 (tauG1) at byte $off" "contribute onto a damaged G1 point" ptau contribute "$T/bad1.ptau" "$T/out/x.ptau"
# a header of neither curve: n8 40
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[24] = 40; open(sys.argv[2], "wb").write(b)' "$T/c2.ptau" "$T/n8.ptau"
expect 4 "section 1 at byte 24: n8 40, expected 48 (BLS12-381) or 32 (BN254)" "n8 of no curve" ptau prepare "$T/n8.ptau" "$T/out/x.ptau"
expect 2 "CURVE 'bn256'" "ptau new of an unknown curve" ptau new bn256 3 "$T/out/x.ptau"
expect 5 "missing.ptau" "missing input" ptau prepare "$T/missing.ptau" "$T/out/x.ptau"
expect 2 "HEX" "beacon hash not hex" ptau beacon "$T/b1_3.ptau" "$T/out/x.ptau" 0x12z4 10
expect 2 "HEX" "beacon hash odd length" ptau beacon "$T/b1_3.ptau" "$T/out/x.ptau" 123 10
expect 2 "ITERATIONS_EXP" "beacon exponent 9" ptau beacon "$T/b1_3.ptau" "$T/out/x.ptau" 1234 9
expect 2 "ITERATIONS_EXP" "beacon exponent 64" ptau beacon "$T/b1_3.ptau" "$T/out/x.ptau" 1234 64
expect 2 "entropy" "beacon with --entropy" ptau beacon "$T/b1_3.ptau" "$T/out/x.ptau" 1234 10 --entropy x
expect 2 "name" "name too long" ptau contribute "$T/b1_3.ptau" "$T/out/x.ptau" --name "$(printf 'n%.0s' $(seq 65))"
expect 2 "same file" "contribute OUT = IN" ptau contribute "$T/in.ptau" "$T/in.ptau"
# a reduced file (snarkjs powersoftau truncate's kind: power below the ceremony's)
tamper "$T/b1_3.ptau" "$T/red.ptau" reduced
expect 4 "reduced" "contribute to a reduced file" ptau contribute "$T/red.ptau" "$T/out/x.ptau"
# a contribution record whose parameter length runs past section 7
tamper "$T/b1_3.ptau" "$T/badc.ptau" record_params
expect 4 "section 7 (contributions)" "damaged contribution record" ptau contribute "$T/badc.ptau" "$T/out/x.ptau"
# A point on the curve but off G1 (t4.ptau: tauG1[3]): contribute, beacon and prepare refuse it,
# naming it. Their GLV products would come out unlike snarkjs's [k] P, and in a contribution a
# small-order part would publish the secret modulo its order.
expect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1: point not in the prime-order subgroup" "contribute onto a point outside G1" ptau contribute "$T/t4.ptau" "$T/out/x.ptau"
expect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1: point not in the prime-order subgroup" "beacon onto a point outside G1" ptau beacon "$T/t4.ptau" "$T/out/x.ptau" 1234 10
expect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1: point not in the prime-order subgroup" "contribute --threads 1 onto a point outside G1" ptau contribute "$T/t4.ptau" "$T/out/x.ptau" --threads 1
G16K_SIMD=portable expect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1: point not in the prime-order subgroup" "contribute without IFMA onto a point outside G1" ptau contribute "$T/t4.ptau" "$T/out/x.ptau"
expect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1: point not in the prime-order subgroup" "prepare of a point outside G1" ptau prepare "$T/t4.ptau" "$T/out/x.ptau"
G16K_SIMD=portable expect 4 "section 2 (tauG1) at byte .*: point 3 is not a point of G1: point not in the prime-order subgroup" "prepare without IFMA of a point outside G1" ptau prepare "$T/t4.ptau" "$T/out/x.ptau"
# What no hash covers. A beacon's iteration count: 2^63 SHA-256 would run for ages, so verify
# refuses counts above --beacon-max-exp (default 32) before computing any (snarkjs would hang).
off=$(tamper "$T/gb_3.ptau" "$T/be.ptau" beacon_exp)
expect 4 "section 7 (contributions) at byte $off: contribution 3 is a beacon of 2^63 SHA-256 iterations.*--beacon-max-exp 63" "verify of a beacon of 2^63 iterations" ptau verify "$T/be.ptau"
expect 4 "contribution 3 is a beacon of 2^10 SHA-256 iterations, more than the 2^9.*--beacon-max-exp 10" "verify --beacon-max-exp 9 of a 2^10 beacon" ptau verify "$T/gb_3.ptau" --beacon-max-exp 9
"$G16K" ptau verify "$T/gb_3.ptau" --beacon-max-exp 10 --quiet > "$T/v.log" && tail -1 "$T/v.log" | grep -qx OK ||
  fail "verify --beacon-max-exp 10 of a 2^10 beacon: $(cat "$T/v.log")"
expect 2 "--beacon-max-exp '64' is not 1..63" "verify --beacon-max-exp 64" ptau verify "$T/gb_3.ptau" --beacon-max-exp 64
expect 2 "--beacon-max-exp is for verify" "prepare --beacon-max-exp" ptau prepare "$T/gb_3.ptau" "$T/out/x.ptau" --beacon-max-exp 10
echo "ok: verify computes a beacon of up to 2^--beacon-max-exp iterations and refuses more, first"
# A contributor's name: any bytes; a terminal control is shown as '?'.
tamper "$T/b2_3.ptau" "$T/nm.ptau" control_name
"$G16K" ptau verify "$T/nm.ptau" --quiet > "$T/v.log" || fail "verify of a name with ESC: $(cat "$T/v.log")"
grep -q "^Contribution #1: ?narkjs$" "$T/v.log" && ! grep -q "$(printf '\033')" "$T/v.log" ||
  fail "verify prints a name with ESC as is: $(cat -v "$T/v.log")"
echo "ok: verify shows a terminal control in a contributor's name as '?'"
# Sections that would pass unchecked: some Lagrange sections without the others, an unknown one.
tamper "$T/vp.ptau" "$T/nl.ptau" no_lagrange_g1
expect 4 "section 12 (Lagrange tauG1) is missing, while 3 of the four" "verify of a prepared file without section 12" ptau verify "$T/nl.ptau"
off=$(tamper "$T/b2_3.ptau" "$T/xs.ptau" extra_section)
expect 4 "section 9 at byte $off: not a section of a .ptau file" "verify of a file with a section 9" ptau verify "$T/xs.ptau"
echo "PASS"
