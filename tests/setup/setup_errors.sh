#!/usr/bin/env bash
# Every error path of g16k setup and g16k vk through the command: the documented exit code
# (2 usage, 4 malformed or unusable input file, 5 I/O), one "g16k: error:" line naming the file
# to blame, and no output file left behind. The ptaus of other kinds are made by snarkjs itself
# (not prepared for phase 2; the BN254 curve); the others are the pot12 fixture cut or edited.
# usage: setup_errors.sh G16K FIXTURES SNARKJS         (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 FIX=$2 SNARKJS=${3:-}
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
PTAU=$FIX/ptau/pot12_final.ptau R1CS=$FIX/mult/circuit.r1cs ZKEY=$FIX/mult/circuit_final.zkey
for f in "$PTAU" "$R1CS" "$ZKEY"; do [ -f "$f" ] || { echo "FAIL: missing fixture $f"; exit 1; }; done
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$T/out"

# expect CODE BLAME WHAT ARGS...: g16k ARGS exits CODE, prints one line naming BLAME, writes nothing
expect() {
  local code=$1 blame=$2 what=$3; shift 3
  rc=0; "$G16K" "$@" > "$T/stdout" 2> "$T/stderr" || rc=$?
  [ "$rc" = "$code" ] || fail "$what: exit $rc, want $code: $(cat "$T/stderr")"
  if [ "$code" = 2 ]; then
    grep -q "^g16k: " "$T/stderr" || fail "$what: no usage message"
  else
    [ "$(wc -l < "$T/stderr")" = 1 ] && grep -q "^g16k: error: .*$blame" "$T/stderr" ||
      fail "$what: want one error line naming $blame, got: $(cat "$T/stderr")"
  fi
  [ -z "$(ls -A "$T/out")" ] || fail "$what: left $(ls -A "$T/out") behind"
  n=$((n + 1))
}
n=0
OUT=$T/out/k.zkey

# usage (2)
expect 2 - "no --zkey"              setup --r1cs "$R1CS" --ptau "$PTAU"
expect 2 - "no --r1cs"              setup --ptau "$PTAU" --zkey "$OUT"
expect 2 - "--ptau and random"      setup --r1cs "$R1CS" --ptau "$PTAU" --insecure-random-toxic-waste --zkey "$OUT"
expect 2 - "neither"                setup --r1cs "$R1CS" --zkey "$OUT"
expect 2 - "bad --threads"          setup --r1cs "$R1CS" --ptau "$PTAU" --zkey "$OUT" --threads x
expect 2 - "unknown option"         setup --r1cs "$R1CS" --ptau "$PTAU" --zkey "$OUT" --bogus
expect 2 - "stray argument"         setup "$R1CS" --ptau "$PTAU" --zkey "$OUT"
expect 2 - "vk without --vk"        vk --zkey "$ZKEY"

# I/O (5)
expect 5 "$T/none.r1cs" "missing r1cs"   setup --r1cs "$T/none.r1cs" --ptau "$PTAU" --zkey "$OUT"
expect 5 "$T/none.ptau" "missing ptau"   setup --r1cs "$R1CS" --ptau "$T/none.ptau" --zkey "$OUT"
expect 5 "$T/no/dir"    "unwritable key" setup --r1cs "$R1CS" --ptau "$PTAU" --zkey "$T/no/dir/k.zkey"
expect 5 "$T/none.zkey" "vk: missing zkey" vk --zkey "$T/none.zkey" --vk "$T/out/vk.json"
expect 5 "$T/no/dir"    "vk: unwritable"   vk --zkey "$ZKEY" --vk "$T/no/dir/vk.json"

# malformed or unusable input files (4)
head -c 100 "$R1CS" > "$T/cut.r1cs"
expect 4 "$T/cut.r1cs" "truncated r1cs" setup --r1cs "$T/cut.r1cs" --ptau "$PTAU" --zkey "$OUT"
node -e 'const fs = require("fs"), [i, o] = process.argv.slice(1), b = fs.readFileSync(i);
  // find section 1 (header) and change a byte of its prime (after n8)
  let p = 12;
  while (b.readUInt32LE(p) !== 1) p += 12 + Number(b.readBigUInt64LE(p + 4));
  b[p + 12 + 4] ^= 1; fs.writeFileSync(o, b);' "$R1CS" "$T/prime.r1cs"
expect 4 "prime is neither BLS12-381.s scalar field r nor BN254.s" "r1cs of another prime" setup --r1cs "$T/prime.r1cs" --ptau "$PTAU" --zkey "$OUT"
expect 4 "$ZKEY" "a zkey as ptau"       setup --r1cs "$R1CS" --ptau "$ZKEY" --zkey "$OUT"
expect 4 "$PTAU" "a ptau as r1cs"       setup --r1cs "$PTAU" --ptau "$PTAU" --zkey "$OUT"
head -c 3000000 "$PTAU" > "$T/cut.ptau"
expect 4 "$T/cut.ptau" "truncated ptau" setup --r1cs "$R1CS" --ptau "$T/cut.ptau" --zkey "$OUT"
# header: magic, version, count (12), section 1 head (12), n8 (4), q (48), power at byte 76
node -e 'const fs = require("fs"), [i, o] = process.argv.slice(1), b = fs.readFileSync(i);
  if (b.readUInt32LE(12) !== 1 || b.readUInt32LE(76) !== 12) process.exit(1);
  b.writeUInt32LE(29, 76); fs.writeFileSync(o, b);' "$PTAU" "$T/power.ptau"
expect 4 "power 29 out of range" "ptau power 29" setup --r1cs "$R1CS" --ptau "$T/power.ptau" --zkey "$OUT"
"$SNARKJS" powersoftau new bls12381 2 "$T/raw.ptau" > /dev/null 2>&1
expect 4 "not prepared for phase 2" "ptau before prepare phase2" setup --r1cs "$R1CS" --ptau "$T/raw.ptau" --zkey "$OUT"
"$SNARKJS" powersoftau new bn128 2 "$T/bn.ptau" > /dev/null 2>&1
"$SNARKJS" powersoftau prepare phase2 "$T/bn.ptau" "$T/bn_final.ptau" > /dev/null 2>&1
expect 4 "a BN254 (bn128) powers of tau, but the circuit" "BN254 ptau" setup --r1cs "$R1CS" --ptau "$T/bn_final.ptau" --zkey "$OUT"
"$SNARKJS" powersoftau new bls12381 1 "$T/p1.ptau" > /dev/null 2>&1
"$SNARKJS" powersoftau prepare phase2 "$T/p1.ptau" "$T/p1_final.ptau" > /dev/null 2>&1
expect 4 "too small for this circuit" "ptau too small" setup --r1cs "$R1CS" --ptau "$T/p1_final.ptau" --zkey "$OUT"
head -c 500 "$ZKEY" > "$T/cut.zkey"
expect 4 "$T/cut.zkey" "vk: truncated zkey" vk --zkey "$T/cut.zkey" --vk "$T/out/vk.json"
expect 4 "$PTAU" "vk: a ptau as zkey"   vk --zkey "$PTAU" --vk "$T/out/vk.json"
echo "setup errors: $n cases with the documented exit code and message, nothing written"
