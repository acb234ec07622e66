#!/usr/bin/env bash
# Install what g16k needs to build and test on a fresh Debian 12 machine (idempotent):
# compilers and CMake, inih, json-c, libsodium (BLAKE2b), cmocka, the OpenCL ICD loader + PoCL, abigail-tools, clang
# (libFuzzer), Node.js (with its headers, for the binding) for snarkjs, snarkjs 0.7.6 pinned by
# tools/snarkjs/package-lock.json, and node-addon-api pinned by bindings/node/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
pkgs="build-essential cmake pkg-config libinih-dev libjson-c-dev libcmocka-dev libsodium-dev
      ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo abigail-tools clang"
command -v node >/dev/null && command -v npm >/dev/null || pkgs="$pkgs nodejs npm"
# Debian's nodejs keeps node_api.h in libnode-dev (NodeSource's nodejs ships it itself)
[ -f /usr/include/node/node_api.h ] || pkgs="$pkgs libnode-dev"
missing=
for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
fi
if [ ! -x tools/snarkjs/node_modules/.bin/snarkjs ]; then
  echo "setup: installing snarkjs (tools/snarkjs)"
  (cd tools/snarkjs && npm ci --no-audit --no-fund)
fi
if [ ! -f bindings/node/node_modules/node-addon-api/napi.h ]; then
  echo "setup: installing node-addon-api (bindings/node)"
  (cd bindings/node && npm ci --no-audit --no-fund)
fi
