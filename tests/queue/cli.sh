#!/usr/bin/env bash
# The queue commands as a user meets them, on one backend (pg: a private server; sqlite: a
# file): queue init (idempotent), submit's checks (another circuit's witness, a truncated one, a
# missing key, a witness over the limit: each refused with its exit code and nothing queued),
# result before and after a worker (--wait), jobs, usage errors, worker start-up errors, --max-jobs,
# --keys-mem (least recently used keys out), a BN254 key's job beside BLS12-381 ones,
# --jobs-in-flight 2, SIGTERM (finishes the job in hand, exit 0), SIGINT during a key load
# (cancels and releases it, not counting the attempt, exit 0), a failed job's exit code, and
# snarkjs groth16 verify on the results.
# usage: cli.sh pg|sqlite G16K SOURCE_DIR FIXTURES SNARKJS_BIN
set -u
BACKEND=$1 G16K=$2 SRC=$3 FIXS=$4 SNARKJS=$5
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d /tmp/g16kcli.XXXXXX)
bg=()
cleanup() {
  for p in "${bg[@]}"; do kill -KILL "$p" 2>/dev/null; done
  [ "$BACKEND" = pg ] && pg_stop
  rm -rf "$T" ${PGD:+"$PGD"}
}
trap cleanup EXIT
fails=0 passes=0
ok() { echo "ok: $*"; passes=$((passes + 1)); }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

if [ "$BACKEND" = pg ]; then
  . "$HERE/pg_server.sh"
  PGD=$(mktemp -d /tmp/g16kpg.XXXXXX)
  pg_start "$PGD" || exit 1
  Q=$PG_URL
else
  Q=sqlite:$T/q.db
fi
M=$FIXS/mult P=$FIXS/poseidon2
mkdir "$T/keys"
cp "$M/circuit_final.zkey" "$T/keys/mult.zkey"
cp "$P/circuit_final.zkey" "$T/keys/poseidon2.zkey"
CFG=$SRC/conf/cpu.ini

# expect CODE PATTERN CMD...: exit code and a line of stderr matching PATTERN
expect() {
  local code=$1 pat=$2
  shift 2
  "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  if [ $rc -ne "$code" ]; then bad "$*: exit $rc, expected $code: $(cat "$T/err")"; return 1; fi
  if ! grep -qE -- "$pat" "$T/err" "$T/out"; then bad "$*: no /$pat/ in: $(cat "$T/err" "$T/out")"; return 1; fi
  ok "exit $code: $(head -c 200 "$T/err")"
}
njobs() { "$G16K" jobs --queue "$Q" ${1:+--state $1} | wc -l; }
# state ID: "STATE ATTEMPTS"
state() {
  "$G16K" jobs --queue "$Q" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const l of s.split("\n").filter(Boolean)){const j=JSON.parse(l);if(j.id==process.argv[1])console.log(j.state,j.attempts)}})' "$1"
}
wait_running() {   # [ID]: until job ID (default: any job) is running (at most 60 s); prints its id
  local id
  for _ in $(seq 1 1200); do
    id=$("$G16K" jobs --queue "$Q" --state running | sed -nE "s/^\{\"id\":(${1:-[0-9]+}),.*/\1/p" | head -1)
    [ -n "$id" ] && { echo "$id"; return 0; }
    sleep 0.05
  done
  return 1
}

expect 8 "queue init" "$G16K" jobs --queue "$Q"
expect 0 "created" "$G16K" queue init --queue "$Q"
expect 0 "up to date" "$G16K" queue init --queue "$Q"
if [ "$BACKEND" = sqlite ]; then
  [ "$(stat -c %a "$T/q.db")" = 600 ] && ok "the queue file is the owner's only" || bad "q.db mode $(stat -c %a "$T/q.db")"
fi

