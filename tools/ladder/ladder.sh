#!/usr/bin/env bash
# The benchmark ladder: real circom circuits of growing size, keyed with
# `g16k setup --insecure-random-toxic-waste`, proved with `g16k prove`, judged by snarkjs.
#
# usage: tools/ladder/ladder.sh [CIRCUIT ...]
#   CIRCUIT: sha256_<blocks> (circomlib Sha256 of 64*blocks - 9 private bytes, i.e. exactly that
#            many 512-bit blocks; digest as 2 public 128-bit halves) or poseidon_<n> (a chain of n
#            circomlib Poseidon(2) hashes, 1 public output). Default: the small rungs
#            poseidon_60 sha256_1 sha256_4; the full ladder is
#            sha256_1 sha256_4 sha256_16 sha256_64 poseidon_60 poseidon_250 poseidon_1000 poseidon_4000.
# environment:
#   LADDER_WORK    work folder (default /tmp/g16k-ladder): npm packages, circuits, keys, logs,
#                  report.md. Nothing is written inside the repository.
#   G16K           the g16k binary (default: build/bin/g16k of this checkout)
#   CONF           prover.ini for g16k prove (default conf/cpu.ini)
#   SNARKJS_MAX    run `snarkjs groth16 prove` for comparison only up to this many constraints
#                  (default 150000: about a minute on 2 cores)
#   FORCE=1        recompile circuits and redo witnesses (keys are always made afresh)
# Per circuit, one row of report.md: constraints, domain size, compile / setup / prove seconds,
# the g16k prove phases (--timings), peak RSS of setup and prove (GNU time -v), snarkjs's prove
# time where it ran, and the verdict of `snarkjs groth16 verify` on g16k's proof.
# Needs node >= 18, npm (packages pinned in tools/ladder/package.json), /usr/bin/time.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORK=${LADDER_WORK:-/tmp/g16k-ladder}
G16K=${G16K:-$ROOT/build/bin/g16k}
CONF=${CONF:-$ROOT/conf/cpu.ini}
SNARKJS_MAX=${SNARKJS_MAX:-150000}
FORCE=${FORCE:-0}
CIRCUITS=("$@")
[ ${#CIRCUITS[@]} -gt 0 ] || CIRCUITS=(poseidon_60 sha256_1 sha256_4)

[ -x "$G16K" ] || { echo "ladder: no g16k binary at $G16K (build it, or set G16K)"; exit 2; }
mkdir -p "$WORK"/{circuits,build,runs,logs}
cd "$WORK"

# ------------------------------------------------------------------ tools (npm only)
if [ ! -f node_modules/circom2/cli.js ] || [ ! -d node_modules/circomlib ] ||
   [ ! -f node_modules/snarkjs/build/cli.cjs ]; then
  cp "$HERE/package.json" package.json
  npm install --no-audit --no-fund > logs/npm.log 2>&1 || { tail -20 logs/npm.log; exit 1; }
fi
CIRCOM=(node node_modules/circom2/cli.js)
SNARKJS=(node node_modules/snarkjs/build/cli.cjs)

# timed NAME cmd...: run under GNU time -v; logs/NAME.log (output), logs/NAME.time (time -v).
timed() {
  local name=$1; shift
  if ! /usr/bin/time -v -o "logs/$name.time" "$@" > "logs/$name.log" 2>&1; then
    echo "ladder: FAILED $name (logs in $WORK/logs/$name.log)"; tail -20 "logs/$name.log"; return 1
  fi
}
secs() {   # wall-clock seconds of a timed step
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0;
      for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.2f", s }' "logs/$1.time"
}
rss_mb() {  # peak resident set of a timed step, MB
  awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "logs/$1.time"
}

# ------------------------------------------------------------------ circuit sources
write_circuit() {   # write_circuit NAME -> circuits/NAME.circom, circuits/NAME.input.json
  local c=$1 kind=${1%%_*} n=${1#*_}
  case "$kind" in
  sha256)
    local nbytes=$((64 * n - 9))   # + 0x80 byte + 8-byte length = exactly n blocks
    cat > "circuits/$c.circom" <<EOF
pragma circom 2.0.0;
// SHA-256 of $nbytes private bytes = $n blocks (circomlib Sha256); digest as 2 public 128-bit halves
include "../node_modules/circomlib/circuits/sha256/sha256.circom";
include "../node_modules/circomlib/circuits/bitify.circom";
template Sha256Bytes(nBytes) {
    signal input in[nBytes];
    signal output hi;
    signal output lo;
    component n2b[nBytes];
    component sha = Sha256(nBytes * 8);
    for (var i = 0; i < nBytes; i++) {
        n2b[i] = Num2Bits(8);
        n2b[i].in <== in[i];
        for (var j = 0; j < 8; j++) {
            sha.in[i*8 + j] <== n2b[i].out[7 - j];   // MSB first per byte
        }
    }
    component bhi = Bits2Num(128);
    component blo = Bits2Num(128);
    for (var k = 0; k < 128; k++) {
        bhi.in[k] <== sha.out[127 - k];
        blo.in[k] <== sha.out[255 - k];
    }
    hi <== bhi.out;
    lo <== blo.out;
}
component main = Sha256Bytes($nbytes);
EOF
    node -e "const n=$nbytes; console.log(JSON.stringify({in: Array.from({length: n}, (_, i) => String((i * 7 + 3) % 256))}))" \
      > "circuits/$c.input.json"
    ;;
  poseidon)
    cat > "circuits/$c.circom" <<EOF
pragma circom 2.0.0;
// a chain of $n Poseidon(2) hashes, h_{i+1} = Poseidon(h_i, i); 1 public output
include "../node_modules/circomlib/circuits/poseidon.circom";
template PoseidonChain(N) {
    signal input seed;
    signal output out;
    component h[N];
    signal acc[N+1];
    acc[0] <== seed;
    for (var i = 0; i < N; i++) {
        h[i] = Poseidon(2);
        h[i].inputs[0] <== acc[i];
        h[i].inputs[1] <== i;
        acc[i+1] <== h[i].out;
    }
    out <== acc[N];
}
component main = PoseidonChain($n);
EOF
    echo '{"seed": "12345"}' > "circuits/$c.input.json"
    ;;
  *) echo "ladder: unknown circuit '$c' (sha256_<blocks> or poseidon_<n>)"; exit 2 ;;
  esac
}

