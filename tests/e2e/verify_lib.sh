# Shared by verify_hostile.sh and verify_bn128.sh (sourced after they set G16K and SNARKJS):
# the skip without snarkjs, a scratch folder $T, and the verdict helpers; $n counts verdicts.
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
n=0

# edit IN OUT JS: OUT = IN's JSON after the statement JS on it (as j), written as snarkjs does
edit() {
  node -e 'const fs = require("fs"); const j = JSON.parse(fs.readFileSync(process.argv[1]));
           eval(process.argv[3]); fs.writeFileSync(process.argv[2], JSON.stringify(j, null, 1));' "$@"
}
# g16k_says CODE PATTERN VK PUBLIC PROOF: g16k verify's exit code and message
g16k_says() {
  local code=$1 pat=$2 rc=0
  "$G16K" verify --vk "$3" --public "$4" --proof "$5" > "$T/out" 2>&1 || rc=$?
  [ "$rc" = "$code" ] || fail "g16k verify $3 $4 $5: exit $rc, want $code: $(cat "$T/out")"
  grep -qE -- "$pat" "$T/out" || fail "g16k verify $3: message $(cat "$T/out"), want /$pat/"
  n=$((n + 1))
}
# snarkjs_says OK|INVALID VK PUBLIC PROOF
snarkjs_says() {
  local want=$1 got
  got=$("$SNARKJS" groth16 verify "$2" "$3" "$4" 2>&1 | grep -q "OK!" && echo OK || echo INVALID)
  [ "$got" = "$want" ] || fail "snarkjs groth16 verify $2 $3 $4: $got, want $want"
}
