#!/usr/bin/env bash
# [core] threads bounds the threads of a whole proof (core/prover/prove.c): g16k prove of the
# poseidon_chain fixture (poseidon2 on the slower OpenCL configurations) under an LD_PRELOAD shim (thread_count_shim.c) that records the most
# threads alive at once that g16k's own code started (core and plugins, the main thread
# included). For threads = 1 and 2, set in prover.ini (and on the CPU by $G16K_THREADS over it),
# on each configuration given (the OpenCL ones are skipped, saying so, without a device):
#   - at most that many threads at once; with 2 on the CPU plugin, exactly 2 (both are used);
#   - the proof is unchanged: with injected r, s it equals the fixture's reference proof.
# Threads of an OpenCL runtime (PoCL's pool) are reported, not bounded: they are the runtime's.
# usage: thread_budget.sh G16K SHIM.so FIXTURES CONFIG.ini...
set -u
G16K=$1 SHIM=$2 FIXS=$3; shift 3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0 passes=0
# ASan must come first among the libraries unless told otherwise; the shim is preloaded.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

# run NAME CONFIG THREADS_IN_INI ENV_THREADS(- for none) BOUND   (fixture: $FX)
run() {
  local name=$1 conf=$2 ini=$3 env=$4 bound=$5
  sed -e "/^\[core\]/a key_cache = $T/keys" -e "s/^threads *=.*/threads = $ini/" "$conf" >"$T/p.ini"
  grep -q '^threads' "$T/p.ini" || sed -i "/^\[core\]/a threads = $ini" "$T/p.ini"
  rm -f "$T/count" "$T/proof.json" "$T/public.json"
  if [ "$env" = - ]; then unset G16K_THREADS; else export G16K_THREADS=$env; fi
  LD_PRELOAD=$SHIM G16K_THREAD_COUNT_OUT=$T/count "$G16K" prove --config "$T/p.ini" \
    --zkey "$FX/circuit_final.zkey" --witness "$FX/witness.wtns" --insecure-rs 123456789,987654321 \
    --proof "$T/proof.json" --public "$T/public.json" 2>"$T/err"
  local rc=$?
  unset G16K_THREADS
  if [ $rc -ne 0 ]; then echo "FAIL: $name: prove exit $rc: $(grep -v warning "$T/err")"; fails=$((fails+1)); return; fi
  local ours other
  ours=$(sed -n 's/^g16k //p' "$T/count" 2>/dev/null) other=$(sed -n 's/^other //p' "$T/count" 2>/dev/null)
  if [ -z "$ours" ]; then echo "FAIL: $name: the thread counter wrote nothing"; fails=$((fails+1)); return; fi
  if [ "$ours" -gt "$bound" ]; then
    echo "FAIL: $name: $ours g16k threads at once, the budget is $bound"; fails=$((fails+1)); return
  fi
  if [ "$bound" = 2 ] && [ "$(basename "$conf")" = cpu.ini ] && [ "$ours" -ne 2 ]; then
    echo "FAIL: $name: $ours g16k threads at once, expected the budget (2) to be used"; fails=$((fails+1)); return
  fi
  if ! cmp -s "$T/proof.json" "$FX/ref_proof_r123456789_s987654321.json" || ! cmp -s "$T/public.json" "$FX/public.json"; then
    echo "FAIL: $name: the proof differs from ref_proof_r123456789_s987654321.json"; fails=$((fails+1)); return
  fi
  echo "ok: $name: at most $ours g16k threads at once (budget $bound; runtime threads: $other); proof = reference"
  passes=$((passes+1))
}

for conf in "$@"; do
  c=$(basename "$conf" .ini)
  sed "/^\[core\]/a key_cache = $T/keys" "$conf" >"$T/probe.ini"
  if ! "$G16K" plugins --config "$T/probe.ini" >"$T/plugins" 2>&1; then
    if grep -qE "no (OpenCL|CUDA) (platform|device)|cannot open shared object" "$T/plugins"; then
      echo "skip: $c: $(head -1 "$T/plugins")"; continue
    fi
    echo "FAIL: $c: g16k plugins: $(cat "$T/plugins")"; fails=$((fails+1)); continue
  fi
  if [ "$c" = cpu ]; then FX=$FIXS/poseidon_chain; else FX=$FIXS/poseidon2; fi
  run "$c threads=1" "$conf" 1 - 1
  run "$c threads=2" "$conf" 2 - 2
  if [ "$c" = cpu ]; then
    run "$c threads=0 G16K_THREADS=1" "$conf" 0 1 1
    run "$c threads=1 G16K_THREADS=2" "$conf" 1 2 2
  fi
done
echo "$passes passed, $fails failed"
[ $fails -eq 0 ] && [ $passes -gt 0 ]
