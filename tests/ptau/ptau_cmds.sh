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
#  4. bad input: exit 2 for usage, 4 naming file, section and byte for a damaged file, and no
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

# 4. bad input
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
python3 - "$T/c2.ptau" "$T/bad.ptau" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
n = struct.unpack_from('<I', b, 8)[0]; pos = 12
for _ in range(n):
    i, sz = struct.unpack_from('<IQ', b, pos)
    if i == 3:
        off = pos + 12 + 2 * 192 + 47   # point 2, top byte of x.c0
        b[off] ^= 0x80
        print(off - 47)
    pos += 12 + sz
open(sys.argv[2], 'wb').write(b)
PY
expect 4 "section 3 (tauG2) at byte $(python3 -c "
import struct;b=open('$T/c2.ptau','rb').read();n=struct.unpack_from('<I',b,8)[0];p=12
for _ in range(n):
    i,s=struct.unpack_from('<IQ',b,p)
    if i==3: print(p+12+2*192)
    p+=12+s")" "damaged G2 point" ptau prepare "$T/bad.ptau" "$T/out/x.ptau"
sj powersoftau new bn128 3 "$T/bn.ptau"
expect 4 "bn.ptau" "BN254 ptau" ptau prepare "$T/bn.ptau" "$T/out/x.ptau"
expect 5 "missing.ptau" "missing input" ptau prepare "$T/missing.ptau" "$T/out/x.ptau"
echo "PASS"
