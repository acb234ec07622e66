#!/usr/bin/env bash
# libg16k from an embedder's seat: install g16k into a temporary prefix, check what an embedder
# links (soname, exports of the installed library against the installed g16k.h), build
# examples/embed from that prefix alone (CMake package, then pkg-config) and a C++ program
# (tests/embed/cxx_embed.cpp), make several witnesses of poseidon2 with snarkjs from different
# inputs, prove them all with one resident key, and have snarkjs verify every proof. Ctrl-C
# during a long key load stops the example with G16K_ECANCELED (exit 130).
# usage: embed_example.sh BUILD_DIR SOURCE_DIR FIXTURES_DIR CC CXX GENERATOR [SNARKJS]
#        (SNARKJS "" -> only the fixture's witness is proved, unverified, and the test exits 77)
# A sanitized build's libg16k needs the runtimes: $EMBED_SAN_FLAGS for the programs built here,
# $EMBED_NODE_PRELOAD (LD_PRELOAD) for node.
set -u
BUILD=$1 SRC=$2 FIXTURES=$3 CC=$4 CXX=$5 GEN=$6 SNARKJS=${7:-}
FIX=$FIXTURES/poseidon2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
P=$T/prefix
SAN=${EMBED_SAN_FLAGS:-}

cmake --install "$BUILD" --prefix "$P" >"$T/install.log" 2>&1 || fail "install: $(tail -5 "$T/install.log")"
pc=$(find "$P" -name g16k.pc | head -1)
lib=$(find "$P" -name 'libg16k.so.0' | head -1)
[ -n "$pc" ] || fail "g16k.pc not installed"
[ -n "$lib" ] && [ -L "$(dirname "$lib")/libg16k.so" ] || fail "libg16k.so.0 and its libg16k.so link not installed"
find "$P" -name g16k-targets.cmake | grep -q . || fail "the CMake target file g16k-targets.cmake is not installed"
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = libg16k.so.0 ] || fail "soname is '$soname', expected libg16k.so.0"
"$SRC/sdk/abi/lib_exports.sh" "$lib" "$P/include/g16k/g16k.h" || fail "installed libg16k exports"
INI=$P/share/g16k/conf/cpu.ini
echo "ok: libg16k installed ($soname), exports exactly the installed g16k.h"

# 1. CMake: find_package(g16k) and g16k::g16k, nothing but the prefix on the search path.
cmake -S "$SRC/examples/embed" -B "$T/ex" -G "$GEN" -DCMAKE_C_COMPILER="$CC" \
      -DCMAKE_PREFIX_PATH="$P" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
      -DCMAKE_C_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN" >"$T/ex.log" 2>&1 \
  || fail "configure example: $(tail -20 "$T/ex.log")"
cmake --build "$T/ex" >>"$T/ex.log" 2>&1 || fail "build example: $(tail -20 "$T/ex.log")"
EX_CMAKE=$T/ex/g16k-embed
[ -x "$EX_CMAKE" ] || fail "g16k-embed not built"
echo "ok: examples/embed built with find_package(g16k)"

# 2. pkg-config, and the C++ program.
export PKG_CONFIG_PATH=$(dirname "$pc")
libdir=$(pkg-config --variable=libdir g16k) || fail "pkg-config g16k"
EX_PC=$T/g16k-embed-pc
"$CC" -std=c11 -O2 -Wall -Wextra -Werror $SAN $(pkg-config --cflags g16k) -o "$EX_PC" \
      "$SRC/examples/embed/embed.c" $(pkg-config --libs g16k) -Wl,-rpath,"$libdir" \
  || fail "pkg-config build of examples/embed"
"$CXX" -std=c++11 -O1 -Wall -Wextra -Wpedantic -Werror $SAN $(pkg-config --cflags g16k) -o "$T/cxx_embed" \
      "$SRC/tests/embed/cxx_embed.cpp" $(pkg-config --libs g16k) -Wl,-rpath,"$libdir" \
  || fail "C++ build against g16k.h"
"$T/cxx_embed" "$INI" "$FIXTURES/mult" || fail "the C++ program"
echo "ok: examples/embed built with pkg-config; g16k.h used from C++"

# 3. Witnesses: the fixture's, and three more made by snarkjs from other inputs.
W=$T/wtns
mkdir -p "$W"
cp "$FIX/witness.wtns" "$W/w0.wtns"
inputs=('{"in":["3","4"]}' '{"in":["5","6"]}' '{"in":["123456789","987654321"]}')
if [ -n "$SNARKJS" ]; then
  for i in 0 1 2; do
    echo "${inputs[$i]}" >"$W/in$((i + 1)).json"
    "$SNARKJS" wtns calculate "$FIX/circuit.wasm" "$W/in$((i + 1)).json" "$W/w$((i + 1)).wtns" \
      >"$T/wc.log" 2>&1 || fail "snarkjs wtns calculate: $(cat "$T/wc.log")"
  done
