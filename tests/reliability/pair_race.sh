#!/usr/bin/env bash
# Two provers, one output pair (formats/json_pair.c): poseidon2 proved from two witnesses (the
# fixture's, and one snarkjs computes from circuit.wasm and another input) by two `g16k prove`
# processes started together, writing the same --proof and --public paths, many times; after
# each try the pair on disk must verify, and a `g16k verify` loop running meanwhile must never
# see a mixed pair. Then test_pair_race does the same inside one process, thousands of times.
# usage: pair_race.sh G16K TEST_PAIR_RACE CONFIG FIXTURE_DIR SNARKJS [TRIES]
set -u
G16K=$1 RACE=$2 CONFIG=$3 FX=$4 SNARKJS=$5 TRIES=${6:-12}
[ -n "$SNARKJS" ] || { echo "SKIP: snarkjs not installed (tools/snarkjs: npm ci)"; exit 77; }
T=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$T"' EXIT
echo '{"in":["3","4"]}' >"$T/input2.json"
"$SNARKJS" wtns calculate "$FX/circuit.wasm" "$T/input2.json" "$T/w2.wtns" >"$T/snarkjs.log" 2>&1 \
  || { cat "$T/snarkjs.log"; echo "FAIL: snarkjs wtns calculate"; exit 1; }
W1=$FX/witness.wtns W2=$T/w2.wtns VK=$FX/verification_key.json
prove() { "$G16K" prove --config "$CONFIG" --zkey "$FX/circuit_final.zkey" --witness "$1" \
            --proof "$T/proof.json" --public "$T/public.json" 2>>"$T/prove.err"; }
prove "$W1" || { cat "$T/prove.err"; echo "FAIL: prove"; exit 1; }
cp "$T/public.json" "$T/public1.json"
prove "$W2" || { cat "$T/prove.err"; echo "FAIL: prove"; exit 1; }
cmp -s "$T/public.json" "$T/public1.json" && { echo "FAIL: the two witnesses give the same public signals"; exit 1; }

# A reader verifying the pair as fast as it can while the writers race.
( while [ ! -e "$T/stop" ]; do
    out=$("$G16K" verify --vk "$VK" --public "$T/public.json" --proof "$T/proof.json" 2>&1)
    [ "$out" = OK ] || echo "$out" >>"$T/reader.bad"
    echo >>"$T/reader.count"
  done ) &
reader=$!
fails=0
for i in $(seq 1 "$TRIES"); do
  prove "$W1" & a=$!
  prove "$W2" & b=$!
  wait $a || fails=$((fails+1))
  wait $b || fails=$((fails+1))
  out=$("$G16K" verify --vk "$VK" --public "$T/public.json" --proof "$T/proof.json" 2>&1)
  [ "$out" = OK ] || { echo "FAIL: try $i: the final pair does not verify: $out"; fails=$((fails+1)); }
done
touch "$T/stop"; wait $reader
nread=$(wc -l <"$T/reader.count" 2>/dev/null || echo 0)
if [ -s "$T/reader.bad" ]; then
  echo "FAIL: $(wc -l <"$T/reader.bad") of $nread concurrent g16k verify runs saw a mixed pair: $(head -1 "$T/reader.bad")"
  fails=$((fails+1))
fi
[ -s "$T/prove.err" ] && grep -v warning "$T/prove.err" | head -3
echo "g16k prove x2: $TRIES tries, $nread concurrent verify runs, $fails failures"
"$RACE" "$CONFIG" "$FX/circuit_final.zkey" "$W1" "$W2" "$VK" "$T" || fails=$((fails+1))
[ $fails -eq 0 ]
