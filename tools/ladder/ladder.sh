#!/usr/bin/env bash
# The benchmark ladder: real circom circuits of growing size, keyed with
# `g16k setup --insecure-random-toxic-waste`, proved with `g16k prove`, judged by snarkjs.
#
# usage: tools/ladder/ladder.sh [CIRCUIT ...]
#   CIRCUIT: sha256_<blocks> (circomlib Sha256 of 64*blocks - 9 private bytes, i.e. exactly that
#            many 512-bit blocks; digest as 2 public 128-bit halves) or poseidon_<n> (a chain of n
#            circomlib Poseidon(2) hashes, 1 public output). Default: the small rungs
#            poseidon_60 sha256_1 sha256_4; the full ladder (README.md, Benchmarks) is
#            poseidon_60 sha256_1 sha256_4 sha256_16 poseidon_1000 sha256_35 (2^20 constraints,
#            domain 2^21; SNARKJS_MAX=1200000 to compare with snarkjs there too). circom2 runs the
#            compiler as 32-bit WebAssembly, 4 GiB at most: sha256_35 peaks at 3.8 GB RSS and
#            poseidon_1000 at 1.2 GB, so sha256_64 (2M constraints) and poseidon_4000 would not fit.
#            Beyond that, synthetic circuits without circom: dense_<k> or bits_<k>, a domain of 2^k
#            (2^k - 2 constraints, 1 public input) made by tools/synthetic/synthetic_circuit, dense
#            (every value a full field element) or mostly bits (SHA-256-like).
# environment:
#   LADDER_WORK    work folder (default /tmp/g16k-ladder): npm packages, circuits, keys, logs,
#                  report.md. Nothing is written inside the repository.
#   G16K           the g16k binary (default: build/bin/g16k of this checkout)
#   SYNTHETIC      the synthetic_circuit binary (default: beside G16K)
#   CONF           prover.ini for g16k prove (default conf/cpu.ini). The ladder proves with a
#                  copy of it, LADDER_WORK/prover.ini, that adds `[core] key_cache =
#                  LADDER_WORK/keycache` unless CONF sets key_cache itself.
#   SNARKJS_MAX    run `snarkjs groth16 prove` for comparison only up to this many constraints
#                  (default 600000: a few minutes on 2 cores; 2^20 constraints take it 10+ min)
#   FORCE=1        recompile circuits and redo witnesses (keys are always made afresh)
# Per circuit, one row of report.md: constraints, domain size, compile / setup seconds, g16k
# prove twice: first with the key's points checked (a fresh key is not in the cache yet), then
# with the cached verdict. Columns: key load s of both, wall s of the cached prove and its phases
# (--timings), peak RSS of setup and prove (GNU time -v), the cached prove's peak anonymous memory
# and mapped file pages (rss_watch.py: RssAnon / RssFile, sampled every 50 ms), snarkjs's prove
# time where it ran, and the verdict of `snarkjs groth16 verify` on both of g16k's proofs. report.tsv holds the same
# numbers, and logs/NAME_prove*.log the full --timings output.
# Needs node >= 18, npm (packages pinned in tools/ladder/package.json), /usr/bin/time, python3.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORK=${LADDER_WORK:-/tmp/g16k-ladder}
G16K=${G16K:-$ROOT/build/bin/g16k}
SYNTHETIC=${SYNTHETIC:-$(dirname "$G16K")/synthetic_circuit}
CONF=${CONF:-$ROOT/conf/cpu.ini}
SNARKJS_MAX=${SNARKJS_MAX:-600000}
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
# circom2 0.2.23's WASI shim (vendor/wasi.js) takes the compiler's i32 pointer arguments as
# signed JavaScript numbers, so once the compiler's memory passes 2 GiB (about 2^20 constraints,
# e.g. sha256_35) a file write fails with "RangeError: Start offset -2067271568 is outside the
# bounds of the buffer". WASI's i32 arguments are all unsigned: convert them at the import
# boundary (patched in LADDER_WORK/node_modules only; idempotent).
WASI_JS=node_modules/circom2/vendor/wasi.js
if ! grep -q "g16k-ladder: unsigned" "$WASI_JS"; then
  MARK='        // Wrap each of the imports to show the calls in the console'
  grep -qF "$MARK" "$WASI_JS" || { echo "ladder: cannot patch $WASI_JS (circom2 changed?)"; exit 1; }
  node -e '
    const fs = require("fs"), [file, mark] = process.argv.slice(1);
    const fix = "        // g16k-ladder: unsigned i32 arguments (pointers past 2 GiB)\n" +
      "        Object.keys(this.wasiImport).forEach((key) => {\n" +
      "            const f = this.wasiImport[key]\n" +
      "            this.wasiImport[key] = (...a) => f(...a.map((v) => (typeof v === \"number\" ? v >>> 0 : v)))\n" +
      "        })\n";
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(mark, fix + mark));' "$WASI_JS" "$MARK"
fi
CIRCOM=(node node_modules/circom2/cli.js)

