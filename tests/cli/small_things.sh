#!/usr/bin/env bash
# Smaller things a new user trips on, each as the user meets it:
#  - prove --threads T (setup and bench had it): the proof's MSM calls get T threads at most;
#  - a bad option value of submit points to `g16k submit --help`, not to `g16k --help`;
#  - a misspelt command: "unknown command 'proove'; did you mean 'prove'?" and the command
#    names on a line, not the 90 lines of every command's help;
#  - a plugin not found: the folders searched, not the g16k binary's own path as a folder.
#  - bench msm --curve bls12381|bn128 (the MSM benchmark on either curve).
# usage: small_things.sh G16K FIXTURES
set -euo pipefail
G16K=$1 F=$2/poseidon2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset G16K_CONFIG G16K_THREADS G16K_QUEUE

# prove --threads
"$G16K" prove --threads 1 --trace "$T/t1.json" "$F/circuit_final.zkey" "$F/witness.wtns" "$T/p.json" "$T/q.json" ||
  fail "prove --threads 1"
node -e '
const ev = JSON.parse(require("fs").readFileSync(process.argv[1])).traceEvents;
const m = ev.filter((e) => /^MSM /.test(e.name) && e.args && e.args.threads !== undefined);
if (m.length < 5 || m.some((e) => e.args.threads !== 1)) {
  console.log("MSM threads with --threads 1:", m.map((e) => e.name + "=" + e.args.threads).join(" ")); process.exit(1);
}' "$T/t1.json" || fail "prove --threads 1 ran MSMs on more threads"
rc=0; "$G16K" prove --threads lots "$F/circuit_final.zkey" "$F/witness.wtns" "$T/p2.json" "$T/q2.json" 2> "$T/e" || rc=$?
[ $rc = 2 ] && grep -q "bad --threads 'lots'" "$T/e" && [ ! -e "$T/p2.json" ] || fail "--threads lots: exit $rc, $(cat "$T/e")"
echo "ok: prove --threads 1: every MSM on one thread; a bad value is a usage error"

# submit --priority high
rc=0; "$G16K" submit --queue "sqlite:$T/q.db" --zkey "$F/circuit_final.zkey" --witness "$F/witness.wtns" \
  --priority high 2> "$T/e" || rc=$?
[ $rc = 2 ] && grep -q "^(see g16k submit --help)$" "$T/e" || fail "submit --priority high: exit $rc, $(cat "$T/e")"
echo "ok: submit --priority high points to g16k submit --help"

# a misspelt command, as a command and after help
for args in "proove" "help proove" "verfy --vk x" "stup"; do
  rc=0; "$G16K" $args > "$T/o" 2> "$T/e" || rc=$?
  want=$(case $args in proove*|help\ proove) echo prove ;; verfy*) echo verify ;; stup) echo setup ;; esac)
  [ $rc = 2 ] || fail "g16k $args: exit $rc"
  head -1 "$T/e" | grep -q "^g16k: unknown command '${args##help }'" 2>/dev/null ||
    head -1 "$T/e" | grep -q "^g16k: unknown command '${args%% *}'" || fail "g16k $args: $(head -1 "$T/e")"
  grep -q "did you mean '$want'?" "$T/e" || fail "g16k $args: no suggestion of $want: $(cat "$T/e")"
  grep -q "^commands: prove verify check " "$T/e" || fail "g16k $args: no list of commands: $(cat "$T/e")"
  [ "$(wc -l < "$T/e")" -le 4 ] || fail "g16k $args: $(wc -l < "$T/e") lines"
done
rc=0; "$G16K" zzzzzzzz 2> "$T/e" || rc=$?
[ $rc = 2 ] && ! grep -q "did you mean" "$T/e" || fail "a name far from every command got a suggestion: $(cat "$T/e")"
echo "ok: misspelt commands get the closest name and the list"

# a plugin not found
printf '[plugin.cpu]\npath = libg16k_nope.so\n[synthesizer]\nprovider = cpu\n[ntt]\nprovider = cpu\n[msm.g1]\nprovider = cpu\n[msm.g2]\nprovider = cpu\n' > "$T/nope.ini"
rc=0; "$G16K" plugins --config "$T/nope.ini" 2> "$T/e" || rc=$?
bin=$(realpath "$G16K")
[ $rc = 3 ] && grep -q "'libg16k_nope.so' not found in " "$T/e" || fail "missing plugin: exit $rc, $(cat "$T/e")"
grep -qE "(in |, )$bin(,|$)" "$T/e" && fail "the search list names the binary $bin as a folder: $(cat "$T/e")"
grep -q "$(dirname "$bin")/../lib/g16k" "$T/e" || fail "the search list lacks lib/g16k next to the binary: $(cat "$T/e")"
echo "ok: a missing plugin's search list: folders only"

# bench msm --curve: the synthetic MSM on either curve; another name, or --curve with a key, exit 2
for c in bls12381 bn128; do
  "$G16K" bench msm --curve $c --group g2 --log-n 4 --runs 1 --threads 1 > "$T/b.json" ||
    fail "bench msm --curve $c"
  node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1]));
    if (j.curve !== process.argv[2] || !(j.seconds.msm.median > 0)) process.exit(1);' "$T/b.json" $c ||
    fail "bench msm --curve $c: $(cat "$T/b.json")"
done
rc=0; "$G16K" bench msm --curve bn256 --group g1 --log-n 4 2> "$T/e" || rc=$?
[ $rc = 2 ] && grep -q "expected bls12381 or bn128" "$T/e" || fail "bench --curve bn256: exit $rc, $(cat "$T/e")"
rc=0; "$G16K" bench prove --curve bn128 --zkey "$F/circuit_final.zkey" --witness "$F/witness.wtns" 2> "$T/e" || rc=$?
[ $rc = 2 ] && grep -q "a key's curve is its own" "$T/e" || fail "bench prove --curve: exit $rc, $(cat "$T/e")"
echo "ok: bench msm --curve serves both curves"
