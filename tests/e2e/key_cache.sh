#!/usr/bin/env bash
# [core] key_cache: the first load records the key's digest, the second skips the subgroup checks
# and still yields the bit-exact reference proof; a modified key (another digest) is still checked.
# usage: key_cache.sh G16K FIXTURES
set -u
G16K=$1 FIX=$2/poseidon2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cat > "$T/cache.ini" <<INI
[core]
key_cache = cache
[plugin.cpu]
path = libg16k_cpu.so
[synthesizer]
provider = cpu
[ntt]
provider = cpu
[msm.g1]
provider = cpu
[msm.g2]
provider = cpu
INI
prove() { "$G16K" prove --config "$T/cache.ini" --zkey "$1" --witness "$FIX/witness.wtns" \
            --proof "$T/p.json" --public "$T/q.json" --insecure-rs 0,0 2>"$T/err"; }
prove "$FIX/circuit_final.zkey" || fail "first prove: $(cat "$T/err")"
n=$(ls "$T/cache" | grep -c '\.verified$')
[ "$n" -eq 1 ] || fail "expected one verdict in the cache folder, found $n"
rm -f "$T/p.json"
prove "$FIX/circuit_final.zkey" || fail "second prove: $(cat "$T/err")"
cmp -s "$T/p.json" "$FIX/ref_proof_r0_s0.json" || fail "cached key gave a different proof"
# Flip a byte of the first point of section 5 (A): the key has another digest and must fail.
cp "$FIX/circuit_final.zkey" "$T/bad.zkey"
node -e '
const fs = require("fs"); const b = fs.readFileSync(process.argv[1]);
let off = 12; const n = b.readUInt32LE(8);
for (let i = 0; i < n; i++) {
  const id = b.readUInt32LE(off), size = Number(b.readBigUInt64LE(off + 4));
  if (id === 5) { for (let k = 0; k < size; k += 96) if (b.slice(off + 12 + k, off + 12 + k + 96).some(x => x)) { b[off + 12 + k + 7] ^= 1; break; } }
  off += 12 + size;
}
fs.writeFileSync(process.argv[1], b);' "$T/bad.zkey" || fail "node"
rm -f "$T/p.json"
prove "$T/bad.zkey" && fail "a modified key was accepted"
grep -q "section 5" "$T/err" || fail "unexpected error for the modified key: $(cat "$T/err")"
[ -e "$T/p.json" ] && fail "output written for a bad key"
echo "ok: key_cache records, reuses and never trusts another key"