# submit's checks
expect 4 "poseidon2/witness.wtns.*520 witness values" "$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$P/witness.wtns"
head -c 100 "$M/witness.wtns" > "$T/trunc.wtns"
expect 4 "trunc.wtns" "$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$T/trunc.wtns"
expect 5 "nonexistent.zkey" "$G16K" submit --queue "$Q" --zkey "$T/nonexistent.zkey" --witness "$M/witness.wtns"
head -c 3000 "$M/circuit_final.zkey" > "$T/trunc.zkey"
expect 4 "trunc.zkey" "$G16K" submit --queue "$Q" --zkey "$T/trunc.zkey" --witness "$M/witness.wtns"
expect 0 "max witness 1 MiB" "$G16K" queue init --queue "$Q" --max-witness 1
head -c 1572864 /dev/zero > "$T/big.wtns"   # the size is checked before the content
expect 8 "over the queue's limit of 1048576 bytes" "$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$T/big.wtns"
expect 0 "max witness 256 MiB" "$G16K" queue init --queue "$Q" --max-witness 256
[ "$(njobs)" = 0 ] && ok "nothing queued by refused submits" || bad "$(njobs) jobs after refused submits"

# usage errors
expect 2 "--priority" "$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$M/witness.wtns" --priority high
expect 2 "unknown job state" "$G16K" jobs --queue "$Q" --state bogus
expect 2 "--queue is required" env -u G16K_QUEUE "$G16K" jobs
expect 2 "queue URL" "$G16K" jobs --queue mysql://nowhere
expect 2 "--keys DIR is required" "$G16K" worker --queue "$Q" --config "$CFG"

# jobs and results
id1=$("$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$M/witness.wtns" --label first)
id2=$(G16K_QUEUE=$Q "$G16K" submit --zkey "$T/keys/poseidon2.zkey" --witness "$P/witness.wtns" --priority 9)
[ -n "$id1" ] && [ -n "$id2" ] && ok "submitted jobs $id1 and $id2" || bad "submit printed no id"
expect 9 "job $id1 is queued" "$G16K" result --queue "$Q" --id "$id1" --proof "$T/p.json" --public "$T/q.json"
expect 8 "no such job" "$G16K" result --queue "$Q" --id 999 --proof "$T/p.json" --public "$T/q.json"
[ ! -e "$T/p.json" ] && ok "no file written for an unfinished job" || bad "p.json written"

expect 5 "--keys $T/nokeys" "$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/nokeys"
printf '[core]\nthreads = lots\n' > "$T/bad.ini"
expect 3 "bad.ini" "$G16K" worker --queue "$Q" --config "$T/bad.ini" --keys "$T/keys"

# --max-jobs 1 takes the higher priority job only
expect 0 "job $id2 \(poseidon2.zkey, attempt 1\): done" "$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" --max-jobs 1
[ "$(state "$id1")" = "queued 0" ] && ok "job $id1 left queued" || bad "job $id1: $(state "$id1")"

# result --wait, answered when a worker comes
"$G16K" result --queue "$Q" --id "$id1" --wait 120 --proof "$T/p1.json" --public "$T/q1.json" 2>"$T/wait.err" &
waiter=$!
sleep 1
"$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" --idle-exit 1 2>"$T/w.log"
if wait $waiter; then ok "result --wait returned the job once done"; else bad "result --wait: $(cat "$T/wait.err")"; fi
cmp -s "$T/q1.json" "$M/public.json" && ok "public.json is snarkjs's" || bad "public.json differs: $(cat "$T/q1.json")"
if [ -n "$SNARKJS" ]; then
  expect 0 "OK" "$SNARKJS" groth16 verify "$M/verification_key.json" "$T/q1.json" "$T/p1.json"
  "$G16K" result --queue "$Q" --id "$id2" --proof "$T/p2.json" --public "$T/q2.json"
  expect 0 "OK" "$SNARKJS" groth16 verify "$P/verification_key.json" "$T/q2.json" "$T/p2.json"
fi
line=$("$G16K" jobs --queue "$Q" --state done | grep "\"id\":$id1,")
echo "$line" | grep -q '"label":"first"' && echo "$line" | grep -q '"timings":{"attempt":1' &&
  echo "$line" | grep -qE '"wait_s":[0-9]' && ok "jobs lists label, timings and wait" || bad "jobs line: $line"

