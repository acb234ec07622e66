#!/usr/bin/env bash
# Faulty providers (faulty_plugin.c) in the MSM slots of `g16k prove`:
#  - without a fallback the proof is refused: exit 3 or 6, one error line naming the plugin,
#    nothing written;
#  - with `fallback = cpu` the proof is made by the fallback, the switch is logged on stderr, the
#    proof verifies with `g16k verify` and equals the all-CPU proof for the same fixed r, s;
#  - compute_h_msm (plugin ABI 1.1), the fused H chain + H MSM that the core uses when faulty
#    serves both [ntt] and [msm.g1]: same proof; when it fails the core runs the two apart, so
#    a fault in it alone (group = h) is survived, and faults everywhere (group = all) are
#    refused or recovered by the [msm.g1] fallback; a wrong result is caught by verification.
#  - the same plugin built against the frozen ABI 1.0 header (FAULTY10), serving [ntt] and
#    [msm.g1], proves the all-CPU proof: the core reads no 1.1 entry past its 1.0 NTT vtable;
#  - g16k bench msm and g16k tune refuse an MSM result the plugin did not write.
# usage: faulty_plugins.sh G16K CPU_PLUGIN FAULTY_PLUGIN FIXTURES [FAULTY10_PLUGIN]
set -u
G16K=$(realpath "$1") CPU=$(realpath "$2") FAULTY=$(realpath "$3") FIXS=$(realpath "$4")
FAULTY10=${5:+$(realpath "$5")}
export G16K_FAULTY_REAL=$CPU G16K_LOG=warn
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0 passes=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }

# ini FILE FAULT GROUP SLOT [FALLBACK]: the faulty plugin in SLOT (msm.g1 or msm.g2), cpu elsewhere.
ini() {
  local f=$1 fault=$2 group=$3 slot=$4 fb=${5:-}
  {
    printf '[core]\nverify = always\n'
    printf '[plugin.cpu]\npath = %s\n' "$CPU"
    printf '[plugin.faulty]\npath = %s\nfault = %s\ngroup = %s\n' "$FAULTY" "$fault" "$group"
    printf '[synthesizer]\nprovider = cpu\n[ntt]\nprovider = cpu\n'
    for s in msm.g1 msm.g2; do
      if [ "$s" = "$slot" ]; then
        printf '[%s]\nprovider = faulty\n' "$s"
        [ -n "$fb" ] && printf 'fallback = %s\n' "$fb"
      else
        printf '[%s]\nprovider = cpu\n' "$s"
      fi
    done
  } > "$f"
}

# ini_h FILE FAULT GROUP [SLOT FALLBACK]: faulty serves [ntt] and [msm.g1], so the core takes the
# compute_h_msm path; FALLBACK goes on SLOT (ntt or msm.g1).
ini_h() {
  local f=$1 fault=$2 group=$3 fslot=${4:-} fb=${5:-}
  {
    printf '[core]\nverify = always\n'
    printf '[plugin.cpu]\npath = %s\n' "$CPU"
    printf '[plugin.faulty]\npath = %s\nfault = %s\ngroup = %s\n' "$FAULTY" "$fault" "$group"
    printf '[synthesizer]\nprovider = cpu\n[ntt]\nprovider = faulty\n'
    [ "$fslot" = ntt ] && printf 'fallback = %s\n' "$fb"
    printf '[msm.g1]\nprovider = faulty\n'
    [ "$fslot" = msm.g1 ] && printf 'fallback = %s\n' "$fb"
    printf '[msm.g2]\nprovider = cpu\n'
  } > "$f"
}

# prove FIXTURE INI: runs g16k prove with r = s = 0 into $T/out; sets rc, err.
prove() {
  local fx=$FIXS/$1
  rm -rf "$T/out"; mkdir -p "$T/out"
  "$G16K" prove --config "$2" --zkey "$fx/circuit_final.zkey" --witness "$fx/witness.wtns" \
    --proof "$T/out/proof.json" --public "$T/out/public.json" --insecure-rs 0,0 \
    >"$T/stdout" 2>"$T/err"
  rc=$?
  err=$(grep -v 'warning: --insecure-rs' "$T/err")
}

