#!/usr/bin/env bash
# The verdict cache of proving keys ([core] key_cache, core/key/zkey_cache.h), through the
# g16k command: on by default under $XDG_CACHE_HOME/g16k (else ~/.cache/g16k), off, or a folder
# of its own; the first load records the key's digest, the next skips the subgroup tests and
# still gives the bit-exact reference proof; corrupt, foreign and unreadable entries are ignored
# with a warning and the key is tested again; a folder that cannot be made is a warning; an entry
# does not vouch for the file once it changed, even with the same size and date. An entry is
# named by the key's BLAKE3-256, as b3sum prints it. A file quiet for ZKEY_STAMP_QUIET_S (2 s)
# before its load also gets a stamp entry (inode, size, mtime, ctime -> digest), by which the
# next load finds the verdict without reading the file for its digest; never for a file changed
# just before (racy), and a changed file misses it.
# usage: key_cache.sh G16K FIXTURES CPU_INI
set -u
G16K=$1 FIX=$2/poseidon2 OTHER=$2/mult CPU_INI=$3
VEC=$(cd "$(dirname "$0")/../arith/vectors" && pwd)
TOOL=$(dirname "$0")/zkey_tool.mjs
T=$(mktemp -d)
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; [ -f "$T/err" ] && sed 's/^/  stderr: /' "$T/err"; exit 1; }
export XDG_CACHE_HOME=$T/xdg

# conf/cpu.ini with an extra [core] line ($2, may be empty), written to $1.
mkini() { { echo "[core]"; [ -n "$2" ] && echo "$2"; grep -v '^\[core\]' "$CPU_INI"; } > "$1"; }
mkini "$T/default.ini" ""
# prove INI ZKEY [FIXTURE]: G16K_LOG=info shows the cache's decisions on stderr.
prove() {
  local fx=${3:-$FIX}
  rm -f "$T/p.json" "$T/q.json"
  G16K_LOG=info "$G16K" prove --config "$1" --zkey "$2" --witness "$fx/witness.wtns" \
    --proof "$T/p.json" --public "$T/q.json" --insecure-rs 0,0 2>"$T/err"
}
entries() { find "$1" -name '*.verified' 2>/dev/null | wc -l; }

# 1. On by default, in $XDG_CACHE_HOME/g16k: recorded once, then used.
prove "$T/default.ini" "$FIX/circuit_final.zkey" || fail "first prove"
[ "$(entries "$T/xdg/g16k")" -eq 1 ] || fail "expected one verdict in \$XDG_CACHE_HOME/g16k"
grep -q "recorded in the key cache $T/xdg/g16k" "$T/err" || fail "no record message"
[ "$(stat -c %a "$T/xdg/g16k")" = 700 ] || fail "cache folder is not 0700"
ENTRY=$(find "$T/xdg/g16k" -name '*.verified')
head -1 "$ENTRY" | grep -q '^g16k zkey verdict v3$' || fail "entry format: $(head -1 "$ENTRY")"
# named by the file's BLAKE3-256 as b3sum (an implementation apart from ours) computes it
B3=$(b3sum --no-names "$FIX/circuit_final.zkey") || fail "b3sum failed (scripts/setup.sh installs it)"
[ "$(basename "$ENTRY" .verified)" = "$B3" ] || fail "entry $ENTRY is not named by b3sum's $B3"
prove "$T/default.ini" "$FIX/circuit_final.zkey" || fail "second prove"
grep -q "in the key cache $T/xdg/g16k: no curve or subgroup tests" "$T/err" || fail "cache not used"
cmp -s "$T/p.json" "$FIX/ref_proof_r0_s0.json" || fail "cached key gave a different proof"
# the fixture was written more than 2 s ago (by the build): found by its stamp, no digest
grep -q "no curve or subgroup tests (found by the file's stamp: no digest)" "$T/err" \
  || fail "the second load did not use the file's stamp"
STAMP=$T/xdg/g16k/file-$(stat -L -c '%d-%i' "$FIX/circuit_final.zkey").stamp
[ -f "$STAMP" ] || fail "no stamp entry $STAMP"
grep -qx "digest $B3" "$STAMP" || fail "the stamp entry does not name the digest $B3"

