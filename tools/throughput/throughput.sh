#!/usr/bin/env bash
# Proofs per minute with one proving key, several ways, in one run, alternating (round robin over
# the modes, ROUNDS times), for the embedding API's closing note (issue 16):
#   c        examples/embed (g16k-embed --repeat N): the key loaded once, N proofs
#   node     the Node.js binding: Prover.load once, N sequential prove()
#   cli      a shell loop of `g16k prove`, key_cache = off: every proof loads and checks the key
#   cli-kc   the same with [core] key_cache (warmed first): the subgroup checks are skipped
#   snarkjs  a loop of snarkjs.groth16.prove in one node process
# c and node count the proofs alone (the key stays resident); cli and cli-kc count whole
# processes; snarkjs counts its calls. Output: one TSV line per batch, then the median per mode.
# usage: throughput.sh BUILD_DIR FIXTURE_DIR [ROUNDS] [N_RESIDENT] [N_CLI] [N_SNARKJS]
set -euo pipefail
BUILD=$(cd "$1" && pwd) FIX=$(cd "$2" && pwd)
ROUNDS=${3:-3} NR=${4:-10} NC=${5:-2} NS=${6:-2}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
SNARKJS_DIR=$SRC/tools/snarkjs/node_modules/snarkjs
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ZKEY=$FIX/circuit_final.zkey WTNS=$FIX/witness.wtns

"${CC:-cc}" -std=c11 -O2 -I"$SRC/include" -o "$T/g16k-embed" "$SRC/examples/embed/embed.c" \
  -L"$BUILD/lib" -lg16k -Wl,-rpath,"$BUILD/lib"
sed 's/^\[core\]$/[core]\nkey_cache = '"${T//\//\\/}"'\/kc/' "$SRC/conf/cpu.ini" >"$T/kc.ini"
grep -q "^key_cache = $T/kc$" "$T/kc.ini"
sed 's/^\[core\]$/[core]\nkey_cache = off/' "$SRC/conf/cpu.ini" >"$T/nokc.ini"   # on by default
grep -q "^key_cache = off$" "$T/nokc.ini"
export G16K_PLUGIN_DIR="$BUILD/lib/g16k"
"$BUILD/bin/g16k" prove --config "$T/kc.ini" --zkey "$ZKEY" --witness "$WTNS" \
  --proof "$T/p.json" --public "$T/q.json"   # records the key's verdict

now() { date +%s.%N; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", 60 * n / s }'; }
printf 'round\tmode\tproofs\tseconds\tproofs_per_min\n' | tee "$T/all.tsv"
for r in $(seq "$ROUNDS"); do
  # the resident-key modes load with the cache too: their load is not counted
  line=$("$T/g16k-embed" --repeat "$NR" "$T/kc.ini" "$ZKEY" "$T" "$WTNS" 2>/dev/null)
  s=$(echo "$line" | sed -n 's/^[0-9]* proofs in \([0-9.]*\) s.*/\1/p')
  printf '%s\tc\t%s\t%s\t%s\n' "$r" "$NR" "$s" "$(rate "$NR" "$s")" | tee -a "$T/all.tsv"

  line=$(G16K_CONFIG=$T/kc.ini node "$SRC/tools/throughput/loop.js" binding "$BUILD/lib/nodejs/g16k" "$ZKEY" "$WTNS" "$NR")
  s=$(echo "$line" | sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p')
  printf '%s\tnode\t%s\t%s\t%s\n' "$r" "$NR" "$s" "$(rate "$NR" "$s")" | tee -a "$T/all.tsv"

  for mode in cli cli-kc; do
    ini=$T/nokc.ini; [ $mode = cli-kc ] && ini=$T/kc.ini
    t0=$(now)
    for _ in $(seq "$NC"); do
      "$BUILD/bin/g16k" prove --config "$ini" --zkey "$ZKEY" --witness "$WTNS" \
        --proof "$T/p.json" --public "$T/q.json"
    done
    s=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
    printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$mode" "$NC" "$s" "$(rate "$NC" "$s")" | tee -a "$T/all.tsv"
  done

  line=$(node "$SRC/tools/throughput/loop.js" snarkjs "$SNARKJS_DIR" "$ZKEY" "$WTNS" "$NS")
  s=$(echo "$line" | sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p')
  printf '%s\tsnarkjs\t%s\t%s\t%s\n' "$r" "$NS" "$s" "$(rate "$NS" "$s")" | tee -a "$T/all.tsv"
done
echo "median proofs per minute:"
for mode in c node cli cli-kc snarkjs; do
  awk -F'\t' -v m="$mode" '$2 == m { print $5 }' "$T/all.tsv" | sort -g \
    | awk -v m="$mode" '{ v[NR] = $1 } END { printf "  %-8s %s (of %d batches)\n", m, NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, NR }'
done
