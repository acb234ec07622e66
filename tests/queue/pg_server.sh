# A private PostgreSQL server for one test: source this file, then
#   pg_start DIR     initdb into DIR/data and start it, listening only on a Unix socket in DIR
#                    (no TCP); sets PG_URL (libpq connection string of database g16k as the
#                    superuser postgres) and PG_SOCK (the socket folder)
#   pg_restart       immediate shutdown (as a crash) and start again: crash recovery runs
#   pg_stop          immediate shutdown (the EXIT trap the caller sets should call it)
#   pg_psql ARGS     psql as the superuser on database g16k
# PG_FSYNC=on keeps fsync on (benchmarks); the tests run with it off.
# Local connections: the superuser by trust, every other role by SCRAM password (pg_hba.conf).
# PostgreSQL refuses to run as root: as root the server runs as the Debian package's postgres
# user (DIR is given to it); the tests connect as root through the socket.
PG_BIN=$(pg_config --bindir 2>/dev/null)
[ -x "$PG_BIN/initdb" ] || PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
PG_DIR=

pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_ctl_() {
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 "$@"
}

pg_start() {
  PG_DIR=$1
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "pg_server.sh: no PostgreSQL server binaries (install postgresql: scripts/setup.sh)" >&2
    return 1
  fi
  [ "$(id -u)" -eq 0 ] && chown postgres: "$PG_DIR"
  chmod 700 "$PG_DIR"
  pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --no-sync \
    --no-instructions >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  printf 'local all postgres trust\nlocal all all scram-sha-256\n' |
    pg_as_owner tee "$PG_DIR/data/pg_hba.conf" >/dev/null
  # fsync off: the restart is a server crash, not a machine crash (the page cache keeps it all)
  cat <<EOF | pg_as_owner tee -a "$PG_DIR/data/postgresql.conf" >/dev/null
listen_addresses = ''
unix_socket_directories = '$PG_DIR'
unix_socket_permissions = 0700
fsync = ${PG_FSYNC:-off}
max_connections = 100
EOF
  pg_ctl_ start >/dev/null || { cat "$PG_DIR/server.log" >&2; return 1; }
  PG_SOCK=$PG_DIR
  "$PG_BIN/psql" -h "$PG_SOCK" -U postgres -d postgres -qAt -c 'CREATE DATABASE g16k' >/dev/null ||
    return 1
  PG_URL="host=$PG_SOCK dbname=g16k user=postgres"
  export PG_URL PG_SOCK
}

pg_restart() {
  pg_ctl_ -m immediate restart >/dev/null || { cat "$PG_DIR/server.log" >&2; return 1; }
}

pg_stop() {
  [ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ] && pg_ctl_ -m immediate stop >/dev/null 2>&1
  return 0
}

pg_psql() {
  "$PG_BIN/psql" -h "$PG_SOCK" -U postgres -d g16k -qAt -v ON_ERROR_STOP=1 "$@"
}