# ------------------------------------------------------------------ prover.ini with a key cache
PCONF=$WORK/prover.ini
CONF_DIR=$(cd "$(dirname "$CONF")" && pwd)
if grep -Eq '^[[:space:]]*key_cache[[:space:]]*=' "$CONF"; then
  PCONF=$CONF
else
  # copy CONF, adding key_cache to [core] (or a [core] section) and making a relative
  # plugin_dir absolute (it is relative to the ini file, which moves)
  awk -v cache="$WORK/keycache" -v dir="$CONF_DIR" '
    /^[[:space:]]*\[core\]/ { print; print "key_cache = " cache; done = 1; next }
    /^[[:space:]]*plugin_dir[[:space:]]*=/ {
      v = $0; sub(/^[^=]*=[[:space:]]*/, "", v); sub(/[[:space:]]*;.*$/, "", v)
      if (substr(v, 1, 1) != "/") { print "plugin_dir = " dir "/" v; next } }
    { print }
    END { if (!done) { print ""; print "[core]"; print "key_cache = " cache } }' "$CONF" > "$PCONF"
  if grep -Eq '^[[:space:]]*path[[:space:]]*=[[:space:]]*[^/;[:space:]]+/' "$CONF"; then
    echo "ladder: warning: $CONF names a plugin by a relative path; set CONF to one with key_cache"
  fi
