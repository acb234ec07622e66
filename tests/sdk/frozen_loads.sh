#!/usr/bin/env bash
# A plugin built against the frozen ABI 1.0 header (sdk/abi/frozen/plugin-1.0.h) still loads
# through the current loader: `g16k plugins` lists it with ABI 1.0 in its slot.
# usage: frozen_loads.sh G16K STUB.so
set -u
G16K=$1 STUB=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat >"$T/frozen.ini" <<INI
[core]
threads = 1
[plugin.cpu]
path = libg16k_cpu.so
[plugin.frozen]
path = $STUB
[synthesizer]
provider = cpu
[ntt]
provider = cpu
[msm.g1]
provider = frozen
[msm.g2]
provider = cpu
INI
out=$("$G16K" plugins --config "$T/frozen.ini" 2>&1) || { echo "FAIL: g16k plugins: $out"; exit 1; }
echo "$out"
echo "$out" | grep -Eq "frozen +frozen abi-1\.0 \(ABI 1\.0\)" || { echo "FAIL: frozen plugin not listed with ABI 1.0"; exit 1; }
echo "$out" | grep -Eq "msm\.g1 +frozen" || { echo "FAIL: msm.g1 is not on the frozen plugin"; exit 1; }
echo "ok: a plugin built against the frozen 1.0 header loads"
