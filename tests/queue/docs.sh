#!/usr/bin/env bash
# docs/queue.md and docs/queue-fleet.md as a user reads them, against an installed g16k (cmake
# --install into a temporary prefix; nothing of the source or build tree on PATH):
#  1. queue.md's quick start, its ```sh block run as written, with only its two absolute
#     folders (/var/lib/g16k, /srv/keys) moved under a temporary one: the worker takes the
#     built-in configuration (no --config), the job's proof verifies (g16k and snarkjs);
#  2. every `g16k COMMAND ...` either document writes (code spans, blocks, the fleet diagram):
#     the command exists and each option it names is one `g16k COMMAND --help` lists.
# usage: docs.sh BUILD SOURCE FIXTURES SNARKJS
set -euo pipefail
BUILD=$1 SRC=$2 FIX=$3/poseidon2 SNARKJS=${4:-}
[ -n "$SNARKJS" ] && [ -x "$SNARKJS" ] || { echo "FAIL: snarkjs not installed (tools/snarkjs: npm ci)"; exit 1; }
T=$(mktemp -d)
cleanup() { [ -n "${wpid:-}" ] && kill "$wpid" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cmake --install "$BUILD" --prefix "$T/prefix" > "$T/install.log" 2>&1 || fail "install: $(tail -5 "$T/install.log")"
export PATH="$T/prefix/bin:/usr/bin:/bin" XDG_CACHE_HOME="$T/cache"
unset G16K_CONFIG G16K_QUEUE G16K_PLUGIN_DIR
[ "$(command -v g16k)" = "$T/prefix/bin/g16k" ] || fail "g16k on PATH is $(command -v g16k)"

# 1. the quick start
awk '/^```sh$/ { f = 1; next } /^```$/ { f = 0 } f' "$SRC/docs/queue.md" > "$T/block.sh"
[ -s "$T/block.sh" ] || fail "no sh block in docs/queue.md"
grep -q "g16k worker" "$T/block.sh" || fail "the quick start starts no worker"
sed -i -e "s|/var/lib/g16k|$T/var/lib/g16k|g" -e "s|/srv/keys|$T/srv/keys|g" "$T/block.sh"
mkdir -p "$T/var/lib/g16k" "$T/srv/keys" "$T/work"
cp "$FIX/circuit_final.zkey" "$T/srv/keys/circuit.zkey"
cp "$FIX/witness.wtns" "$T/work/witness.wtns"
# the worker it starts in the background is stopped (SIGTERM) once the block has run
(cd "$T/work" && bash -e -c "$(cat "$T/block.sh")"' ; kill %1; wait %1') > "$T/block.out" 2>&1 ||
  fail "the quick start, run as written: $(tail -20 "$T/block.out")"
[ -s "$T/work/proof.json" ] && [ -s "$T/work/public.json" ] || fail "no proof.json/public.json: $(cat "$T/block.out")"
g16k verify --vk "$FIX/verification_key.json" --public "$T/work/public.json" --proof "$T/work/proof.json" ||
  fail "the queued proof does not verify with g16k"
"$SNARKJS" groth16 verify "$FIX/verification_key.json" "$T/work/public.json" "$T/work/proof.json" | grep -q "OK!" ||
  fail "snarkjs rejects the queued proof"
echo "ok: docs/queue.md's quick start runs as written against the installed g16k"

# 2. every command either document writes, and each option it names
n=0
for doc in "$SRC/docs/queue.md" "$SRC/docs/queue-fleet.md"; do
  grep -oE 'g16k (queue init|submit|worker|result|jobs|prove|verify)( +(\[?--[a-z-]+|[A-Za-z0-9_./:$"{}=-]+\]?))*' "$doc" |
  while read -r _ cmd rest; do
    [ "$cmd" = queue ] && { cmd="queue"; rest=${rest#init}; }
    g16k "$cmd" --help > "$T/help" 2>&1 || fail "$(basename "$doc"): 'g16k $cmd' has no --help: $(cat "$T/help")"
    for o in $(grep -oE -- '--[a-z][a-z-]*' <<< "$rest"); do
      grep -qE -- "(^|[^a-z-])$o([^a-z-]|$)" "$T/help" ||
        fail "$(basename "$doc"): g16k $cmd $o: not an option of g16k $cmd (its --help: $(head -3 "$T/help"))"
    done
    echo "$cmd"
  done > "$T/seen"
  n=$((n + $(wc -l < "$T/seen")))
done
[ "$n" -gt 10 ] || fail "only $n commands found in the queue documents"
echo "ok: $n commands of docs/queue.md and docs/queue-fleet.md, each option known to its command"