crashed() {
  [ "$rc" -ge 128 ] || grep -qE 'Sanitizer|runtime error' "$T/err"
}

# The all-CPU reference proof per fixture.
for fx in mult poseidon2; do
  ini "$T/cpu.ini" none both none
  sed -i 's/provider = faulty/provider = cpu/' "$T/cpu.ini"
  prove $fx "$T/cpu.ini"
  if [ $rc -ne 0 ]; then fail "reference proof of $fx: exit $rc: $err"; continue; fi
  cp "$T/out/proof.json" "$T/ref_$fx.json"
done

# refuse FIXTURE FAULT GROUP SLOT CODES: no fallback: refused, names the plugin, writes nothing.
refuse() {
  local fx=$1 fault=$2 group=$3 slot=$4 codes=$5 what="$1 fault=$2 group=$3 in $4"
  ini "$T/p.ini" "$fault" "$group" "$slot"
  prove "$fx" "$T/p.ini"
  if crashed; then fail "$what: crashed (exit $rc): $err"; return; fi
  if ! [[ " $codes " == *" $rc "* ]]; then fail "$what: exit $rc, expected one of $codes: $err"; return; fi
  local lines; lines=$(grep -c '^g16k: error:' "$T/err")
  if [ "$lines" -ne 1 ]; then fail "$what: $lines error lines: $err"; return; fi
  if ! grep '^g16k: error:' "$T/err" | grep -q 'faulty'; then fail "$what: message does not name the plugin: $err"; return; fi
  if [ -n "$(ls -A "$T/out")" ]; then fail "$what: wrote $(ls "$T/out")"; return; fi
  echo "ok: refused ($what): exit $rc: $(grep '^g16k: error:' "$T/err")"; passes=$((passes+1))
}

# recover FIXTURE FAULT GROUP SLOT LOGPATTERN: with fallback = cpu: logged switch, valid proof.
recover() {
  local fx=$1 fault=$2 group=$3 slot=$4 pat=$5 what="$1 fault=$2 group=$3 in $4 with fallback"
  ini "$T/p.ini" "$fault" "$group" "$slot" cpu
  prove "$fx" "$T/p.ini"
  if crashed; then fail "$what: crashed (exit $rc): $err"; return; fi
  if [ $rc -ne 0 ]; then fail "$what: exit $rc: $err"; return; fi
  if ! grep -qE -- "$pat" "$T/err"; then fail "$what: switch not logged (/$pat/): $err"; return; fi
  if ! cmp -s "$T/out/proof.json" "$T/ref_$fx.json"; then fail "$what: proof differs from the all-CPU proof"; return; fi
  if ! "$G16K" verify --vk "$FIXS/$fx/verification_key.json" --public "$T/out/public.json" \
       --proof "$T/out/proof.json" >"$T/vout" 2>&1; then fail "$what: g16k verify: $(cat "$T/vout")"; return; fi
  echo "ok: recovered ($what): $(grep -E -- "$pat" "$T/err" | head -1)"; passes=$((passes+1))
}

# A pass-through plugin must not change anything.
for slot in msm.g1 msm.g2; do
  ini "$T/p.ini" none both $slot
  prove mult "$T/p.ini"
  if [ $rc -ne 0 ] || ! cmp -s "$T/out/proof.json" "$T/ref_mult.json"; then
    fail "fault=none in $slot: exit $rc, or proof differs: $err"
  else
    echo "ok: fault=none in $slot proves the same"; passes=$((passes+1))
  fi
done

