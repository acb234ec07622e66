#!/usr/bin/env bash
# g16k verify on what a caller may hand it: a public signal is accepted only in its canonical
# decimal spelling (digits, no leading zero, below r), the count must equal the key's nPublic,
# and a proof point off the prime-order subgroup is refused. Each case checks the exit code and
# that the one message names the file (and the index of the signal).
# usage: verify_cli.sh G16K FIXTURES
set -u
G16K=$1 FIXS=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
M=$FIXS/mult S=$FIXS/sha256_64
fails=0 passes=0
R=52435875175126190479447740508185965837690552500527637822603658699938581184513

# expect CODE PATTERN VK PUBLIC PROOF
expect() {
  local code=$1 pat=$2
  "$G16K" verify --vk "$3" --public "$4" --proof "$5" >"$T/out" 2>&1
  local rc=$? msg; msg=$(cat "$T/out")
  if [ $rc -ne "$code" ]; then echo "FAIL: /$pat/: exit $rc, expected $code: $msg"; fails=$((fails+1)); return; fi
  if ! grep -qE -- "$pat" "$T/out"; then echo "FAIL: message does not match /$pat/: $msg"; fails=$((fails+1)); return; fi
  echo "ok: exit $code: $msg"; passes=$((passes+1))
}
# pub NAME JSON: a public.json with that text
pub() { printf '%s' "$2" >"$T/$1.json"; echo "$T/$1.json"; }

expect 0 '^OK$' "$M/verification_key.json" "$M/public.json" "$M/proof.json"
expect 0 '^OK$' "$M/verification_key.json" "$(pub canon '["33"]')" "$M/proof.json"
# Spellings of 33 that snarkjs also takes for 33: refused as malformed input (exit 4).
for bad in 033 0033 "$(printf '%081d33' 0)" -1 +1 ' 33' '33 ' 3.3e1 0x21 ''; do
  expect 4 "bad.json: \[0\]: \"$(printf '%s' "$bad" | sed 's/[.+]/\\&/g')\" is not a canonical decimal" \
    "$M/verification_key.json" "$(pub bad "[\"$bad\"]")" "$M/proof.json"
done
expect 4 "r.json: \[0\]: .*not below r" "$M/verification_key.json" "$(pub r "[\"$R\"]")" "$M/proof.json"
expect 4 'num.json: \[0\]: not a decimal string' "$M/verification_key.json" "$(pub num '[33]')" "$M/proof.json"
# "0" is canonical: it parses, and the proof is for 33, so the pairing check fails (exit 1).
expect 1 '^INVALID: .*pairing check failed' "$M/verification_key.json" "$(pub zero '["0"]')" "$M/proof.json"
# The index of the bad signal, here the second of sha256_64's two.
s0=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[0])' "$S/public.json")
s1=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[1])' "$S/public.json")
expect 0 '^OK$' "$S/verification_key.json" "$(pub two "[\"$s0\", \"$s1\"]")" "$S/proof.json"
expect 4 "two0.json: \[1\]: \"0$s1\" .*leading zero" "$S/verification_key.json" \
  "$(pub two0 "[\"$s0\", \"0$s1\"]")" "$S/proof.json"
# The count must be the key's nPublic: too many, too few (snarkjs reads missing ones as 0).
expect 1 "^INVALID: .*many.json: 2 public signals, the verification key .* has 1" \
  "$M/verification_key.json" "$(pub many '["33", "0"]')" "$M/proof.json"
expect 1 "^INVALID: .*few.json: 0 public signals, the verification key .* has 1" \
  "$M/verification_key.json" "$(pub few '[]')" "$M/proof.json"
expect 1 "^INVALID: .*short.json: 1 public signals, the verification key .* has 2" \
  "$S/verification_key.json" "$(pub short "[\"$s0\"]")" "$S/proof.json"
# pi_a replaced by a point of y^2 = x^3 + 4 outside the order-r subgroup (the first x that
# gives a point: the cofactor is about 2^126), computed here with BigInt.
node -e '
const fs = require("fs");
const p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const pow = (b, e) => { let r = 1n; b %= p; for (; e > 0n; e >>= 1n, b = b * b % p) if (e & 1n) r = r * b % p; return r; };
for (let x = 1n; ; x++) {
  const rhs = (x * x * x + 4n) % p, y = pow(rhs, (p + 1n) / 4n);
  if (y * y % p !== rhs) continue;
  const pf = JSON.parse(fs.readFileSync(process.argv[1]));
  pf.pi_a = [x.toString(), y.toString(), "1"];
  fs.writeFileSync(process.argv[2], JSON.stringify(pf));
  break;
}' "$M/proof.json" "$T/offsub.json" || exit 1
expect 1 '^INVALID: .*offsub.json: pi_a: point not in the prime-order subgroup' \
  "$M/verification_key.json" "$M/public.json" "$T/offsub.json"

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
