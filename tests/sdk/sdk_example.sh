#!/usr/bin/env bash
# The SDK from a vendor's seat: install g16k into a temporary prefix, build sdk/example from
# that prefix alone (CMake package and pkg-config), check it with the installed
# g16k-plugin-check, then prove the poseidon2 fixture with the example's MSM for G1 and G2 (CPU
# plugin for synthesizer and NTT): bit-exact against the fixture's reference proof with injected
# r = s = 0, and a random-blinding proof accepted by the real snarkjs.
# usage: sdk_example.sh BUILD_DIR SOURCE_DIR FIXTURE_DIR CC GENERATOR [SNARKJS]
#        (SNARKJS "" -> the snarkjs step is skipped and the test exits 77 at the end)
set -u
BUILD=$1 SRC=$2 FIX=$3 CC=$4 GEN=$5 SNARKJS=${6:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
P=$T/prefix

cmake --install "$BUILD" --prefix "$P" >"$T/install.log" 2>&1 || fail "install: $(tail -5 "$T/install.log")"
for f in include/g16k/plugin.h bin/g16k bin/g16k-plugin-check; do
  [ -f "$P/$f" ] || fail "not installed: $f"
done
cfg=$(find "$P" -name g16k-config.cmake | head -1)
pc=$(find "$P" -name g16k-plugin.pc | head -1)
[ -n "$cfg" ] && [ -f "$(dirname "$cfg")/g16k-config-version.cmake" ] && [ -f "$(dirname "$cfg")/g16k-plugin.map" ] \
  || fail "CMake package incomplete under $P"
[ -n "$pc" ] || fail "g16k-plugin.pc not installed"
echo "ok: SDK installed"

# 1. CMake: find_package(g16k) + g16k_add_plugin, nothing but the prefix on the search path.
cmake -S "$SRC/sdk/example" -B "$T/ex" -G "$GEN" -DCMAKE_C_COMPILER="$CC" \
      -DCMAKE_PREFIX_PATH="$P" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$T/ex.log" 2>&1 \
  || fail "configure example: $(tail -20 "$T/ex.log")"
cmake --build "$T/ex" -j2 >>"$T/ex.log" 2>&1 || fail "build example: $(tail -20 "$T/ex.log")"
EX=$(find "$T/ex" -name 'libg16k_example.so' | head -1)
[ -n "$EX" ] || fail "libg16k_example.so not built"
syms=$(nm -D --defined-only "$EX" | awk '{print $3}')
[ "$syms" = g16k_plugin_entry ] || fail "example exports more than g16k_plugin_entry: $syms"
echo "ok: example built with find_package(g16k), exports only g16k_plugin_entry"

# 2. pkg-config: the same sources with the flags the .pc gives.
export PKG_CONFIG_PATH=$(dirname "$pc")
map=$(pkg-config --variable=plugin_map g16k-plugin) && [ -f "$map" ] || fail "pkg-config plugin_map"
"$CC" -std=c11 -O2 -Wall -Wextra -Werror -fPIC -shared $(pkg-config --cflags g16k-plugin) \
      -Wl,-z,defs -Wl,--version-script="$map" -pthread -o "$T/libg16k_example_pc.so" \
      "$SRC"/sdk/example/*.c || fail "pkg-config build of the example"
echo "ok: example built with pkg-config"

# 3. The installed checker, reference found next to it (../lib/g16k/libg16k_cpu.so).
for so in "$EX" "$T/libg16k_example_pc.so"; do
  "$P/bin/g16k-plugin-check" "$so" >"$T/check.log" 2>&1 || { cat "$T/check.log"; fail "checker on $so"; }
done
tail -1 "$T/check.log"
echo "ok: g16k-plugin-check passes the example"

# 4. Prove with the example for msm.g1 and msm.g2. Line numbers matter for the bad-key check.
write_ini() { # write_ini FILE [extra line for [plugin.example]]
  cat >"$1" <<INI
[core]
verify  = always
threads = 2
[plugin.cpu]
path = libg16k_cpu.so
[plugin.example]
path = $EX
${2:-}
[synthesizer]
provider = cpu
[ntt]
provider = cpu
[msm.g1]
provider = example
[msm.g2]
provider = example
INI
}
write_ini "$T/prover.ini"
G16K=$P/bin/g16k
"$G16K" plugins --config "$T/prover.ini" >"$T/plugins.txt" || fail "g16k plugins: $(cat "$T/plugins.txt")"
grep -Eq "msm\.g1 +example" "$T/plugins.txt" && grep -Eq "msm\.g2 +example" "$T/plugins.txt" \
  || { cat "$T/plugins.txt"; fail "slots are not on the example plugin"; }
prove() { # prove OUT [args]
  local out=$1; shift
  "$G16K" prove --config "$T/prover.ini" --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
     --proof "$T/$out.proof.json" --public "$T/$out.public.json" "$@"
}
prove r0 --insecure-rs 0,0 2>"$T/err" || fail "prove r=s=0: $(cat "$T/err")"
cmp -s "$T/r0.proof.json" "$FIX/ref_proof_r0_s0.json" || fail "proof with the example MSM differs from ref_proof_r0_s0.json"
echo "ok: bit-exact reference proof with the example MSM"
prove rnd 2>"$T/err" || fail "prove: $(cat "$T/err")"

# 5. Unknown key in the plugin's section: rejected, naming the key and its line (8).
write_ini "$T/bad.ini" "colour = blue"
"$G16K" plugins --config "$T/bad.ini" >/dev/null 2>"$T/bad.err"
rc=$?
[ $rc -eq 3 ] || fail "unknown key: g16k exited $rc, expected 3 ($(cat "$T/bad.err"))"
grep -q "colour" "$T/bad.err" && grep -q ":8:" "$T/bad.err" || fail "unknown key message: $(cat "$T/bad.err")"
echo "ok: unknown key rejected: $(cat "$T/bad.err")"

if [ -z "$SNARKJS" ]; then
  echo "SKIP: snarkjs not installed (npm ci in tools/snarkjs)"
  exit 77
fi
"$SNARKJS" groth16 verify "$FIX/verification_key.json" "$T/rnd.public.json" "$T/rnd.proof.json" >"$T/sj.log" 2>&1 \
  || fail "snarkjs rejected the proof: $(cat "$T/sj.log")"
grep -q "OK!" "$T/sj.log" || fail "snarkjs did not print OK!: $(cat "$T/sj.log")"
echo "ok: snarkjs accepts the proof made with the example plugin"
