#!/usr/bin/env bash
# Proofs per minute through the job queue against the alternatives, in one run, alternating:
#   q:W:J    W `g16k worker` processes (J jobs in flight each) on a private PostgreSQL (fsync on),
#            keys resident: the clock runs from the first of K submits to the K-th job done
#   shell    a shell loop of K `g16k prove` (each loads the key; [core] key_cache on, so only
#            the first load checks the points)
#   snarkjs  a shell loop of K `snarkjs groth16 prove` (the pinned snarkjs 0.7.6)
#   shell-nocache  the same loop without the key cache (every load checks every point)
# Each method runs once per round, the order rotating each round; one JSON line per run on
# stdout (wall seconds and CPU seconds of all its processes), then the medians. On a machine
# shared with other work, wall time also measures how much of the CPU a method's threads win
# from the others; CPU seconds per proof does not. Speed is measured here, never asserted in a
# test.
# usage: tools/queue_bench.sh G16K FIXTURE_DIR K ROUNDS [METHODS...]
#   e.g. tools/queue_bench.sh build/bin/g16k build/fixtures/sha256_64 6 3 q:1:1 q:2:1 shell snarkjs
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
# CPU seconds (user + system, all threads) of the processes given
cpu_of() {
  local p t=0
  for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done
  echo "$t / $(getconf CLK_TCK)" | bc -l
}
ndone() { "$G16K" jobs --queue "$Q" --state done | wc -l; }
run_queue() {   # run_queue WORKERS IN_FLIGHT DB: "wall cpu" seconds for K proofs, on a new database DB
  local w=$1 j=$2 i t0 t1 target c0 c1
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
  c0=$(cpu_of "${wp[@]}")
  t0=$(now)
  for ((i = 0; i < K; i++)); do "$G16K" submit --queue "$Q" --zkey "$T/keys/key.zkey" --witness "$W" >/dev/null; done
  until [ "$(ndone)" -ge $target ]; do sleep 0.05; done
  t1=$(now)
  c1=$(cpu_of "${wp[@]}")
  for p in "${wp[@]}"; do kill -TERM "$p"; done
  for p in "${wp[@]}"; do wait "$p"; done
  wp=()
  echo "$(echo "$t1 - $t0" | bc -l) $(echo "$c1 - $c0" | bc -l)"
}
# timed CMD...: "wall cpu" seconds of CMD and its children
timed() {
  local TIMEFORMAT='%R %U %S' out
  out=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || return 1
  echo "$out" | awk '{print $1, $2 + $3}'
}
loop_prove() {   # loop_prove CONFIG: K proofs by g16k prove
  local i
  for ((i = 0; i < K; i++)); do
    "$G16K" prove --config "$1" --zkey "$T/keys/key.zkey" --witness "$W" \
      --proof "$T/p.json" --public "$T/q.json" || return 1
  done
}
loop_snarkjs() {
  local i
  for ((i = 0; i < K; i++)); do
    "$SNARKJS" groth16 prove "$T/keys/key.zkey" "$W" "$T/p.json" "$T/q.json" || return 1
  done
}
grep -v '^key_cache' "$T/prover.ini" > "$T/nocache.ini"

declare -A results cpus
n=${#METHODS[@]}
for ((r = 0; r < ROUNDS; r++)); do
  for ((m = 0; m < n; m++)); do
    meth=${METHODS[$(((m + r) % n))]}
    case $meth in
      q:*) IFS=: read -r _ w j <<<"$meth"; out=$(run_queue "$w" "$j" "b_${r}_$m") ;;
      shell) out=$(timed loop_prove "$T/prover.ini") ;;
      shell-nocache) out=$(timed loop_prove "$T/nocache.ini") ;;
      snarkjs) out=$(timed loop_snarkjs) ;;
      *) echo "unknown method $meth" >&2; exit 2 ;;
    esac
    read -r s c <<<"$out"
    ppm=$(echo "60 * $K / $s" | bc -l)
    cpp=$(echo "$c / $K" | bc -l)
    printf '{"fixture": "%s", "method": "%s", "round": %d, "proofs": %d, "seconds": %.3f, "proofs_per_min": %.2f, "cpu_s_per_proof": %.3f}\n' \
      "$name" "$meth" "$r" "$K" "$s" "$ppm" "$cpp"
    results[$meth]="${results[$meth]:-} $(printf %.2f "$ppm")"
    cpus[$meth]="${cpus[$meth]:-} $(printf %.3f "$cpp")"
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for meth in "${METHODS[@]}"; do
  printf '{"fixture": "%s", "method": "%s", "median_proofs_per_min": %.2f, "median_cpu_s_per_proof": %.3f, "runs": "%s", "cpu_runs": "%s"}\n' \
    "$name" "$meth" "$(echo "${results[$meth]}" | median)" "$(echo "${cpus[$meth]}" | median)" \
    "$(echo ${results[$meth]})" "$(echo ${cpus[$meth]})"
done
