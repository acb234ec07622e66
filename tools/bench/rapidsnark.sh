#!/usr/bin/env bash
# g16k against rapidsnark (iden3/rapidsnark, BN254 only, built outside this repository) in one
# alternating run (the order of the provers swaps every round), medians of ROUNDS (issue 30.6).
#
#   tools/bench/rapidsnark.sh prove RAPIDSNARK_PROVER G16K ROUNDS NAME=ZKEY:WTNS...
#     each prover proves each bn128 key: `g16k prove` with a cached key (one warm-up proof
#     fills the verdict cache first) and rapidsnark's `prover`, both on $THREADS threads
#     (default 2; OMP_NUM_THREADS for rapidsnark), wall and user seconds by /usr/bin/time;
#     with $SNARKJS set, `snarkjs groth16 prove` too ($SNARKJS_ROUNDS rounds, default 1, and
#     only for keys below $SNARKJS_MAX_BYTES, default 200 MB: it takes minutes where the
#     others take seconds). Every proof of the first round is checked by `g16k verify`.
#   tools/bench/rapidsnark.sh msm RAPIDSNARK_BENCH_DIR G16K ROUNDS LOG_N...
#     single-threaded MSMs on G1 and G2 of 2^LOG_N points: `g16k bench msm --curve bn128
#     --threads 1` (its msm seconds) against rapidsnark's own multiexp benchmarks
#     (ffiasm's benchmark/multiexp_g1.cpp and multiexp_g2.cpp built against rapidsnark's Fq/Fr
#     as multiexp_g1 and multiexp_g2 in RAPIDSNARK_BENCH_DIR; "Time used", OMP_NUM_THREADS=1).
#
# Prints one JSON line per measurement, then a table of medians and the ratio
# rapidsnark / g16k (above 1: g16k is faster). Building rapidsnark (scratch folder, nothing of
# it in this repository): clone it with its submodules depends/ffiasm, depends/json and
# depends/circom_runtime; apt install libgmp-dev libsodium-dev nasm; cmake -B build_prover
# -DCMAKE_BUILD_TYPE=Release; make -C build_prover prover. The multiexp benchmarks:
#   g++ -O3 -DNDEBUG -fopenmp -std=gnu++11 -DARCH_X86_64 -DUSE_ASM -DUSE_OPENMP -I build
#       -I depends/ffiasm/c depends/ffiasm/benchmark/multiexp_g1.cpp depends/ffiasm/c/misc.cpp
#       depends/ffiasm/c/naf.cpp depends/ffiasm/c/splitparstr.cpp depends/ffiasm/c/alt_bn128.cpp
#       build_prover/src/libfr.a build_prover/src/libfq.a -lgmp -o bench/multiexp_g1
set -euo pipefail
usage() { sed -n '2,21p' "$0"; exit 2; }
[ $# -ge 5 ] || usage
mode=$1 peer=$2 g16k=$3 rounds=$4
shift 4
threads=${THREADS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/all.tsv
: >"$out"

record() { # case tool wall user
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$out"
  printf '{"case":"%s","tool":"%s","wall_s":%s,"user_s":%s}\n' "$1" "$2" "$3" "${4/nan/null}"
}

timed() { # case tool command...: wall and user seconds of the command
  local c=$1 t=$2
  shift 2
  /usr/bin/time -f '%e %U' -o "$tmp/time" "$@" >"$tmp/log" 2>&1 || {
    cat "$tmp/log" >&2
    echo "rapidsnark.sh: $t failed on $c" >&2
    exit 1
  }
  read -r wall user <"$tmp/time"
  record "$c" "$t" "$wall" "$user"
}

if [ "$mode" = prove ]; then
  export XDG_CACHE_HOME=$tmp/cache
  for spec in "$@"; do # warm-up: the key's verdict cache, the page cache, the vk for checks
    name=${spec%%=*} files=${spec#*=}
    zkey=${files%%:*} wtns=${files#*:}
    "$g16k" prove --threads "$threads" "$zkey" "$wtns" "$tmp/p.json" "$tmp/q.json" >/dev/null 2>&1
    "$g16k" vk --zkey "$zkey" --vk "$tmp/$name.vk.json"
  done
  for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then order="g16k rapidsnark snarkjs"; else order="snarkjs rapidsnark g16k"; fi
    for spec in "$@"; do
      name=${spec%%=*} files=${spec#*=}
      zkey=${files%%:*} wtns=${files#*:}
      for tool in $order; do
        rm -f "$tmp/proof.json" "$tmp/public.json"
        case $tool in
        g16k) timed "$name" g16k "$g16k" prove --threads "$threads" "$zkey" "$wtns" \
          "$tmp/proof.json" "$tmp/public.json" ;;
        rapidsnark) timed "$name" rapidsnark env OMP_NUM_THREADS="$threads" "$peer" "$zkey" \
          "$wtns" "$tmp/proof.json" "$tmp/public.json" ;;
        snarkjs)
          [ -n "${SNARKJS:-}" ] && [ "$r" -le "${SNARKJS_ROUNDS:-1}" ] &&
            [ "$(stat -c %s "$zkey")" -lt "${SNARKJS_MAX_BYTES:-200000000}" ] || continue
          timed "$name" snarkjs "$SNARKJS" groth16 prove "$zkey" "$wtns" "$tmp/proof.json" \
            "$tmp/public.json" ;;
        esac
        if [ "$r" = 1 ]; then
          "$g16k" verify --vk "$tmp/$name.vk.json" --public "$tmp/public.json" \
            --proof "$tmp/proof.json" >/dev/null || {
            echo "rapidsnark.sh: $tool's proof of $name does not verify" >&2
            exit 1
          }
        fi
      done
    done
  done
elif [ "$mode" = msm ]; then
  for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then order="g16k rapidsnark"; else order="rapidsnark g16k"; fi
    for logn in "$@"; do
      for g in g1 g2; do
        for tool in $order; do
          if [ $tool = g16k ]; then
            "$g16k" bench msm --curve bn128 --group $g --log-n "$logn" --threads 1 --runs 1 \
              >"$tmp/json"
            s=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).seconds.msm.median)' "$tmp/json")
          else
            OMP_NUM_THREADS=1 "$peer/multiexp_$g" $((1 << logn)) >"$tmp/log"
            s=$(sed -n 's/^Time used: \([0-9.]*\).*/\1/p' "$tmp/log")
          fi
          record "msm $g 2^$logn 1 thread" $tool "$s" nan # the MSM call's own seconds
        done
      done
    done
  done
else
  usage
fi

python3 - "$out" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    c, t, w, u = line.rstrip('\n').split('\t')
    rows.setdefault(c, {}).setdefault(t, []).append((float(w), float(u)))
print('| case | g16k s (user) | rapidsnark s (user) | snarkjs s | rapidsnark / g16k |')
print('|---|---|---|---|---|')
for c, tools in rows.items():
    med = {t: (statistics.median(w for w, _ in v), statistics.median(u for _, u in v), len(v))
           for t, v in tools.items()}
    def cell(t):
        if t not in med: return '-'
        w, u, n = med[t]
        return f'{w:.3f} (n={n})' if u != u else f'{w:.3f} ({u:.2f}, n={n})'
    ratio = med['rapidsnark'][0] / med['g16k'][0] if 'g16k' in med and 'rapidsnark' in med else float('nan')
    print(f'| {c} | {cell("g16k")} | {cell("rapidsnark")} | {cell("snarkjs")} | {ratio:.2f}x |')
PY
