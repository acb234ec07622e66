#!/usr/bin/env bash
# Time from submit to result with an idle worker whose key is resident, N times, on both
# backends (PostgreSQL with fsync on: LISTEN/NOTIFY; SQLite: data_version polling):
#   e2e_s     `g16k submit` started -> `g16k result --wait` returned (two process starts, the
#             submit's key digest and witness check included)
#   queue_s   e2e_s minus the proof (timings.prove.total, itself pairing-checked): the queue's cost
#   wake_s    claimed_at - submitted_at (database clock): the worker's wake-up and claim
# and the same through the queue API in one process (bench_queue_latency, beside G16K in the
# build's bin/: no process starts, the key digested once), "via": "api".
# One JSON line per backend and way with the medians. usage: tools/queue_latency.sh G16K FIXTURE_DIR N
set -u
G16K=$(realpath "$1") FX=$(realpath "$2") N=$3
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$SRC/tests/queue/pg_server.sh"
T=$(mktemp -d /tmp/g16klat.XXXXXX)
PGD=$(mktemp -d /tmp/g16kpg.XXXXXX)
wpid=
trap '[ -n "$wpid" ] && kill -KILL $wpid 2>/dev/null; pg_stop; rm -rf "$T" "$PGD"' EXIT
PG_FSYNC=on pg_start "$PGD" >/dev/null || exit 1
mkdir "$T/keys"
cp "$FX/circuit_final.zkey" "$T/keys/key.zkey"
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for backend in postgresql sqlite; do
  if [ $backend = postgresql ]; then Q=$PG_URL; else Q=sqlite:$T/q.db; fi
  "$G16K" queue init --queue "$Q" >/dev/null || exit 1
  "$G16K" worker --queue "$Q" --config "$SRC/conf/cpu.ini" --keys "$T/keys" 2>"$T/w.log" &
  wpid=$!
  # warm-up: the key becomes resident
  id=$("$G16K" submit --queue "$Q" --zkey "$T/keys/key.zkey" --witness "$FX/witness.wtns")
  "$G16K" result --queue "$Q" --id "$id" --wait 600 --proof "$T/p.json" --public "$T/q.json" || exit 1
  : > "$T/e2e"
  for ((i = 0; i < N; i++)); do
    sleep 0.3                           # the worker is idle, waiting
    t0=$(date +%s.%N)
    id=$("$G16K" submit --queue "$Q" --zkey "$T/keys/key.zkey" --witness "$FX/witness.wtns")
    "$G16K" result --queue "$Q" --id "$id" --wait 600 --proof "$T/p.json" --public "$T/q.json" || exit 1
    t1=$(date +%s.%N)
    echo "$id $(echo "$t1 - $t0" | bc -l)" >> "$T/e2e"
  done
  "$(dirname "$G16K")/bench_queue_latency" "$Q" "$T/keys/key.zkey" "$FX/witness.wtns" "$N" |
    sed "s/^{/{\"via\": \"api\", \"fixture\": \"$(basename "$FX")\", /"
  kill -TERM $wpid; wait $wpid; wpid=
  "$G16K" jobs --queue "$Q" --state done | grep -v '"key_hint":"bench"' > "$T/jobs"
  node -e '
    const fs = require("fs");
    const jobs = Object.fromEntries(fs.readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean)
      .map((l) => JSON.parse(l)).map((j) => [j.id, j]));
    const med = (a) => { a.sort((x, y) => x - y); const m = a.length >> 1; return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2; };
    const rows = fs.readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean).map((l) => l.split(" "));
    const e2e = [], queue = [], wake = [], prove = [];
    for (const [id, s] of rows) {
      const j = jobs[id];
      e2e.push(+s); prove.push(j.timings.prove.total);
      queue.push(+s - j.timings.prove.total); wake.push(j.claimed_at - j.submitted_at);
    }
    const r = (x) => Math.round(x * 1e4) / 1e4;
    console.log(JSON.stringify({ backend: process.argv[3], via: "cli", fixture: process.argv[4], runs: rows.length,
      e2e_s: r(med(e2e)), prove_s: r(med(prove)), queue_s: r(med(queue)), wake_s: r(med(wake)) }));
  ' "$T/jobs" "$T/e2e" $backend "$(basename "$FX")"
done
