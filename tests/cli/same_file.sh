#!/usr/bin/env bash
# Every g16k command that writes refuses, before any work, an output that is the same file as one
# of its inputs or as another output: by name, through a hard link, through a symlink (also a
# dangling one, whose target a write would make) and through another spelling of the path.
# Each refusal exits 2, names both arguments, leaves every input byte for byte as it was and
# writes nothing. Outputs on distinct files still work (the control at the end).
# usage: same_file.sh G16K CPU_INI FIXTURES
set -euo pipefail
G16K=$1 CPU_INI=$2 FIX=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset G16K_CONFIG G16K_QUEUE
for f in poseidon2/circuit_final.zkey poseidon2/witness.wtns poseidon2/circuit.r1cs ptau/pot12_final.ptau; do
  [ -f "$FIX/$f" ] || fail "missing fixture $FIX/$f"
done
cp "$FIX/poseidon2/circuit_final.zkey" "$T/k.zkey"
cp "$FIX/poseidon2/witness.wtns" "$T/w.wtns"
cp "$FIX/poseidon2/circuit.r1cs" "$T/c.r1cs"
cp "$FIX/ptau/pot12_final.ptau" "$T/p.ptau"
cp "$CPU_INI" "$T/cpu.ini"
ln "$T/k.zkey" "$T/hard.zkey"
ln -s k.zkey "$T/sym.zkey"
ln -s missing-target.json "$T/dangling.json"
mkdir "$T/sub"
sums() { (cd "$T" && sha256sum k.zkey w.wtns c.r1cs p.ptau cpu.ini); }
sums > "$T/before"
n=0

# refused WANT_A WANT_B CMD...: exit 2, both argument names in the message, inputs unchanged,
# nothing new in $T (apart from the queue file that 'queue init' made before)
refused() {
  local a=$1 b=$2; shift 2
  local listing; listing=$(ls -A "$T" | sort)
  rc=0; "$G16K" "$@" > "$T/.out" 2> "$T/.err" || rc=$?
  [ "$rc" = 2 ] || fail "g16k $*: exit $rc, want 2; stderr: $(cat "$T/.err")"
  grep -q -- "$a .* is the same file as $b" "$T/.err" ||
    fail "g16k $*: message does not name $a and $b: $(cat "$T/.err")"
  grep -q "nothing was written" "$T/.err" || fail "g16k $*: message: $(cat "$T/.err")"
  rm -f "$T/.out" "$T/.err"
  sums | cmp -s - "$T/before" || fail "g16k $*: an input changed"
  [ "$(ls -A "$T" | sort)" = "$listing" ] || fail "g16k $*: wrote $(ls -A "$T")"
  [ ! -e "$T/missing-target.json" ] || fail "g16k $*: wrote through the dangling symlink"
  n=$((n + 1))
}

Z=$T/k.zkey W=$T/w.wtns
# prove, positional (the issue's case: the key as PUBLIC) and named
refused PUBLIC ZKEY prove "$Z" "$W" "$T/proof.json" "$Z"
refused PROOF ZKEY prove "$Z" "$W" "$T/hard.zkey" "$T/public.json"
refused PUBLIC WTNS prove "$Z" "$W" "$T/proof.json" "$T/sub/../w.wtns"
refused PUBLIC PROOF prove "$Z" "$W" "$T/same.json" "$T/same.json"
refused PUBLIC PROOF prove "$Z" "$W" "$T/dangling.json" "$T/missing-target.json"
refused PUBLIC PROOF prove "$Z" "$W" "$T/same.json" "$T/sub/../same.json"
refused --public --zkey prove --zkey "$Z" --witness "$W" --proof "$T/proof.json" --public "$T/sym.zkey"
refused --proof --witness prove --zkey "$Z" --witness "$W" --proof "$W" --public "$T/public.json"
refused --proof --config prove --config "$T/cpu.ini" --zkey "$Z" --witness "$W" --proof "$T/cpu.ini" \
  --public "$T/public.json"
refused --trace --zkey prove --zkey "$Z" --witness "$W" --proof "$T/proof.json" --public "$T/public.json" \
  --trace "$Z"
refused --trace PROOF prove "$Z" "$W" "$T/proof.json" "$T/public.json" --trace "$T/proof.json"
# vk and setup
refused --vk --zkey vk --zkey "$Z" --vk "$Z"
refused --vk --zkey vk --zkey "$Z" --vk "$T/sym.zkey"
refused --zkey --r1cs setup --r1cs "$T/c.r1cs" --ptau "$T/p.ptau" --zkey "$T/c.r1cs"
refused --zkey --ptau setup --r1cs "$T/c.r1cs" --ptau "$T/p.ptau" --zkey "$T/p.ptau"
refused --zkey --r1cs setup --r1cs "$T/c.r1cs" --insecure-random-toxic-waste --zkey "$T/c.r1cs"
# bench and tune write a trace
refused --trace --zkey bench prove --zkey "$Z" --witness "$W" --runs 1 --trace "$T/hard.zkey"
refused --trace --witness tune --zkey "$Z" --witness "$W" --runs 1 --trace "$W"
# result writes a job's files: not onto the SQLite queue, not twice the same file
"$G16K" queue init --queue "sqlite:$T/q.db" > /dev/null
sha256sum "$T/q.db" > "$T/q.sum"
refused --proof --queue result --queue "sqlite:$T/q.db" --id 1 --proof "$T/q.db" --public "$T/public.json"
refused --public --proof result --queue "sqlite:$T/q.db" --id 1 --proof "$T/r.json" --public "$T/r.json"
sha256sum -c --quiet "$T/q.sum" || fail "the queue file changed"

# the control: distinct outputs are written (prove, vk, setup), the inputs stay as they were
"$G16K" prove "$Z" "$W" "$T/proof.json" "$T/public.json" || fail "prove with distinct outputs"
"$G16K" vk --zkey "$Z" --vk "$T/vk.json" || fail "vk with a distinct output"
"$G16K" verify --vk "$T/vk.json" --public "$T/public.json" --proof "$T/proof.json" > /dev/null ||
  fail "the control proof does not verify"
"$G16K" setup --quiet --r1cs "$T/c.r1cs" --ptau "$T/p.ptau" --zkey "$T/new.zkey" ||
  fail "setup with a distinct output"
sums | cmp -s - "$T/before" || fail "an input changed in the control runs"
echo "same-file outputs: $n refusals (prove, vk, setup, bench, tune, result), each exit 2 naming both"
