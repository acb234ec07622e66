#!/usr/bin/env bash
# g16k prove without --config or $G16K_CONFIG uses the built-in configuration (conf/cpu.ini,
# compiled in) and says so at G16K_LOG=info; the positional form ZKEY WTNS PROOF PUBLIC proves
# the same; snarkjs verifies both proofs. Mixing the two forms, or a wrong count, is a usage
# error that writes nothing. A key before phase 2 proves with one warning on stderr, shown at the
# level $G16K_LOG names.
# usage: prove_forms.sh G16K CPU_INI FIXTURES SNARKJS     (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 CPU_INI=$2 FIX=$3/poseidon2 SNARKJS=${4:-}
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
for f in circuit_final.zkey witness.wtns verification_key.json; do
  [ -f "$FIX/$f" ] || { echo "FAIL: missing fixture $FIX/$f (see tests/README or -DG16K_FIXTURES)"; exit 1; }
done
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset G16K_CONFIG
judge() {   # judge PROOF PUBLIC: snarkjs accepts, and the public signals are the fixture's
  "$SNARKJS" groth16 verify "$FIX/verification_key.json" "$2" "$1" > "$T/v" 2>&1 || true
  grep -q "OK!" "$T/v" || fail "snarkjs rejects $1: $(cat "$T/v")"
  cmp -s <(tr -d ' \n' < "$2") <(tr -d ' \n' < "$FIX/public.json") || fail "$2 differs from the fixture's"
}

# 1. built-in configuration, named options; the log names it
G16K_LOG=info "$G16K" prove --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
    --proof "$T/p1.json" --public "$T/q1.json" 2> "$T/log1"
grep -q "using the built-in configuration (built-in conf/cpu.ini" "$T/log1" ||
  fail "G16K_LOG=info does not say the built-in configuration is used: $(cat "$T/log1")"
judge "$T/p1.json" "$T/q1.json"
# without G16K_LOG=info it is quiet
"$G16K" prove --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
    --proof "$T/p0.json" --public "$T/q0.json" 2> "$T/log0"
[ ! -s "$T/log0" ] || fail "prove with the default log level printed: $(cat "$T/log0")"

# 2. the built-in configuration is conf/cpu.ini: the same plugins, slots and settings
"$G16K" plugins > "$T/builtin.txt"
"$G16K" plugins --config "$CPU_INI" > "$T/file.txt"
grep -q "^config: built-in conf/cpu.ini$" "$T/builtin.txt" || fail "plugins: $(head -1 "$T/builtin.txt")"
diff <(sed 1d "$T/builtin.txt") <(sed 1d "$T/file.txt") > "$T/d" ||
  fail "built-in configuration differs from $CPU_INI: $(cat "$T/d")"
grep -q "libg16k_cpu.so" "$T/builtin.txt" || fail "built-in configuration does not load the CPU plugin"

# 3. positional form (built-in config), then with --config and --timings mixed in
"$G16K" prove "$FIX/circuit_final.zkey" "$FIX/witness.wtns" "$T/p2.json" "$T/q2.json"
judge "$T/p2.json" "$T/q2.json"
"$G16K" prove --config "$CPU_INI" "$FIX/circuit_final.zkey" --timings "$FIX/witness.wtns" \
    "$T/p3.json" "$T/q3.json" 2> "$T/t3"
judge "$T/p3.json" "$T/q3.json"
grep -q "prove_total" "$T/t3" || fail "--timings among positional arguments ignored"
# $G16K_CONFIG still wins over the built-in one
rc=0; G16K_CONFIG=$T/none.ini "$G16K" prove "$FIX/circuit_final.zkey" "$FIX/witness.wtns" \
    "$T/p4.json" "$T/q4.json" 2> "$T/e4" || rc=$?
[ "$rc" = 5 ] && grep -q "none.ini" "$T/e4" || fail "G16K_CONFIG=missing file: exit $rc, $(cat "$T/e4")"

# 4. mixing and counting errors: exit 2, a message, nothing written
mkdir "$T/w"
usage_error() {   # usage_error WHAT ARGS...
  local what=$1; shift
  rc=0; "$G16K" prove "$@" > /dev/null 2> "$T/e" || rc=$?
  [ "$rc" = 2 ] || fail "$what: exit $rc, want 2"
  grep -q "^g16k: prove: \|^g16k: unexpected argument" "$T/e" || fail "$what: message '$(cat "$T/e")'"
  [ -z "$(ls -A "$T/w")" ] || fail "$what: wrote $(ls "$T/w")"
}
Z=$FIX/circuit_final.zkey W=$FIX/witness.wtns
usage_error "three arguments" "$Z" "$W" "$T/w/p.json"
usage_error "five arguments" "$Z" "$W" "$T/w/p.json" "$T/w/q.json" extra
usage_error "arguments and --zkey" "$Z" "$W" "$T/w/p.json" "$T/w/q.json" --zkey "$Z"
usage_error "arguments and --public" --public "$T/w/q.json" "$Z" "$W" "$T/w/p.json" "$T/w/q2.json"
usage_error "one argument with options" --zkey "$Z" --witness "$W" --proof "$T/w/p.json" "$T/w/q.json"
grep -q "given twice" <("$G16K" prove "$Z" "$W" a b --witness "$W" 2>&1) || fail "no 'given twice' message"

# 5. a key before phase 2 (delta = 1, as snarkjs groth16 setup writes it) proves, with a warning
# (the final key above gave none: log0 is empty)
[ -f "$FIX/circuit_0000.zkey" ] || fail "missing fixture $FIX/circuit_0000.zkey"
"$G16K" prove "$FIX/circuit_0000.zkey" "$W" "$T/p5.json" "$T/q5.json" 2> "$T/e5" ||
  fail "prove with circuit_0000.zkey: $(cat "$T/e5")"
grep -q "^g16k: warn: .*circuit_0000.zkey: delta = 1: this key has had no phase-2 contribution" "$T/e5" ||
  fail "no warning for a key before phase 2: '$(cat "$T/e5")'"
[ "$(wc -l < "$T/e5")" = 1 ] || fail "more than the warning on stderr: '$(cat "$T/e5")'"
# the command sends the library's log (silent by itself, g16k_set_log) to stderr at the level of
# $G16K_LOG: error drops the warning; an unknown level is said once, and warn is used
G16K_LOG=error "$G16K" prove "$FIX/circuit_0000.zkey" "$W" "$T/p6.json" "$T/q6.json" 2> "$T/e6" ||
  fail "prove with circuit_0000.zkey at G16K_LOG=error: $(cat "$T/e6")"
[ ! -s "$T/e6" ] || fail "G16K_LOG=error printed: '$(cat "$T/e6")'"
G16K_LOG=loud "$G16K" prove "$FIX/circuit_0000.zkey" "$W" "$T/p7.json" "$T/q7.json" 2> "$T/e7" ||
  fail "prove with circuit_0000.zkey at G16K_LOG=loud: $(cat "$T/e7")"
[ "$(grep -c "^g16k: warn: ignoring G16K_LOG='loud' (expected error, warn, info or debug)$" "$T/e7")" = 1 ] &&
  grep -q "^g16k: warn: .*circuit_0000.zkey: delta = 1: " "$T/e7" && [ "$(wc -l < "$T/e7")" = 2 ] ||
  fail "G16K_LOG=loud: '$(cat "$T/e7")'"
echo "prove forms: built-in config, positional form, usage errors and the phase-2 warning as documented"
