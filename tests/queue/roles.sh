#!/usr/bin/env bash
# PostgreSQL roles with the least rights (docs/queue.md): queue init creates g16k_submitter and
# g16k_worker and grants them; login roles with SCRAM passwords (given in the connection string,
# which g16k hands to libpq unchanged: key=value and postgresql:// URI forms) then may do their
# part and nothing else:
#   - submitters insert jobs and read their own jobs and results, not another submitter's; they
#     cannot mark a job done, set its state at insert, read witnesses, change settings or claim;
#   - workers claim, prove and end jobs; they cannot insert jobs, read results or change settings;
#   - neither may run queue init (the schema is the owner's); a wrong password is refused.
# usage: roles.sh G16K SOURCE_DIR FIXTURES
set -u
G16K=$1 SRC=$2 FIXS=$3
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/pg_server.sh"
T=$(mktemp -d /tmp/g16kroles.XXXXXX)
PGD=$(mktemp -d /tmp/g16kpg.XXXXXX)
trap 'pg_stop; rm -rf "$T" "$PGD"' EXIT
pg_start "$PGD" || exit 1
fails=0 passes=0
ok() { echo "ok: $*"; passes=$((passes + 1)); }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {   # expect CODE PATTERN CMD...
  local code=$1 pat=$2
  shift 2
  "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  if [ $rc -ne "$code" ]; then bad "$*: exit $rc, expected $code: $(cat "$T/err" "$T/out")"; return 1; fi
  if [ -n "$pat" ] && ! grep -qE -- "$pat" "$T/err" "$T/out"; then
    bad "$*: no /$pat/ in: $(cat "$T/err" "$T/out")"; return 1
  fi
  ok "exit $code: $(cat "$T/err" "$T/out" | head -c 160 | tr '\n' ' ')"
}
# sql_as USER SQL: psql as a login role (password from PGPASSWORD)
sql_as() {
  PGPASSWORD="$1-pw" "$PG_BIN/psql" -h "$PG_SOCK" -U "$1" -d g16k -qAt -v ON_ERROR_STOP=1 -c "$2"
}
url() { echo "host=$PG_SOCK dbname=g16k user=$1 password=$1-pw"; }

expect 0 "created" "$G16K" queue init --queue "$PG_URL"
pg_psql -c "CREATE ROLE alice LOGIN PASSWORD 'alice-pw' IN ROLE g16k_submitter;
            CREATE ROLE carol LOGIN PASSWORD 'carol-pw' IN ROLE g16k_submitter;
            CREATE ROLE bob LOGIN PASSWORD 'bob-pw' IN ROLE g16k_worker" || exit 1
mkdir "$T/keys"
cp "$FIXS/mult/circuit_final.zkey" "$T/keys/mult.zkey"
W=$FIXS/mult/witness.wtns

expect 8 "password authentication failed" "$G16K" jobs --queue "host=$PG_SOCK dbname=g16k user=alice password=wrong"
a=$("$G16K" submit --queue "$(url alice)" --zkey "$T/keys/mult.zkey" --witness "$W") && ok "alice submitted job $a" || bad "alice submit"
# the URI form, the socket folder percent-encoded
enc=$(node -e 'console.log(encodeURIComponent(process.argv[1]))' "$PG_SOCK")
c=$("$G16K" submit --queue "postgresql://carol:carol-pw@/g16k?host=$enc" --zkey "$T/keys/mult.zkey" --witness "$W") &&
  ok "carol submitted job $c (URI form)" || bad "carol submit"

expect 0 "\"submitter\":\"carol\"" "$G16K" jobs --queue "$(url carol)"
[ "$("$G16K" jobs --queue "$(url carol)" | wc -l)" = 1 ] && ok "carol sees her job only" || bad "carol sees others' jobs"
expect 8 "no such job" "$G16K" result --queue "$(url carol)" --id "$a" --proof "$T/p.json" --public "$T/q.json"
expect 1 "permission denied" sql_as alice "UPDATE g16k_jobs SET state = 'done'"
expect 1 "permission denied" sql_as alice "INSERT INTO g16k_jobs (state, key_digest, n_vars, witness_bytes) VALUES ('done', repeat('a', 64), 4, 204)"
expect 1 "permission denied" sql_as alice "SELECT witness FROM g16k_job_inputs"
expect 1 "permission denied" sql_as alice "UPDATE g16k_settings SET value = 1"
expect 1 "permission denied" sql_as alice "DELETE FROM g16k_jobs"
expect 8 "permission denied" "$G16K" worker --queue "$(url alice)" --config "$SRC/conf/cpu.ini" --keys "$T/keys" --idle-exit 1
expect 8 "permission denied|must be owner" "$G16K" queue init --queue "$(url alice)"

expect 8 "permission denied" "$G16K" submit --queue "$(url bob)" --zkey "$T/keys/mult.zkey" --witness "$W"
expect 1 "permission denied" sql_as bob "INSERT INTO g16k_jobs (key_digest, n_vars, witness_bytes) VALUES (repeat('a', 64), 4, 204)"
expect 1 "permission denied" sql_as bob "UPDATE g16k_settings SET value = 1"
expect 1 "must be owner" sql_as bob "DROP TABLE g16k_jobs"
expect 0 "done" "$G16K" worker --queue "$(url bob)" --config "$SRC/conf/cpu.ini" --keys "$T/keys" --idle-exit 1

expect 0 "" "$G16K" result --queue "$(url alice)" --id "$a" --proof "$T/p.json" --public "$T/q.json"
cmp -s "$T/q.json" "$FIXS/mult/public.json" && ok "alice read her result" || bad "alice's public.json"
expect 0 "" "$G16K" result --queue "$(url carol)" --id "$c" --proof "$T/pc.json" --public "$T/qc.json"
expect 1 "permission denied" sql_as bob "SELECT count(*) FROM g16k_job_results"
expect 0 "^1$" sql_as alice "SELECT count(*) FROM g16k_job_results"
[ "$(pg_psql -c 'SELECT count(*) FROM g16k_job_results')" = 2 ] && ok "both results stored" || bad "results"

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
