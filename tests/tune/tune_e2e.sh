#!/usr/bin/env bash
# tune_e2e.sh G16K CONFIG FIXTURE_DIR [TUNE ARGS...]
# 1. `g16k tune` on the fixture with CONFIG exits 0; stdout, once comments and blank lines are
#    dropped, is exactly "[window]" and the five keys a, b_g1, b_g2, l, h in that order, each
#    `auto` or an integer 1..31; stderr ends with one JSON object naming the five MSMs.
# 2. CONFIG with its [window] section replaced by the tuned one proves the fixture with
#    --insecure-rs 0,0 bit-exactly equal to ref_proof_r0_s0.json.
# Exit 0 pass, 1 fail, 77 skip (a GPU config on a machine without that device).
set -u
G16K=$1 CONFIG=$2 FIX=$3
shift 3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
name=$(basename "$FIX")

if ! "$G16K" plugins --config "$CONFIG" >"$T/plugins" 2>&1; then
  if grep -qE "no (OpenCL|CUDA) (platform|device)" "$T/plugins"; then
    echo "SKIP: tune $name with $(basename "$CONFIG"): $(cat "$T/plugins")"; exit 77
  fi
  fail "g16k plugins --config $CONFIG: $(cat "$T/plugins")"
fi

"$G16K" tune --config "$CONFIG" --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
    --runs 1 "$@" >"$T/tune.ini" 2>"$T/tune.json" \
  || fail "$name: g16k tune: $(cat "$T/tune.json")"
cat "$T/tune.ini"
# stdout: the [window] section
grep -vE '^[[:space:]]*(;.*)?$' "$T/tune.ini" >"$T/lines"
[ "$(sed -n 1p "$T/lines")" = "[window]" ] || fail "$name: first line is not [window]: $(cat "$T/tune.ini")"
[ "$(wc -l <"$T/lines")" -eq 6 ] || fail "$name: expected [window] and 5 keys: $(cat "$T/tune.ini")"
i=2
for k in a b_g1 b_g2 l h; do
  line=$(sed -n ${i}p "$T/lines")
  echo "$line" | grep -qE "^$k = (auto|[1-9]|[12][0-9]|3[01])$" || fail "$name: bad line '$line' (want $k = auto|1..31)"
  i=$((i + 1))
done
# stderr: a JSON object with the five MSMs
python3 - "$T/tune.json" <<'PY' || fail "$name: tune's stderr is not the expected JSON: $(cat "$T/tune.json")"
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index("{"):])
assert [m["msm"] for m in j["msm"]] == ["A", "B_G1", "B_G2", "L", "H"]
for m in j["msm"]:
    if m["best_window"] is not None:
        assert str(m["best_window"]) in m["seconds"]
        assert all(v >= 0 for v in m["seconds"].values())
PY
# the tuned windows still prove bit-exactly
awk '/^\[window\]/ { skip = 1; next } /^\[/ { skip = 0 } !skip' "$CONFIG" >"$T/prover.ini"
cat "$T/tune.ini" >>"$T/prover.ini"
# a bare plugin path is looked for next to the g16k binary, so the copy may live anywhere;
# keep the original folder's relative paths working too
sed -i "s|^\(\s*plugin_dir\s*=\s*\)\([^/].*\)$|\1$(dirname "$CONFIG")/\2|" "$T/prover.ini"
"$G16K" prove --config "$T/prover.ini" --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
    --proof "$T/proof.json" --public "$T/public.json" --insecure-rs 0,0 2>"$T/err" \
  || fail "$name: prove with the tuned windows: $(cat "$T/err")"
cmp -s "$T/proof.json" "$FIX/ref_proof_r0_s0.json" || fail "$name: proof with tuned windows differs from ref_proof_r0_s0.json"
"$G16K" plugins --config "$T/prover.ini" | grep '^windows:'
echo "ok: $name tuned windows are valid prover.ini and prove bit-exactly"