fi
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
rss_split() {  # rss_split LOG FIELD: rss_watch.py's peak of FIELD (RssAnon, RssFile), GiB
  python3 -c 'import json, sys
for line in open(sys.argv[1]):
    if line.startswith("{\"rss_watch\""):
        print(json.loads(line)["rss_watch"]["peak_gib"][sys.argv[2]]); break
else:
    print("-")' "$1" "$2"
}
phase() {   # phase LOG NAME: one value of g16k prove --timings (NAME: load_key, synth, ntt,
            # A, B_G1, B_G2, L, H, (sum, prove_total, ...)
  awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) { v = $(i + 1); gsub(/[()]/, "", v); print v; exit } }' "$1"
}
snarkjs_verify() {   # snarkjs_verify NAME PROOF PUBLIC -> OK | REJECTED
  if "${SNARKJS[@]}" groth16 verify "$R/verification_key.json" "$3" "$2" > "logs/$1.log" 2>&1 &&
     grep -q "OK!" "logs/$1.log"; then echo OK; else echo REJECTED; fi
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

# r1cs header fields: constraints and public signals (section 1 of the .r1cs, docs/formats.md 5).
# Reads the section headers where they lie: a synthetic rung's file passes 2 GiB, more than
# Node's readFileSync takes.
r1cs_info() {   # r1cs_info FILE -> "nConstraints nPublic"
  node -e '
    const fs = require("fs"), fd = fs.openSync(process.argv[1], "r");
    const at = (pos, len) => { const b = Buffer.alloc(len); fs.readSync(fd, b, 0, len, pos); return b; };
    let p = 12;
    const nsec = at(8, 4).readUInt32LE(0);
    for (let s = 0; s < nsec; s++) {
      const sh = at(p, 12), id = sh.readUInt32LE(0), size = Number(sh.readBigUInt64LE(4));
      if (id === 1) {
        const n8 = at(p + 12, 4).readUInt32LE(0), h = at(p + 16 + n8, 28);   // skip the prime
        console.log(h.readUInt32LE(24), h.readUInt32LE(4) + h.readUInt32LE(8));
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
    echo "| circuit | constraints | domain | compile s | setup s | setup MB | key load s checked / cached | prove s (cached key) | synth | ntt | msm A / B_G1 / B_G2 / L / H (sum) | prove_total | prove MB | prove anon / file GiB | snarkjs prove s | snarkjs verify |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  } > "$REPORT"
fi
TSV=$WORK/report.tsv
[ -f "$TSV" ] || printf 'circuit\tconstraints\tdomain_log2\tcompile_s\tsetup_s\tsetup_mb\tload_checked_s\tload_cached_s\tprove_wall_s\tsynth_s\tntt_s\tmsm_a_s\tmsm_b_g1_s\tmsm_b_g2_s\tmsm_l_s\tmsm_h_s\tmsm_sum_s\tprove_total_s\tprove_mb\tprove_anon_gib\tprove_file_gib\tsnarkjs_prove_s\tverdict\n' > "$TSV"

for c in "${CIRCUITS[@]}"; do
  echo "== $c"
  B=build/$c R=runs/$c
  mkdir -p "$B" "$R"
  case "${c%%_*}" in
  dense|bits) # synthetic: the "compile" column is the generator's time (r1cs and witness)
    [ -x "$SYNTHETIC" ] || { echo "ladder: no synthetic_circuit at $SYNTHETIC (set SYNTHETIC)"; exit 2; }
    if [ "$FORCE" = 1 ] || [ ! -f "$B/$c.r1cs" ] || [ ! -f "$R/witness.wtns" ]; then
      timed "${c}_compile" "$SYNTHETIC" --shape "${c%%_*}" --constraints $(((1 << ${c#*_}) - 2)) \
          --public 1 --r1cs "$B/$c.r1cs" --wtns "$R/witness.wtns"
    fi ;;
  *)
    write_circuit "$c"
    if [ "$FORCE" = 1 ] || [ ! -f "$B/$c.r1cs" ] || [ ! -f "$B/${c}_js/$c.wasm" ]; then
      timed "${c}_compile" "${CIRCOM[@]}" "circuits/$c.circom" --r1cs --wasm --O2 --prime bls12381 -o "$B"
    fi
    if [ "$FORCE" = 1 ] || [ ! -f "$R/witness.wtns" ]; then
      timed "${c}_wtns" "${SNARKJS[@]}" wtns calculate "$B/${c}_js/$c.wasm" "circuits/$c.input.json" "$R/witness.wtns"
    fi ;;
  esac
  compile_s=$( [ -f "logs/${c}_compile.time" ] && secs "${c}_compile" || echo "-")
  read -r ncons npub < <(r1cs_info "$B/$c.r1cs")
  need=$((ncons + npub + 1)); domain=1
  while [ "$domain" -lt "$need" ]; do domain=$((domain * 2)); done
  [ "$domain" -ge 2 ] || domain=2
  echo "   $ncons constraints, $npub public, domain $domain"

  timed "${c}_setup" "$G16K" setup --r1cs "$B/$c.r1cs" --insecure-random-toxic-waste \
      --zkey "$R/key.zkey" --progress
  "$G16K" vk --zkey "$R/key.zkey" --vk "$R/verification_key.json"
  # first prove: a fresh key, so its points are checked (and the verdict cached); second: cached.
  # The key cache records a file's stamp only when the file was quiet for 2 s before the load
  # (ZKEY_STAMP_QUIET_S): wait, so that the cached load finds the stamp, not a fresh digest.
  sleep 3
  for run in prove prove_cached; do
    timed "${c}_$run" python3 "$HERE/rss_watch.py" -- "$G16K" prove --config "$PCONF" --zkey "$R/key.zkey" --witness "$R/witness.wtns" \
        --proof "$R/$run.json" --public "$R/${run}_public.json" --timings
  done
  L1=logs/${c}_prove.log L2=logs/${c}_prove_cached.log
  v1=$(snarkjs_verify "${c}_verify" "$R/prove.json" "$R/prove_public.json")
  v2=$(snarkjs_verify "${c}_verify_cached" "$R/prove_cached.json" "$R/prove_cached_public.json")
  verdict=OK; [ "$v1" = OK ] && [ "$v2" = OK ] || verdict="REJECTED ($v1/$v2)"
  snark_s="-"
  if [ "$ncons" -le "$SNARKJS_MAX" ]; then
    if timed "${c}_snarkjs_prove" "${SNARKJS[@]}" groth16 prove "$R/key.zkey" "$R/witness.wtns" \
         "$R/snarkjs_proof.json" "$R/snarkjs_public.json"; then
      snark_s=$(secs "${c}_snarkjs_prove")
    fi
  else
    snark_s="skipped"
  fi
  logd=$(awk -v d="$domain" 'BEGIN { printf "%d", log(d) / log(2) + 0.5 }')
  rss1=$(rss_mb "${c}_prove") rss2=$(rss_mb "${c}_prove_cached")
  prove_mb=$(( rss1 > rss2 ? rss1 : rss2 ))
  p() { phase "$L2" "$1"; }
  anon=$(rss_split "$L2" RssAnon) file=$(rss_split "$L2" RssFile)
  row="| $c | $ncons | 2^$logd | $compile_s | $(secs "${c}_setup") | $(rss_mb "${c}_setup") | $(phase "$L1" load_key) / $(p load_key) | $(secs "${c}_prove_cached") | $(p synth) | $(p ntt) | $(p A) / $(p B_G1) / $(p B_G2) / $(p L) / $(p H) ($(p '(sum')) | $(p prove_total) | $prove_mb | $anon / $file | $snark_s | $verdict |"
  echo "$row" >> "$REPORT"
  printf '%s\t' "$c" "$ncons" "$logd" "$compile_s" "$(secs "${c}_setup")" "$(rss_mb "${c}_setup")" \
    "$(phase "$L1" load_key)" "$(p load_key)" "$(secs "${c}_prove_cached")" "$(p synth)" "$(p ntt)" \
    "$(p A)" "$(p B_G1)" "$(p B_G2)" "$(p L)" "$(p H)" "$(p '(sum')" "$(p prove_total)" "$prove_mb" \
    "$anon" "$file" "$snark_s" >> "$TSV"
  printf '%s\n' "$verdict" >> "$TSV"
  echo "   $row"
  [ "$verdict" = OK ] || { echo "ladder: snarkjs rejected g16k's proof for $c"; exit 1; }
done
echo
echo "report: $REPORT"
