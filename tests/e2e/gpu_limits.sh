#!/usr/bin/env bash
# A GPU plugin under device limits (gpu/common/gpu_msm_size.h "Limits"), through g16k:
#  0. limits below the least that works are refused at load, naming the least (used below);
#  1. [plugin.opencl] max_alloc = that least, max_mem = 2M: every MSM of poseidon2 runs as several
#     parts (the fused H MSM too, its plan built on the device), and the proof still equals the
#     fixture's reference proof bit for bit, on opencl.ini and mixed-opencl.ini;
#  2. an explicit [window] the device cannot run fails when prover.ini loads (g16k plugins),
#     exit 3, naming the [window] line, the plugin and the limit; one it can run loads.
# usage: gpu_limits.sh G16K CONF_DIR FIXTURE_DIR     (exit 77 without an OpenCL device)
set -u
G16K=$1 CONF=$2 FX=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0 passes=0
ok() { echo "ok: $*"; passes=$((passes+1)); }
bad() { echo "FAIL: $*"; fails=$((fails+1)); }
# limited CONFIG OUT EXTRA...: CONFIG with lines added to [plugin.opencl]
limited() {
  local src=$1 out=$2; shift 2
  cp "$src" "$out"
  for l in "$@"; do sed -i "/^\[plugin.opencl\]/a $l" "$out"; done
}

limited "$CONF/opencl.ini" "$T/probe.ini"
if ! "$G16K" plugins --config "$T/probe.ini" >"$T/out" 2>&1; then
  grep -qE "no OpenCL (platform|device)" "$T/out" && { echo "SKIP: $(cat "$T/out")"; exit 77; }
  bad "g16k plugins: $(cat "$T/out")"
fi

# 0. Limits too small for the smallest MSM (window 3; the least values depend on the device's
# sub-buffer alignment) are refused when the plugin loads, exit 3, naming both keys and the least
# that works; the least values named then prove the reference proof, one KiB less is refused.
# (The documented floor used to be 64K, where the self-test failed with "status -5".)
least() {   # least KEY LINES...: the value the refusal of LINES names for KEY ("146K")
  local key=$1; shift
  limited "$CONF/opencl.ini" "$T/small.ini" "$@"
  "$G16K" plugins --config "$T/small.ini" >"$T/out" 2>&1
  local rc=$?
  if [ $rc -ne 3 ] || ! grep -qE "small.ini: \[plugin.opencl\]: max_alloc = .* and max_mem = .* leave no room for the smallest MSM \(window 3 on G[12]" "$T/out"; then
    bad "$* : exit $rc, want 3 naming the limits: $(cat "$T/out")"; echo 0; return
  fi
  ok "$* refused: $(grep -o 'leave no room.*' "$T/out")" >&2
  grep -oE "$key to (at least )?[0-9]+K" "$T/out" | grep -oE '[0-9]+K' | head -1
}
A=$(least max_alloc "max_alloc = 64K")
M=$(least max_mem "max_mem = 256K")
least max_mem "max_alloc = 128K" "max_mem = 128K" > /dev/null
if [ "$A" != 0 ] && [ -n "$A" ] && [ "$M" != 0 ] && [ -n "$M" ]; then
  for c in opencl mixed-opencl; do
    limited "$CONF/$c.ini" "$T/least.ini" "max_alloc = $A" "max_mem = $M"
    if "$G16K" prove --config "$T/least.ini" --zkey "$FX/circuit_final.zkey" --witness "$FX/witness.wtns" \
         --insecure-rs 123456789,987654321 --proof "$T/proof.json" --public "$T/public.json" 2>"$T/err" &&
       cmp -s "$T/proof.json" "$FX/ref_proof_r123456789_s987654321.json"; then
      ok "$c with the least limits named, max_alloc = $A and max_mem = $M: proof = reference"
    else
      bad "$c with max_alloc = $A, max_mem = $M: $(tail -3 "$T/err")"
    fi
  done
  least max_alloc "max_alloc = $((${A%K} - 1))K" "max_mem = $M" > /dev/null
  least max_mem "max_alloc = $A" "max_mem = $((${M%K} - 1))K" > /dev/null
else
  bad "no least values named (max_alloc '$A', max_mem '$M')"
fi

for c in opencl mixed-opencl; do
  limited "$CONF/$c.ini" "$T/$c.ini" "max_alloc = $A" "max_mem = 2M"
  if G16K_LOG=debug "$G16K" prove --config "$T/$c.ini" --zkey "$FX/circuit_final.zkey" \
       --witness "$FX/witness.wtns" --insecure-rs 123456789,987654321 \
       --proof "$T/proof.json" --public "$T/public.json" 2>"$T/err"; then
    parts=$(grep -oE '[0-9]+ part\(s\)' "$T/err" | awk '$1 > 1' | wc -l)
    if ! cmp -s "$T/proof.json" "$FX/ref_proof_r123456789_s987654321.json"; then
      bad "$c with max_alloc $A: the proof differs from the reference"
    elif [ "$parts" -lt 2 ]; then
      bad "$c with max_alloc $A: fewer than 2 MSMs ran in parts: $(grep 'part(s)' "$T/err")"
    else
      ok "$c with max_alloc $A, max_mem 2M: $parts MSMs in parts, proof = reference"
    fi
  else
    bad "$c with max_alloc $A: prove failed: $(grep -v 'debug\|info' "$T/err" | tail -3)"
  fi
done

# expect_load CODE PATTERN CONFIG
expect_load() {
  "$G16K" plugins --config "$3" >"$T/out" 2>&1
  local rc=$?
  if [ $rc -ne "$1" ]; then bad "/$2/: exit $rc, expected $1: $(cat "$T/out")"; return; fi
  grep -qE -- "$2" "$T/out" || { bad "message does not match /$2/: $(cat "$T/out")"; return; }
  ok "exit $1: $(head -1 "$T/out")"
}
limited "$CONF/opencl.ini" "$T/w24.ini" "max_alloc = 1G"
sed -i 's/^h = auto/h = 24/' "$T/w24.ini"
expect_load 3 "w24.ini:[0-9]+: \[window\] h = 24: plugin opencl: .*window 24 \(G1\) needs a 16896 MiB .*bucket buffer; the device allows 1024 MiB" "$T/w24.ini"
limited "$CONF/opencl.ini" "$T/w16g2.ini" "max_alloc = 64M"
sed -i 's/^b_g2 = auto/b_g2 = 16/' "$T/w16g2.ini"
expect_load 3 "\[window\] b_g2 = 16: plugin opencl: .*window 16 \(G2\) needs a 192 MiB" "$T/w16g2.ini"
sed -i "s/^b_g2 = 16/b_g2 = 14/" "$T/w16g2.ini"
expect_load 0 "windows: .*b_g2=14" "$T/w16g2.ini"
# the CPU plugin's own limit (window <= 24) is also checked at load time
sed "s/^a *= *auto/a = 25/" "$CONF/cpu.ini" >"$T/cpu25.ini"
expect_load 3 "cpu25.ini:[0-9]+: \[window\] a = 25: plugin cpu: .*window 25 > 24" "$T/cpu25.ini"

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