for fx in mult poseidon2; do
  for slot in msm.g1 msm.g2; do
    g=${slot#msm.}
    refuse $fx error $g $slot "3"
    refuse $fx nothing $g $slot "3"
    refuse $fx wrong $g $slot "6"
    refuse $fx nodev both $slot "3"
    refuse $fx bases both $slot "3 7"
    recover $fx error $g $slot "switching $slot to fallback provider 'cpu'"
    recover $fx nothing $g $slot "switching $slot to fallback provider 'cpu'"
    recover $fx wrong $g $slot "retrying with the fallback providers"
    recover $fx nodev both $slot "\[$slot\] provider 'faulty' is unusable, using fallback 'cpu'"
  done
done

# compute_h_msm: the fused path proves the same. When it fails, the core runs the H chain and the
# H MSM apart (logged), so each slot's own fallback applies.
SEP="running the H chain and the H MSM separately"
# hcase WHAT INI EXPECT_RC PATTERN: prove mult/poseidon2 ($fx) with INI; EXPECT_RC 0 must give the
# all-CPU proof and log PATTERN; otherwise the exit code, one error naming faulty, nothing written.
hcase() {
  local what="$fx compute_h_msm: $1" want=$3 pat=$4
  prove $fx "$2"
  if crashed; then fail "$what: crashed (exit $rc): $err"; return; fi
  if [ "$want" -eq 0 ]; then
    if [ $rc -ne 0 ] || ! grep -q -- "$pat" "$T/err" || ! cmp -s "$T/out/proof.json" "$T/ref_$fx.json"; then
      fail "$what: exit $rc, /$pat/ not logged, or proof differs: $err"; return
    fi
    echo "ok: $what: $(grep -- "$pat" "$T/err" | head -1)"
  else
    if [ $rc -ne "$want" ] || [ -n "$(ls -A "$T/out")" ] \
       || [ "$(grep -c '^g16k: error:' "$T/err")" -ne 1 ] \
       || ! grep '^g16k: error:' "$T/err" | grep -qE "$pat"; then
      fail "$what: exit $rc (expected $want), output written, or error not /$pat/: $err"; return
    fi
    echo "ok: $what: refused: $(grep '^g16k: error:' "$T/err")"
  fi
  passes=$((passes+1))
}
for fx in mult poseidon2; do
  ini_h "$T/p.ini" none h
  hcase "pass-through" "$T/p.ini" 0 ""
  for f in error nothing; do
    ini_h "$T/p.ini" $f h
    hcase "fault=$f: unfused path recovers" "$T/p.ini" 0 "$SEP"
    ini_h "$T/p.ini" $f all
    hcase "fault=$f in every MSM, no fallback" "$T/p.ini" 3 "faulty"
    ini_h "$T/p.ini" $f all msm.g1 cpu
    hcase "fault=$f in every MSM, [msm.g1] fallback" "$T/p.ini" 0 "switching msm.g1 to fallback provider 'cpu'"
  done
  ini_h "$T/p.ini" wrong h
  hcase "fault=wrong, no fallback" "$T/p.ini" 6 "failed verification"
  ini_h "$T/p.ini" wrong h ntt cpu
  hcase "fault=wrong, [ntt] fallback" "$T/p.ini" 0 "retrying with the fallback providers"
done

# A 1.0 plugin (no compute_h_msm in its NTT vtable) on [ntt] and [msm.g1]: the unfused path.
if [ -n "$FAULTY10" ]; then
  for fx in mult poseidon2; do
    ini_h "$T/p.ini" none both
    sed -i "s|^path = $FAULTY\$|path = $FAULTY10|" "$T/p.ini"
    prove $fx "$T/p.ini"
    if crashed || [ $rc -ne 0 ] || ! cmp -s "$T/out/proof.json" "$T/ref_$fx.json"; then
      fail "$fx: ABI 1.0 faulty on [ntt] and [msm.g1]: exit $rc, or proof differs: $err"
    else
      echo "ok: $fx: an ABI 1.0 plugin on [ntt] and [msm.g1] proves the same"; passes=$((passes+1))
    fi
  done
  out=$("$G16K" plugins --config "$T/p.ini" 2>&1)
  if echo "$out" | grep -q "faulty .*(ABI 1\.0)"; then
    echo "ok: g16k plugins lists the 1.0 build as ABI 1.0"; passes=$((passes+1))
  else
    fail "g16k plugins does not show ABI 1.0 for the 1.0 build: $out"
  fi
fi

# g16k tune and g16k bench msm call providers through the same layer as prove (core/prover/
# calls.c), so they refuse a result that is no point of its group, naming the plugin and MSM,
# where they used to time and print it.
for g in g1 g2; do
  slot=msm.$g; G=$(echo $g | tr g G)
  ini "$T/p.ini" nothing both $slot
  "$G16K" bench msm --config "$T/p.ini" --group $g --log-n 6 --runs 1 >"$T/stdout" 2>"$T/err"
  rc=$?
  if [ $rc -ne 0 ] && grep -q "plugin faulty: MSM.*: MSM result is not a point of $G" "$T/err" &&
     [ ! -s "$T/stdout" ]; then
    echo "ok: bench msm $g refuses a result not written: $(cat "$T/err")"; passes=$((passes+1))
  else
    fail "bench msm $g with fault = nothing: exit $rc: $(cat "$T/err")"
  fi
  fx=$FIXS/mult
  "$G16K" tune --config "$T/p.ini" --zkey "$fx/circuit_final.zkey" --witness "$fx/witness.wtns" \
    --runs 1 >"$T/stdout" 2>"$T/err"
  rc=$?
  if [ $rc -ne 0 ] && grep -q "plugin faulty: MSM [AB].*: MSM result is not a point of $G" "$T/err" &&
     [ ! -s "$T/stdout" ]; then
    echo "ok: tune ($slot) refuses a result not written: $(cat "$T/err")"; passes=$((passes+1))
  else
    fail "tune with fault = nothing in $slot: exit $rc: $(cat "$T/err")"
  fi
done

# A key rewritten in place while its MSMs run (g16k prove maps the key): whatever the provider
# then returns, the cause reported is the rewrite (exit 5, "changed in place"), not the provider
# (exit 3 "MSM result is not a point"), and nothing is written. The fault rewrites a copy of the
# key during its MSM, then writes no result. The fault sits in msm.g2, so that msm.g1 is the CPU
# plugin, which borrows the key's mapped points (faulty's own bases are copies: with it in msm.g1
# the mapping may be gone after the load, and then a rewrite changes nothing a proof reads).
cp "$FIXS/mult/circuit_final.zkey" "$T/rw.zkey"
for slot in msm.g2; do
  ini "$T/p.ini" rewrite both $slot
  printf 'rewrite = %s\n' "$T/rw.zkey" > "$T/extra"
  sed -i "/^group = both/r $T/extra" "$T/p.ini"
  rm -rf "$T/out"; mkdir -p "$T/out"
  "$G16K" prove --config "$T/p.ini" "$T/rw.zkey" "$FIXS/mult/witness.wtns" "$T/out/proof.json" \
    "$T/out/public.json" >"$T/stdout" 2>"$T/err"
  rc=$?
  if [ $rc -eq 5 ] && grep -q "^g16k: error: .*rw.zkey: the key file changed in place" "$T/err" &&
     ! grep -q "not a point" "$T/err" && [ -z "$(ls -A "$T/out")" ]; then
    echo "ok: key rewritten during the MSMs ($slot): $(cat "$T/err")"; passes=$((passes+1))
  else
    fail "key rewritten during the MSMs ($slot): exit $rc: $(cat "$T/err")"
  fi
done

# Unknown keys reach the real plugin, which must reject them with the line.
ini "$T/p.ini" none both msm.g1
printf 'bogus = 1\n' > "$T/extra"
sed -i "/^group = both/r $T/extra" "$T/p.ini"
prove mult "$T/p.ini"
if [ $rc -eq 3 ] && grep -q 'bogus' "$T/err" && [ -z "$(ls -A "$T/out")" ]; then
  echo "ok: unknown key rejected: $(grep '^g16k: error:' "$T/err")"; passes=$((passes+1))
else
  fail "unknown key in [plugin.faulty]: exit $rc: $err"
fi

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