# 2. Without XDG_CACHE_HOME (or with a relative one, which the XDG spec says to ignore): ~/.cache/g16k.
mkdir -p "$T/home"
HOME=$T/home XDG_CACHE_HOME=relative prove "$T/default.ini" "$FIX/circuit_final.zkey" || fail "prove with HOME"
[ "$(entries "$T/home/.cache/g16k")" -eq 1 ] || fail "expected a verdict in \$HOME/.cache/g16k"
[ -e relative ] && fail "a relative XDG_CACHE_HOME was used"

# 3. key_cache = off: nothing read, nothing written.
mkini "$T/off.ini" "key_cache = off"
XDG_CACHE_HOME=$T/xdg-off prove "$T/off.ini" "$FIX/circuit_final.zkey" || fail "prove with key_cache = off"
[ -e "$T/xdg-off" ] && fail "key_cache = off wrote a cache"
grep -q "key cache" "$T/err" && fail "key_cache = off used a cache"

# 4. key_cache = DIR, relative to the ini file; missing folders are made.
mkdir -p "$T/conf"
mkini "$T/conf/dir.ini" "key_cache = verdicts/sub"
prove "$T/conf/dir.ini" "$FIX/circuit_final.zkey" || fail "prove with key_cache = DIR"
[ "$(entries "$T/conf/verdicts/sub")" -eq 1 ] || fail "expected a verdict in the ini's verdicts/sub"

# 5. A corrupt entry is ignored with a warning, the key tested again and the entry rewritten.
echo "garbage" > "$ENTRY"
prove "$T/default.ini" "$FIX/circuit_final.zkey" || fail "prove with a corrupt entry"
grep -q "warn: key_cache $T/xdg/g16k: ignoring $ENTRY (not a g16k verdict for this key)" "$T/err" \
  || fail "no warning for a corrupt entry"
grep -q "recorded in the key cache" "$T/err" || fail "the key was not tested again"
head -1 "$ENTRY" | grep -q '^g16k zkey verdict v3$' || fail "entry not rewritten"

