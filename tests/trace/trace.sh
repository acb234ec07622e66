#!/usr/bin/env bash
# Phase traces (g16k prove/bench/tune --trace, core/util/trace.c) checked by check_trace:
#   cpu:          prove with --timings (the events match the timings, the CPU plugin's inner
#                 phases nest in its calls), the same with B_G2 on a second CPU plugin section
#                 (two MSM groups: B_G2 overlaps the G1 MSMs on its own track), bench prove
#                 (one proof event per run), tune (one MSM event per timed call), a trace into
#                 a folder that does not exist (refused before the work, nothing written), and
#                 a failed proof (its trace is written, the proof event carries the status);
#   mixed-opencl: conf/mixed-opencl.ini (NTT and G1 MSMs on OpenCL, B_G2 on the CPU): the
#                 OpenCL plugin's uploads and kernels nest in its calls, B_G2 overlaps them.
# usage: trace.sh G16K CHECK_TRACE FIXTURES CONF_DIR cpu|mixed-opencl
set -u
G16K=$(realpath "$1") CHECK=$(realpath "$2") FIXS=$(realpath "$3") CONF=$(realpath "$4") MODE=$5
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
fx=$FIXS/poseidon2
args=(--zkey "$fx/circuit_final.zkey" --witness "$fx/witness.wtns")

# prove_traced INI NAME CHECK-ARGS...: g16k prove --trace --timings, then check_trace.
prove_traced() {
  local ini=$1 name=$2; shift 2
  if ! "$G16K" prove --config "$ini" "${args[@]}" --proof "$T/p.json" --public "$T/pub.json" \
       --timings --trace "$T/$name.json" 2>"$T/$name.err"; then
    fail "$name: g16k prove failed: $(cat "$T/$name.err")"; return
  fi
  cat "$T/$name.err"
  "$CHECK" "$T/$name.json" --proofs 1 --timings "$T/$name.err" "$@" || fail "$name: check_trace"
}

if [ "$MODE" = mixed-opencl ]; then
  prove_traced "$CONF/mixed-opencl.ini" mixed --overlap --provider-events
  grep -q '"name":"upload scalars"' "$T/mixed.json" &&
    grep -q '"name":"digit plan on the device"' "$T/mixed.json" &&
    grep -q '"provider":"opencl"' "$T/mixed.json" || fail "mixed: no OpenCL upload event"
  echo "$fails failed"; [ $fails -eq 0 ]; exit
fi

prove_traced "$CONF/cpu.ini" cpu --provider-events
grep -q '"name":"buckets: accumulate and sum"' "$T/cpu.json" || fail "cpu: no bucket event"
# Each MSM call records the window the provider ran (plugin ABI 1.5 msm_window) beside the one
# asked ("auto" in cpu.ini): a number, the width of the bucket phases nested in it.
node -e '
const ev = JSON.parse(require("fs").readFileSync(process.argv[1])).traceEvents.filter((e) => e.ph === "X");
let n = 0;
for (const m of ev.filter((e) => e.cat === "call" && /^MSM /.test(e.name))) {
  const inner = ev.filter((e) => e.name === "buckets: accumulate and sum" && e.tid === m.tid &&
                                 e.ts >= m.ts && e.ts + e.dur <= m.ts + m.dur + 1e-3);
  if (m.args.window_asked !== "auto") { console.log(m.name, "window_asked", m.args.window_asked); process.exit(1); }
  if (!inner.length) continue;   /* no Pippenger (scalars 0 and 1 only): nothing to report */
  const c = +/of up to (\d+) bits/.exec(inner[0].args.detail)[1];
  if (m.args.window !== c) { console.log(m.name, "window", m.args.window, "ran", c); process.exit(1); }
  n++;
}
if (n < 3) { console.log("only", n, "MSM calls with a bucket phase"); process.exit(1); }
console.log("ok: " + n + " MSM calls record the window they ran");
' "$T/cpu.json" || fail "cpu: MSM calls do not record the window used"

# B_G2 on a second section of the same plugin: two MSM providers, two groups (threads >= 2).
sed -e 's/^threads *=.*/threads = 2/' -e 's/^\[msm.g2\]/[plugin.cpu2]\npath = libg16k_cpu.so\n&/' \
    "$CONF/cpu.ini" | awk '/^\[msm.g2\]/{print; getline; print "provider = cpu2"; next} {print}' \
    > "$T/dual.ini"
grep -q 'provider = cpu2' "$T/dual.ini" || fail "dual.ini was not made"
prove_traced "$T/dual.ini" dual --overlap --provider-events

"$G16K" bench prove --config "$CONF/cpu.ini" "${args[@]}" --runs 3 --trace "$T/bench.json" \
  >"$T/bench.out" 2>&1 || fail "bench prove --trace: $(cat "$T/bench.out")"
"$CHECK" "$T/bench.json" --proofs 3 || fail "bench: check_trace"

# tune: per MSM with scalars one auto call and 2 windows x 1 run.
"$G16K" tune --config "$CONF/cpu.ini" "${args[@]}" --runs 1 --windows 4-5 \
  --trace "$T/tune.json" >"$T/tune.out" 2>&1 || fail "tune --trace: $(cat "$T/tune.out")"
"$CHECK" "$T/tune.json" --proofs 0 --msm-calls 15 || fail "tune: check_trace"

# A trace into a folder that does not exist: refused at once, with the path; no proof written.
"$G16K" prove --config "$CONF/cpu.ini" "${args[@]}" --proof "$T/np.json" --public "$T/npub.json" \
  --trace "$T/no/such/dir/t.json" 2>"$T/bad.err"
rc=$?
if [ $rc -ne 0 ] && grep -q "no/such/dir" "$T/bad.err" && [ ! -e "$T/np.json" ]; then
  echo "ok: unwritable trace refused: $(cat "$T/bad.err")"
else
  fail "unwritable trace: exit $rc, $(cat "$T/bad.err")"
fi

# A proof that fails (another circuit's witness): the trace is still written, and says so.
"$G16K" prove --config "$CONF/cpu.ini" --zkey "$fx/circuit_final.zkey" \
  --witness "$FIXS/mult/witness.wtns" --proof "$T/fp.json" --public "$T/fpub.json" \
  --trace "$T/failed.json" 2>"$T/failed.err"
rc=$?
if [ $rc -ne 0 ] && "$CHECK" "$T/failed.json" >/dev/null &&
   grep -q '"name":"proof","cat":"prove".*"status":-8' "$T/failed.json"; then
  echo "ok: a failed proof's trace is written with its status"
else
  fail "failed proof: exit $rc, trace: $(head -c 300 "$T/failed.json" 2>&1)"
fi

echo "$fails failed"
[ $fails -eq 0 ]