# a BN254 (bn128) key: the queue holds keys by digest, whichever curve; submit checks the
# witness against the key's curve
BN=$SRC/tests/fixtures/bn128/poseidon2
mkdir "$T/keysbn"
cp "$BN/circuit_final.zkey" "$T/keysbn/poseidon2_bn128.zkey"
expect 4 "a BLS12-381 witness .* the proving key is BN254's" "$G16K" submit --queue "$Q" --zkey "$T/keysbn/poseidon2_bn128.zkey" --witness "$P/witness.wtns"
idb=$("$G16K" submit --queue "$Q" --zkey "$T/keysbn/poseidon2_bn128.zkey" --witness "$BN/witness.wtns")
"$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keysbn" --idle-exit 1 2>"$T/bn.log"
if "$G16K" result --queue "$Q" --id "$idb" --proof "$T/pb.json" --public "$T/qb.json" 2>"$T/bn.err"; then
  cmp -s "$T/qb.json" "$BN/public.json" && ok "bn128 job $idb: public.json is snarkjs's" || bad "bn128 public.json differs"
  [ -z "$SNARKJS" ] || expect 0 "OK" "$SNARKJS" groth16 verify "$BN/verification_key.json" "$T/qb.json" "$T/pb.json"
else
  bad "bn128 job $idb: $(cat "$T/bn.err") $(cat "$T/bn.log")"
fi

# resident keys within --keys-mem: a budget of 1 MiB keeps both keys (the third job finds mult
# resident), a budget of 0 keeps only the key in use (every job loads its key)
key_loads() {   # key_loads MEM_MIB: key_loaded of three jobs mult, poseidon2, mult
  local ids="" i
  for k in mult poseidon2 mult; do
    ids="$ids $("$G16K" submit --queue "$Q" --zkey "$T/keys/$k.zkey" --witness "$FIXS/$k/witness.wtns")"
  done
  "$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" --keys-mem "$1" --idle-exit 1 2>/dev/null
  for i in $ids; do
    "$G16K" jobs --queue "$Q" --state done | grep "^{\"id\":$i," | grep -o '"key_loaded":[a-z]*' | cut -d: -f2
  done | paste -sd' '
}
l=$(key_loads 1)
[ "$l" = "true true false" ] && ok "--keys-mem 1: mult stayed resident ($l)" || bad "--keys-mem 1: key_loaded $l"
l=$(key_loads 0)
[ "$l" = "true true true" ] && ok "--keys-mem 0: each key evicted for the next ($l)" || bad "--keys-mem 0: key_loaded $l"

# a failed job exits with its error's code
node -e '
const fs = require("fs"); const b = fs.readFileSync(process.argv[1]);
b[b.length - 64] ^= 1; fs.writeFileSync(process.argv[2], b);' "$M/witness.wtns" "$T/unsat.wtns"
id3=$("$G16K" submit --queue "$Q" --zkey "$T/keys/mult.zkey" --witness "$T/unsat.wtns")
"$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" --idle-exit 1 2>"$T/unsat.log"
expect 6 "job $id3 failed after 1 attempt: .*does not satisfy" "$G16K" result --queue "$Q" --id "$id3" --proof "$T/p.json" --public "$T/q.json"
# ... and the worker's log does not count it as one attempt of several: it is not retried
grep -q "job $id3 (mult.zkey, attempt 1, not retried): failed" "$T/unsat.log" &&
  ! grep -q "job $id3 .*attempt 1 of" "$T/unsat.log" &&
  ok "a bad witness is logged as not retried" || bad "worker log for a bad witness: $(grep "job $id3" "$T/unsat.log")"

