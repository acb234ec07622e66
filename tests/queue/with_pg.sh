#!/usr/bin/env bash
# Run a command against a private PostgreSQL server (pg_server.sh) started for it and stopped
# afterwards, whatever the command's fate: with_pg.sh CMD ARGS... ; in ARGS, @PG_URL@ stands for
# the server's connection string (also in $PG_URL).
set -u
. "$(dirname "$0")/pg_server.sh"
T=$(mktemp -d /tmp/g16kpg.XXXXXX)
trap 'pg_stop; rm -rf "$T"' EXIT
pg_start "$T" || exit 1
args=()
for a in "$@"; do args+=("${a//@PG_URL@/$PG_URL}"); done
"${args[@]}"
