#!/usr/bin/env bash
# Issue 14's targets in one run, alternating (round robin, ROUNDS times) on one fixture:
#   first    `g16k prove` with an empty verdict cache (every point tested): wall seconds
#   cached   `g16k prove --timings` with the cache filled: wall, load_key, prove_total
#   snarkjs  `snarkjs groth16 prove` (the pinned tools/snarkjs): wall
# Prints one TSV line per run, then the medians and the ratios the issue asks for: cached
# load_key over the proof's own time (prove_total, which the key load is not part of), snarkjs
# wall over cached wall,
# first wall over snarkjs wall. The shipped conf/cpu.ini, key_cache pointed at a folder of ours.
# usage: keyload.sh BUILD_DIR FIXTURE_DIR [ROUNDS]
set -euo pipefail
BUILD=$(cd "$1" && pwd) FIX=$(cd "$2" && pwd) ROUNDS=${3:-3}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
SNARKJS=$SRC/tools/snarkjs/node_modules/.bin/snarkjs
[ -x "$SNARKJS" ] || { echo "keyload.sh: no $SNARKJS (cd tools/snarkjs && npm ci)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ZKEY=$FIX/circuit_final.zkey WTNS=$FIX/witness.wtns G16K=$BUILD/bin/g16k
export G16K_PLUGIN_DIR="$BUILD/lib/g16k"
ini() { sed 's|^\[core\]$|[core]\nkey_cache = '"$1"'|' "$SRC/conf/cpu.ini" >"$2"; grep -q "^key_cache = $1$" "$2"; }
ini "$T/kc" "$T/kc.ini"
"$G16K" prove --quiet --config "$T/kc.ini" "$ZKEY" "$WTNS" "$T/p.json" "$T/q.json"   # fills the cache
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.4f", b - a }'; }
printf 'round\tmode\twall_s\tload_key_s\tprove_total_s\n' | tee "$T/all.tsv"
for r in $(seq "$ROUNDS"); do
  rm -rf "$T/empty"; ini "$T/empty" "$T/first.ini"
  t0=$(now); "$G16K" prove --quiet --config "$T/first.ini" "$ZKEY" "$WTNS" "$T/p.json" "$T/q.json"
  printf '%s\tfirst\t%s\t-\t-\n' "$r" "$(since "$t0")" | tee -a "$T/all.tsv"

  t0=$(now)
  out=$("$G16K" prove --quiet --timings --config "$T/kc.ini" "$ZKEY" "$WTNS" "$T/p.json" "$T/q.json" 2>&1)
  w=$(since "$t0")
  lk=$(echo "$out" | sed -n 's/.*load_key \([0-9.]*\).*/\1/p')
  pt=$(echo "$out" | sed -n 's/.*prove_total \([0-9.]*\).*/\1/p')
  printf '%s\tcached\t%s\t%s\t%s\n' "$r" "$w" "$lk" "$pt" | tee -a "$T/all.tsv"

  t0=$(now); "$SNARKJS" groth16 prove "$ZKEY" "$WTNS" "$T/sp.json" "$T/sq.json" >/dev/null
  printf '%s\tsnarkjs\t%s\t-\t-\n' "$r" "$(since "$t0")" | tee -a "$T/all.tsv"
done
awk -F'\t' 'NR > 1 { w[$2] = w[$2] " " $3; if ($2 == "cached") { l = l " " $4; o = o " " $5 } }
  function med(s,   a, n, i, j, t) { n = split(s, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j] < a[j-1]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { f = med(w["first"]); c = med(w["cached"]); s = med(w["snarkjs"]); lk = med(l); own = med(o)
    printf "median wall s: first %.3f  cached %.3f  snarkjs %.3f\n", f, c, s
    printf "cached: load_key %.4f s, the proof itself %.4f s: load = %.1f%% of the proof\n", lk, own, 100 * lk / own
    printf "snarkjs / cached g16k = %.1fx; first g16k / snarkjs = %.2f\n", s / c, f / s }' "$T/all.tsv"