# a job whose key no live worker holds: G16K_ENOKEY, not an I/O error; result exits 3
mkdir -p "$T/elsewhere"
cp "$FIXS/nopub/circuit_final.zkey" "$T/elsewhere/nopub.zkey"
id4=$("$G16K" submit --queue "$Q" --zkey "$T/elsewhere/nopub.zkey" --witness "$FIXS/nopub/witness.wtns")
"$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" --idle-exit 1 2>/dev/null
"$G16K" jobs --queue "$Q" --state failed | grep "^{\"id\":$id4," | grep -q '"error_code":"G16K_ENOKEY"' &&
  ok "a key no worker holds: G16K_ENOKEY" || bad "job $id4: $("$G16K" jobs --queue "$Q" | grep "^{\"id\":$id4,")"
expect 3 "job $id4 failed after 1 attempt: key .* \(nopub.zkey\): no live worker has it" \
  "$G16K" result --queue "$Q" --id "$id4" --proof "$T/p.json" --public "$T/q.json"

# two jobs in flight: all done
for i in 1 2 3 4; do "$G16K" submit --queue "$Q" --zkey "$T/keys/poseidon2.zkey" --witness "$P/witness.wtns" >/dev/null; done
expect 0 "2 jobs in flight" "$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" --jobs-in-flight 2 --idle-exit 1
[ "$(njobs queued)" = 0 ] && [ "$(njobs done)" = 13 ] && ok "--jobs-in-flight 2 did them all" || bad "$(njobs queued) queued, $(njobs done) done"

# SIGTERM finishes the job in hand. A poseidon2 job takes about 30 ms, and one poll of
# wait_running (a g16k process and a query) can take longer on a busy machine: with 3 jobs the
# worker once did them all between two polls ("no job ever ran", 2026-12-05), so it gets 40.
for i in $(seq 1 40); do "$G16K" submit --queue "$Q" --zkey "$T/keys/poseidon2.zkey" --witness "$P/witness.wtns" >/dev/null; done
"$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys" 2>"$T/term.log" &
wpid=$!
bg+=($wpid)
if held=$(wait_running); then
  kill -TERM $wpid
  wait $wpid; rc=$?
  st=$(state "$held")
  [ $rc = 0 ] && [ "$st" = "done 1" ] && [ "$(njobs running)" = 0 ] &&
    ok "SIGTERM: job $held finished ($st), exit 0" || bad "SIGTERM: exit $rc, job $held $st, $(njobs running) running"
else
  bad "no job ever ran: $(cat "$T/term.log")"
  kill -TERM $wpid; wait $wpid # left running, it would fail the next case's job (no key)
fi

# SIGINT while the key loads (poseidon_chain: seconds of point checks) releases the job
[ -f "$FIXS/poseidon_chain/circuit_final.zkey" ] ||
  bad "missing fixture $FIXS/poseidon_chain (made by the fixtures_large test)"
if [ -f "$FIXS/poseidon_chain/circuit_final.zkey" ]; then
  mkdir "$T/keys2"
  cp "$FIXS/poseidon_chain/circuit_final.zkey" "$T/keys2/chain.zkey"
  idc=$("$G16K" submit --queue "$Q" --zkey "$T/keys2/chain.zkey" --witness "$FIXS/poseidon_chain/witness.wtns")
  "$G16K" worker --queue "$Q" --config "$CFG" --keys "$T/keys2" 2>"$T/int.log" &
  wpid=$!
  bg+=($wpid)
  # the SIGTERM case's leftover poseidon2 jobs come first and fail at once (no key in
  # keys2): a signal while one of them ran found no load to interrupt (a flake, 2026-12-05)
  if wait_running "$idc" >/dev/null; then
    kill -INT $wpid
    wait $wpid; rc=$?
    st=$(state "$idc")
    [ $rc = 0 ] && [ "$st" = "queued 0" ] && grep -q "job $idc: released" "$T/int.log" &&
      ok "SIGINT: job $idc released ($st), exit 0" || bad "SIGINT: exit $rc, job $idc $st: $(cat "$T/int.log")"
  else
    bad "the poseidon_chain job never ran: $(cat "$T/int.log")"
  fi
fi

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
