#!/usr/bin/env bash
# Proofs per minute through the job queue against the alternatives, in one run, alternating:
#   q:W:J    W `g16k worker` processes (J jobs in flight each) on a private PostgreSQL (fsync on),
#            keys resident: the clock runs from the first of K submits to the K-th job done
#   shell    a shell loop of K `g16k prove` (each loads the key; [core] key_cache on, so only
#            the first load checks the points)
#   snarkjs  a shell loop of K `snarkjs groth16 prove` (the pinned snarkjs 0.7.6)
# Each method runs once per round, the order rotating each round; one JSON line per run on
# stdout, then the medians. Speed is measured here, never asserted in a test.
# usage: tools/queue_bench.sh G16K FIXTURE_DIR K ROUNDS [METHODS...]
#   e.g. tools/queue_bench.sh build/bin/g16k /work/shared/fixtures/sha256_64 6 3 q:1:1 q:2:1 shell snarkjs
# CONFIG=INI picks the prover config (default conf/cpu.ini).
set -u
G16K=$(realpath "$1") FX=$(realpath "$2") K=$3 ROUNDS=$4
shift 4
METHODS=("$@")
[ ${#METHODS[@]} -gt 0 ] || METHODS=(q:1:1 q:2:1 shell snarkjs)
SRC=$(cd "$(dirname "$0")/.." && pwd)
SNARKJS=$SRC/tools/snarkjs/node_modules/.bin/snarkjs
. "$SRC/tests/queue/pg_server.sh"
T=$(mktemp -d /tmp/g16kbench.XXXXXX)
PGD=$(mktemp -d /tmp/g16kpg.XXXXXX)
wp=()
trap 'for p in "${wp[@]}"; do kill -KILL "$p" 2>/dev/null; done; pg_stop; rm -rf "$T" "$PGD"' EXIT
PG_FSYNC=on pg_start "$PGD" >/dev/null || exit 1
mkdir "$T/keys" "$T/kc"
cp "$FX/circuit_final.zkey" "$T/keys/key.zkey"
{ grep -v '^key_cache' "${CONFIG:-$SRC/conf/cpu.ini}"; } |
  sed "s|^\[core\]|[core]\nkey_cache = $T/kc|" > "$T/prover.ini"
W=$FX/witness.wtns
name=$(basename "$FX")
# the verdict cache learns the key once, before any timing
"$G16K" prove --config "$T/prover.ini" --zkey "$T/keys/key.zkey" --witness "$W" --proof "$T/p.json" \
  --public "$T/q.json" || exit 1

now() { date +%s.%N; }
ndone() { "$G16K" jobs --queue "$Q" --state done | wc -l; }
run_queue() {   # run_queue WORKERS IN_FLIGHT DB: seconds for K proofs, on a new database DB
  local w=$1 j=$2 i t0 t1 target
  pg_psql -c "CREATE DATABASE $3" >/dev/null || return 1
  Q="host=$PG_SOCK dbname=$3 user=postgres"
  "$G16K" queue init --queue "$Q" >/dev/null
  wp=()
  for ((i = 0; i < w; i++)); do
    "$G16K" worker --queue "$Q" --config "$T/prover.ini" --keys "$T/keys" --jobs-in-flight "$j" \
      2>>"$T/worker.log" &
    wp+=($!)
  done
  # warm-up: every worker loads the key
  for ((i = 0; i < w * j; i++)); do "$G16K" submit --queue "$Q" --zkey "$T/keys/key.zkey" --witness "$W" >/dev/null; done
  until [ "$(ndone)" -ge $((w * j)) ]; do sleep 0.2; done
  target=$((w * j + K))
  t0=$(now)
  for ((i = 0; i < K; i++)); do "$G16K" submit --queue "$Q" --zkey "$T/keys/key.zkey" --witness "$W" >/dev/null; done
  until [ "$(ndone)" -ge $target ]; do sleep 0.05; done
  t1=$(now)
  for p in "${wp[@]}"; do kill -TERM "$p"; done
  for p in "${wp[@]}"; do wait "$p"; done
  wp=()
  echo "$t1 - $t0" | bc -l
}
run_shell() {
  local i t0 t1
  t0=$(now)
  for ((i = 0; i < K; i++)); do
    "$G16K" prove --config "$T/prover.ini" --zkey "$T/keys/key.zkey" --witness "$W" \
      --proof "$T/p.json" --public "$T/q.json" || return 1
  done
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}
run_snarkjs() {
  local i t0 t1
  t0=$(now)
  for ((i = 0; i < K; i++)); do
    "$SNARKJS" groth16 prove "$T/keys/key.zkey" "$W" "$T/p.json" "$T/q.json" >/dev/null || return 1
  done
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}

declare -A results
n=${#METHODS[@]}
for ((r = 0; r < ROUNDS; r++)); do
  for ((m = 0; m < n; m++)); do
    meth=${METHODS[$(((m + r) % n))]}
    case $meth in
      q:*) IFS=: read -r _ w j <<<"$meth"; s=$(run_queue "$w" "$j" "b_${r}_$m") ;;
      shell) s=$(run_shell) ;;
      snarkjs) s=$(run_snarkjs) ;;
      *) echo "unknown method $meth" >&2; exit 2 ;;
    esac
    ppm=$(echo "60 * $K / $s" | bc -l)
    printf '{"fixture": "%s", "method": "%s", "round": %d, "proofs": %d, "seconds": %.3f, "proofs_per_min": %.2f}\n' \
      "$name" "$meth" "$r" "$K" "$s" "$ppm"
    results[$meth]="${results[$meth]:-} $(printf %.2f "$ppm")"
  done
done
for meth in "${METHODS[@]}"; do
  med=$(echo "${results[$meth]}" | tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
  printf '{"fixture": "%s", "method": "%s", "median_proofs_per_min": %.2f, "runs": "%s"}\n' \
    "$name" "$meth" "$med" "$(echo ${results[$meth]})"
done
