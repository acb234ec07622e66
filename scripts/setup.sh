#!/usr/bin/env bash
# Install what g16k needs to build and test on a fresh Debian 12 machine (idempotent):
# compilers and CMake, inih, json-c, libsodium (BLAKE2b), cmocka, b3sum (BLAKE3 apart from ours: the key digest's
# cross-check), the OpenCL ICD loader + PoCL, abigail-tools, clang
# (libFuzzer), clang-format (tests/habits), dpkg-dev and file (the Debian package: CPack, dpkg-shlibdeps), libpq and SQLite
# (the job queue) with the PostgreSQL server and the sqlite3 shell (the queue's tests start their
# own), Node.js with its headers (for the binding); then the npm packages pinned by their
# package-lock.json: snarkjs 0.7.6 (tools/snarkjs, the judge of the interop tests), circom2,
# snarkjs, circomlib (tools/fixtures, which make the large fixtures), node-addon-api and
# circom_runtime (bindings/node: the addon's headers, fullProve's witness calculator).
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
pkgs="build-essential cmake pkg-config libinih-dev libjson-c-dev libcmocka-dev libsodium-dev
      ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo abigail-tools clang clang-format dpkg-dev file
      libpq-dev libsqlite3-dev postgresql sqlite3 b3sum"
command -v python3 >/dev/null || pkgs="$pkgs python3"   # tests/tune's JSON check
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
if [ ! -f bindings/node/node_modules/node-addon-api/napi.h ] ||
   [ ! -f bindings/node/node_modules/circom_runtime/package.json ]; then
  echo "setup: installing node-addon-api and circom_runtime (bindings/node)"
  (cd bindings/node && npm ci --no-audit --no-fund)
fi
if [ ! -f tools/fixtures/node_modules/circom2/circom.wasm ]; then
  echo "setup: installing circom2, snarkjs and circomlib (tools/fixtures)"
  (cd tools/fixtures && npm ci --no-audit --no-fund)
fi
