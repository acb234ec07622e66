#!/usr/bin/env bash
# The OpenCL plugin's create-time self-test refuses a device that gets a carry-chain primitive
# wrong, naming the primitive: the program built with each broken primitive of compat.h
# (G16K_FAULT_*, passed with $G16K_OPENCL_BUILD_OPTIONS) must fail `g16k plugins` with exit 3
# and a message naming that primitive and its operands; the same plugin unbroken loads. Before
# the primitive check, both broken builds loaded and passed the known-answer MSMs and NTT.
# usage: selftest_faults.sh G16K CONF_DIR     (exit 77 without an OpenCL device)
set -u
G16K=$1 CONF=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export XDG_CACHE_HOME=$T/cache   # a program cache of its own: broken builds are keyed apart anyway
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
unset G16K_OPENCL_BUILD_OPTIONS
if ! "$G16K" plugins --config "$CONF/opencl.ini" > "$T/out" 2>&1; then
  grep -qE "no OpenCL (platform|device)" "$T/out" && { echo "SKIP: $(cat "$T/out")"; exit 77; }
  fail "the unbroken plugin does not load: $(cat "$T/out")"
fi
for case in "G16K_FAULT_MULHI mul.hi.u32" "G16K_FAULT_SUBC subc.cc.u32"; do
  set -- $case
  rc=0
  G16K_OPENCL_BUILD_OPTIONS=-D$1 "$G16K" plugins --config "$CONF/opencl.ini" > "$T/out" 2>&1 || rc=$?
  if [ $rc -eq 3 ] &&
     grep -q "known-answer [A-Z0-9-]* self-test: primitive $2 (.*) is wrong for a = 0x[0-9a-f]*, b = 0x[0-9a-f]*.*expected 0x" "$T/out" &&
     grep -q "device refused" "$T/out"; then
    echo "ok: -D$1 refused: $(grep -o 'primitive .*' "$T/out")"
  else
    fail "-D$1: exit $rc, want 3 naming $2: $(cat "$T/out")"
  fi
done
# and the unbroken build still loads after them (its cache entry is its own)
"$G16K" plugins --config "$CONF/opencl.ini" > "$T/out" 2>&1 || fail "unbroken after broken: $(cat "$T/out")"
[ $fails -eq 0 ] && echo "the self-test refuses each broken primitive by name"
[ $fails -eq 0 ]
