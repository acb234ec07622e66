#!/usr/bin/env bash
# Two builds of g16k timed against each other in one alternating run (the order swaps every
# round), for a change that must not slow anything: `g16k bench msm` (G1 and G2, 2^LOG_N, one
# thread) on the IFMA and the portable path, and `g16k bench prove` of one key on the built-in
# CPU configuration. Prints one JSON line a measurement and, at the end, a table of medians:
# user CPU seconds of the process (the figure that matters on a shared machine) and the bench's
# own median seconds (of the msm call, or of the whole proof).
# usage: tools/bench/ab.sh BEFORE_G16K AFTER_G16K ZKEY WITNESS [ROUNDS] [LOG_N]
#   BEFORE_G16K, AFTER_G16K: the g16k executables (each finds its own plugins)
# env: G16K_AB_RUNS runs inside one bench call (default 3)
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,10p' "$0"; exit 2; }
before=$1 after=$2 zkey=$3 wtns=$4 rounds=${5:-5} logn=${6:-16}
runs=${G16K_AB_RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/all.tsv

one() { # label build-name exe simd args...
  local case=$1 name=$2 exe=$3 simd=$4
  shift 4
  local t0 json
  /usr/bin/time -f '%U' -o "$tmp/time" env G16K_SIMD="$simd" XDG_CACHE_HOME="$tmp/cache" \
    "$exe" bench "$@" --threads 1 --runs "$runs" >"$tmp/json" 2>/dev/null
  # the phase that the case times: "msm" of bench msm, "total" of bench prove
  med=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["seconds"]; print(s.get("msm", s.get("total"))["median"])' "$tmp/json" 2>/dev/null || echo nan)
  printf '%s\t%s\t%s\t%s\n' "$case" "$name" "$(cat "$tmp/time")" "${med:-nan}" >>"$out"
  printf '{"case":"%s","build":"%s","user_s":%s,"median_s":%s}\n' "$case" "$name" \
    "$(cat "$tmp/time")" "${med:-null}"
}

for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then order="before after"; else order="after before"; fi
  for b in $order; do
    exe=$before
    [ $b = after ] && exe=$after
    for g in g1 g2; do
      one "msm $g 2^$logn ifma" $b "$exe" auto msm --group $g --log-n "$logn"
      one "msm $g 2^$logn portable" $b "$exe" portable msm --group $g --log-n "$logn"
    done
    one "prove $(basename "$(dirname "$zkey")")" $b "$exe" auto prove --zkey "$zkey" --witness "$wtns"
  done
done

python3 - "$out" <<'PY'
import statistics, sys, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    case, build, user, med = line.rstrip("\n").split("\t")
    rows[(case, build)].append((float(user), float(med)))
cases = sorted({c for c, _ in rows}, key=lambda c: (c.startswith("prove"), c))
print(f"{'case':28} {'user s before':>14} {'user s after':>13} {'ratio':>6} {'median s before':>16} {'median s after':>15}")
for c in cases:
    b, a = rows[(c, "before")], rows[(c, "after")]
    ub, ua = statistics.median(x[0] for x in b), statistics.median(x[0] for x in a)
    mb, ma = statistics.median(x[1] for x in b), statistics.median(x[1] for x in a)
    print(f"{c:28} {ub:14.3f} {ua:13.3f} {ua / ub:6.3f} {mb:16.4f} {ma:15.4f}")
PY