fi
n_w=$(ls "$W"/*.wtns | wc -l)

# 4. One key, every witness, twice each; both builds of the example.
for ex in "$EX_CMAKE" "$EX_PC"; do
  out=$T/out-$(basename "$ex")
  mkdir -p "$out"
  "$ex" --repeat 2 "$INI" "$FIX/circuit_final.zkey" "$out" "$W"/*.wtns >"$T/run.log" 2>"$T/run.err" \
    || fail "$(basename "$ex"): $(cat "$T/run.err")"
  grep -q "^$((2 * n_w)) proofs in " "$T/run.log" || fail "$(basename "$ex") printed: $(cat "$T/run.log")"
  cmp -s "$out/w0.public.json" "$FIX/public.json" || fail "w0.public.json differs from snarkjs's public.json"
  echo "ok: $(basename "$ex"): $(cat "$T/run.log")"
done
out=$T/out-g16k-embed
[ "$(cat "$out"/w*.public.json | sort -u | wc -l)" -ge "$n_w" ] || fail "the witnesses gave the same public signals"

if [ -n "$SNARKJS" ] && [ -f "$FIXTURES/sha256_64/circuit_final.zkey" ]; then
  # 5. Ctrl-C while the (long) sha256_64 key is checked: a clean cancel, exit 130. An empty
  # cache home: the key is tested in full (seconds on 2 cores), not served by the verdict cache.
  XDG_CACHE_HOME=$T/xdg "$EX_CMAKE" "$INI" "$FIXTURES/sha256_64/circuit_final.zkey" "$T" \
    "$FIXTURES/sha256_64/witness.wtns" >/dev/null 2>"$T/int.err" &
  pid=$!
  # the handler is set before the prover opens, which prints this line; then the load starts.
  # A signal before the load's first progress call cancels it there too.
  for _ in $(seq 300); do grep -q "libg16k" "$T/int.err" && break; sleep 0.1; done
  sleep 0.1
  kill -INT $pid
  wait $pid
  rc=$?
  [ $rc -eq 130 ] || fail "Ctrl-C during the key load: exit $rc, expected 130 ($(cat "$T/int.err"))"
  grep -q "G16K_ECANCELED: .*key load cancelled" "$T/int.err" || fail "Ctrl-C message: $(cat "$T/int.err")"
  echo "ok: Ctrl-C cancels the key load: $(tail -1 "$T/int.err")"
fi

if [ -z "$SNARKJS" ]; then
  echo "SKIP: snarkjs not installed (npm ci in tools/snarkjs): proofs not verified"
  exit 77
fi
for d in "$T"/out-*; do
  for pub in "$d"/*.public.json; do
    name=$(basename "$pub" .public.json)
    "$SNARKJS" groth16 verify "$FIX/verification_key.json" "$pub" "$d/$name.proof.json" >"$T/sj.log" 2>&1 \
      || fail "snarkjs rejected $(basename "$d")/$name: $(cat "$T/sj.log")"
    grep -q "OK!" "$T/sj.log" || fail "snarkjs did not print OK! for $name: $(cat "$T/sj.log")"
  done
done
echo "ok: snarkjs accepts all $((2 * n_w)) proofs of $n_w witnesses"

# 6. The installed Node.js package, with its default prover.ini (the installed conf/cpu.ini).
pkg=$(find "$P" -path '*/nodejs/g16k/index.js' | head -1)
if [ -n "$pkg" ]; then
  (unset G16K_CONFIG G16K_PLUGIN_DIR; cd "$T" &&
   LD_PRELOAD=${EMBED_NODE_PRELOAD:-} ASAN_OPTIONS=detect_leaks=0 node -e '
    const [pkg, sj, fx] = process.argv.slice(1);
    const g16k = require(pkg), snarkjs = require(sj), fs = require("fs");
    const vk = JSON.parse(fs.readFileSync(fx + "/verification_key.json"));
    const no = (what) => { console.error(what); process.exit(1); };
    (async () => {
      const r = await g16k.groth16.prove(fx + "/circuit_final.zkey", fx + "/witness.wtns");
      if (!await snarkjs.groth16.verify(vk, r.publicSignals, r.proof)) no("snarkjs rejected the proof");
      // fullProve with the circom_runtime the package installed beside it
      const f = await g16k.groth16.fullProve(JSON.parse(fs.readFileSync(fx + "/input.json")),
        fx + "/circuit.wasm", fx + "/circuit_final.zkey");
      if (require.resolve("circom_runtime", { paths: [pkg] }).indexOf(pkg + "/node_modules/") !== 0)
        no("circom_runtime is not in the package: " + require.resolve("circom_runtime", { paths: [pkg] }));
      if (JSON.stringify(f.publicSignals) !== JSON.stringify(r.publicSignals)) no("fullProve: other public signals");
      if (!await snarkjs.groth16.verify(vk, f.publicSignals, f.proof)) no("snarkjs rejected the fullProve proof");
      if (await g16k.groth16.verify(vk, f.publicSignals, f.proof) !== true) no("g16k.groth16.verify: not true");
      if (require(pkg + "/package.json").version !== g16k.version) no("package.json version differs from g16k.version " + g16k.version);
      await globalThis.curve_bls12381?.terminate();
    })().catch((e) => { console.error(e.code, e.message); process.exit(1); });
  ' "$(dirname "$pkg")" "$(dirname "$(dirname "$SNARKJS")")/snarkjs" "$FIX") >"$T/node.log" 2>&1 \
    || fail "the installed Node.js package: $(cat "$T/node.log")"
  echo "ok: the installed Node.js package proves (prove, and fullProve with its own circom_runtime) with its default config; snarkjs and groth16.verify accept it"
fi