# 6. A foreign entry (another key's verdict under this key's name) is ignored the same way.
prove "$T/default.ini" "$OTHER/circuit_final.zkey" "$OTHER" || fail "prove mult"
OTHER_ENTRY=$(grep -l "first seen as $OTHER/circuit_final.zkey" "$T"/xdg/g16k/*.verified)
cp "$OTHER_ENTRY" "$ENTRY"
prove "$T/default.ini" "$FIX/circuit_final.zkey" || fail "prove with a foreign entry"
grep -q "ignoring $ENTRY (not a g16k verdict for this key)" "$T/err" || fail "no warning for a foreign entry"
grep -q "recorded in the key cache" "$T/err" || fail "the key was not tested again (foreign entry)"

# 7. An unreadable entry (here a folder in its place) is a warning; so is failing to record.
rm -f "$ENTRY" && mkdir "$ENTRY"
prove "$T/default.ini" "$FIX/circuit_final.zkey" || fail "prove with an unreadable entry"
grep -q "warn: key_cache $T/xdg/g16k: cannot read $ENTRY" "$T/err" || fail "no warning for an unreadable entry"
grep -q "warn: key_cache $T/xdg/g16k: cannot record the verdict" "$T/err" || fail "no warning when recording fails"
cmp -s "$T/p.json" "$FIX/ref_proof_r0_s0.json" || fail "wrong proof with an unreadable entry"
rmdir "$ENTRY"

# 8. A cache folder that cannot be made (under a regular file; read-only when not root) is a warning.
touch "$T/afile"
mkini "$T/bad.ini" "key_cache = $T/afile/sub"
prove "$T/bad.ini" "$FIX/circuit_final.zkey" || fail "prove with an impossible cache folder"
grep -q "warn: key_cache $T/afile/sub: cannot create the folder" "$T/err" || fail "no warning for the folder"
if [ "$(id -u)" != 0 ]; then
  mkdir "$T/ro" && chmod 555 "$T/ro"
  mkini "$T/ro.ini" "key_cache = $T/ro"
  prove "$T/ro.ini" "$FIX/circuit_final.zkey" || fail "prove with a read-only cache folder"
  grep -q "warn: key_cache $T/ro: cannot record the verdict" "$T/err" || fail "no warning for a read-only folder"
fi

# 9. The entry of a key does not vouch for it once changed, even with the same size and date:
# a point of section 6 (B1) becomes P + T (T of order 3) in place.
# The copy is racy when first proved (just written): no stamp entry; proved again 2 s later it
# gets one (found by digest), so the change below must miss the stamp too.
cp "$FIX/circuit_final.zkey" "$T/key.zkey"
touch -d '2001-01-01 00:00:00' "$T/key.zkey"
prove "$T/default.ini" "$T/key.zkey" || fail "prove the copy"
KSTAMP=$T/xdg/g16k/file-$(stat -c '%d-%i' "$T/key.zkey").stamp
[ -e "$KSTAMP" ] && fail "a stamp entry for a file changed just before its load"
sleep 2.2
prove "$T/default.ini" "$T/key.zkey" || fail "prove the quiet copy"
grep -q "found by the file's stamp" "$T/err" && fail "a stamp entry used before it was recorded"
[ -f "$KSTAMP" ] || fail "no stamp entry for the quiet copy"
n=$(entries "$T/xdg/g16k")
# shellcheck disable=SC2046
node "$TOOL" put "$T/key.zkey" "$T/key.zkey" 6 1 $(node "$TOOL" torsion "$VEC/torsion.txt" g1_nonmember 3) || fail "node"
touch -d '2001-01-01 00:00:00' "$T/key.zkey"
cmp -s "$T/key.zkey" "$FIX/circuit_final.zkey" && fail "the key did not change"
prove "$T/default.ini" "$T/key.zkey"
rc=$?
[ "$rc" -eq 4 ] || fail "a changed key: exit $rc, expected 4"
grep -q "section 6 (B1) at byte [0-9]*: point 1: point not in the prime-order subgroup" "$T/err" || fail "unexpected error"
[ "$(entries "$T/xdg/g16k")" -eq "$n" ] || fail "a verdict was recorded for a bad key"
[ -e "$T/p.json" ] && fail "output written for a bad key"
# 10. Progress: nothing on a stderr that is not a terminal, unless --progress asks for it.
XDG_CACHE_HOME=$T/xdg-p1 "$G16K" prove --config "$T/default.ini" --zkey "$FIX/circuit_final.zkey" \
  --witness "$FIX/witness.wtns" --proof "$T/p.json" --public "$T/q.json" 2>"$T/err" || fail "prove"
[ -s "$T/err" ] && fail "a piped prove printed: $(cat "$T/err")"
XDG_CACHE_HOME=$T/xdg-p2 "$G16K" prove --config "$T/default.ini" --zkey "$FIX/circuit_final.zkey" \
  --witness "$FIX/witness.wtns" --proof "$T/p.json" --public "$T/q.json" --progress 2>"$T/err" || fail "prove --progress"
grep -q "^g16k: key circuit_final.zkey: [0-9]* of [0-9]* points checked, .*/s" "$T/err" \
  || fail "no progress line"
grep -q "^g16k: key circuit_final.zkey: [0-9]* points checked in [0-9.]* s, handed to the providers in [0-9.]* s$" "$T/err" \
  || fail "no final progress line"
XDG_CACHE_HOME=$T/xdg-p2 "$G16K" prove --config "$T/default.ini" --zkey "$FIX/circuit_final.zkey" \
  --witness "$FIX/witness.wtns" --proof "$T/p.json" --public "$T/q.json" --progress 2>"$T/err" || fail "prove --progress"
grep -q "^g16k: key circuit_final.zkey: in the key cache, no curve or subgroup tests; handed to the providers in [0-9.]* s$" "$T/err" || fail "no cached progress line"
echo "ok: key cache on by default, off, DIR; corrupt, foreign, unreadable entries and bad folders are warnings; a changed key is tested again"