# r1cs header fields: constraints and public signals (section 1 of the .r1cs, FORMATS.md 5).
r1cs_info() {   # r1cs_info FILE -> "nConstraints nPublic"
  node -e '
    const b = require("fs").readFileSync(process.argv[1]);
    let p = 12;
    for (let s = 0; s < b.readUInt32LE(8); s++) {
      const id = b.readUInt32LE(p), size = Number(b.readBigUInt64LE(p + 4));
      if (id === 1) {
        const h = p + 12 + 4 + b.readUInt32LE(p + 12);   // skip n8 and the prime
        console.log(b.readUInt32LE(h + 24), b.readUInt32LE(h + 4) + b.readUInt32LE(h + 8));
        process.exit(0);
      }
      p += 12 + size;
    }
    process.exit(1);' "$1"
}

REPORT=$WORK/report.md
if [ ! -f "$REPORT" ]; then
  {
    echo "# g16k ladder ($(uname -m), $(nproc) cores)"
    echo
    echo "| circuit | constraints | domain | compile s | setup s | setup MB | prove s | prove MB | g16k phases (s) | snarkjs prove s | snarkjs verify |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
  } > "$REPORT"
fi

for c in "${CIRCUITS[@]}"; do
  echo "== $c"
  B=build/$c R=runs/$c
  mkdir -p "$B" "$R"
  write_circuit "$c"
  if [ "$FORCE" = 1 ] || [ ! -f "$B/$c.r1cs" ] || [ ! -f "$B/${c}_js/$c.wasm" ]; then
    timed "${c}_compile" "${CIRCOM[@]}" "circuits/$c.circom" --r1cs --wasm --O2 --prime bls12381 -o "$B"
  fi
  compile_s=$( [ -f "logs/${c}_compile.time" ] && secs "${c}_compile" || echo "-")
  if [ "$FORCE" = 1 ] || [ ! -f "$R/witness.wtns" ]; then
    timed "${c}_wtns" "${SNARKJS[@]}" wtns calculate "$B/${c}_js/$c.wasm" "circuits/$c.input.json" "$R/witness.wtns"
  fi
  read -r ncons npub < <(r1cs_info "$B/$c.r1cs")
  need=$((ncons + npub + 1)); domain=1
  while [ "$domain" -lt "$need" ]; do domain=$((domain * 2)); done
  [ "$domain" -ge 2 ] || domain=2
  echo "   $ncons constraints, $npub public, domain $domain"

  timed "${c}_setup" "$G16K" setup --r1cs "$B/$c.r1cs" --insecure-random-toxic-waste \
      --zkey "$R/key.zkey" --progress
  "$G16K" vk --zkey "$R/key.zkey" --vk "$R/verification_key.json"
  timed "${c}_prove" "$G16K" prove --config "$CONF" --zkey "$R/key.zkey" --witness "$R/witness.wtns" \
      --proof "$R/proof.json" --public "$R/public.json" --timings
  phases=$(grep -v "^Command being timed" "logs/${c}_prove.log" | sed -n '/timings/,$p' | tr -s ' \n' ' ' |
           sed 's/timings (s): //; s/ *$//')
  if "${SNARKJS[@]}" groth16 verify "$R/verification_key.json" "$R/public.json" "$R/proof.json" \
       > "logs/${c}_verify.log" 2>&1 && grep -q "OK!" "logs/${c}_verify.log"; then
    verdict=OK
  else
    verdict=REJECTED
  fi
  snark_s="-"
  if [ "$ncons" -le "$SNARKJS_MAX" ]; then
    if timed "${c}_snarkjs_prove" "${SNARKJS[@]}" groth16 prove "$R/key.zkey" "$R/witness.wtns" \
         "$R/snarkjs_proof.json" "$R/snarkjs_public.json"; then
      snark_s=$(secs "${c}_snarkjs_prove")
    fi
  fi
  row="| $c | $ncons | 2^$(awk -v d="$domain" 'BEGIN { printf "%d", log(d) / log(2) + 0.5 }') | $compile_s | $(secs "${c}_setup") | $(rss_mb "${c}_setup") | $(secs "${c}_prove") | $(rss_mb "${c}_prove") | $phases | $snark_s | $verdict |"
  echo "$row" >> "$REPORT"
  echo "   $row"
  [ "$verdict" = OK ] || { echo "ladder: snarkjs rejected g16k's proof for $c"; exit 1; }
done
echo
echo "report: $REPORT"
