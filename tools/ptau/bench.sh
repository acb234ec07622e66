#!/usr/bin/env bash
# Powers-of-tau steps timed side by side: g16k ptau against snarkjs powersoftau, the same step on
# the same input, alternating tools within each run; medians of RUNS runs. A benchmark, not a
# test (issue 31's table; README "Powers of tau").
#
# usage: tools/ptau/bench.sh G16K [--snarkjs BIN] [--powers "14 16"] [--snarkjs-powers "10 12"]
#                            [--runs 3] [--threads N] [--curve bls12381|bn128] [--out FILE.jsonl]
#                            [--steps "new contribute contribute2 beacon prepare verify"]
#                            [--shared-inputs [--snarkjs-steps "beacon verify prepare"]]
#   Steps per power: new, contribute (onto new: a ceremony's first contribution, every input
#   point the generator, which g16k multiplies by fixed-base tables), contribute2 (a second
#   contribution, onto that one's file: products of arbitrary points, as every later
#   contribution), beacon (onto the first contribution's file, 2^10 SHA-256), prepare (of the
#   beacon file) and verify (of the prepared file). snarkjs runs only at --snarkjs-powers
#   (its prepare takes about 30 minutes at power 14 on two cores); g16k at both lists.
#   --curve: the ceremony's curve, as both tools name it (default bls12381).
#   --steps: the steps to time, a subset of the default list in its order; a step runs on the
#   files of the steps before it, so keep those in (new before contribute and so on).
#   --shared-inputs: snarkjs's steps read the files g16k's steps wrote (its beacon g16k's first
#   contribution, its prepare g16k's beacon file, its verify g16k's prepared file), so both
#   tools time each step on the same bytes, and snarkjs's new, beacon and prepare outputs must
#   be g16k's byte for byte (checked with cmp; a difference fails the run). In a run g16k's
#   steps then come first, and snarkjs's follow in the order --snarkjs-steps gives (default:
#   --steps; its prepare can go last: about 2 hours at power 18).
#   Each timing goes to stderr as it comes (a long run's partial results). At the end, to --out,
#   one JSON object a line: tool, curve, step, power, runs, wall_s and cpu_s (user + system)
#   medians, max_rss_mb (largest of the runs); also printed as a table.
set -euo pipefail
G16K=${1:?usage: bench.sh G16K [--snarkjs BIN] [--powers LIST] [--snarkjs-powers LIST] [--runs N]}
shift
SNARKJS= POWERS="14 16" SJ_POWERS="10 12" RUNS=3 THREADS=0 OUT= CURVE=bls12381 SHARED=0
STEPS="new contribute contribute2 beacon prepare verify" SJ_STEPS=
while [ $# -gt 0 ]; do
  case $1 in
    --snarkjs) SNARKJS=$2; shift 2 ;;
    --powers) POWERS=$2; shift 2 ;;
    --snarkjs-powers) SJ_POWERS=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --curve) CURVE=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --steps) STEPS=$2; shift 2 ;;
    --shared-inputs) SHARED=1; shift ;;
    --snarkjs-steps) SJ_STEPS=$2; shift 2 ;;
    *) echo "bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case $CURVE in bls12381 | bn128) ;; *) echo "bench.sh: --curve is bls12381 or bn128" >&2; exit 2 ;; esac
[ -n "$SJ_STEPS" ] || SJ_STEPS=$STEPS
[ "$SJ_STEPS" = "$STEPS" ] || [ "$SHARED" = 1 ] ||
  { echo "bench.sh: --snarkjs-steps needs --shared-inputs" >&2; exit 2; }
for s in $STEPS $SJ_STEPS; do
  [[ " $STEPS " == *" $s "* ]] || { echo "bench.sh: snarkjs step $s is not in --steps" >&2; exit 2; }
  case $s in new | contribute | contribute2 | beacon | prepare | verify) ;;
    *) echo "bench.sh: unknown step $s (new contribute contribute2 beacon prepare verify)" >&2; exit 2 ;;
  esac
done
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
[ -n "$OUT" ] || OUT=$T/results.jsonl
: > "$OUT"

# timed TOOL STEP POWER RUN CMD...: run CMD under /usr/bin/time, keep wall, CPU and RSS
timed() {
  local tool=$1 step=$2 p=$3 run=$4; shift 4
  /usr/bin/time -f "%e %U %S %M" -o "$T/time" "$@" > "$T/cmd.log" 2>&1 ||
    { cat "$T/cmd.log" >&2; echo "bench.sh: $tool $step $p failed" >&2; exit 1; }
  read -r wall user sys rss < "$T/time"
  echo "$tool $step $p $run $wall $(awk -v u="$user" -v s="$sys" "BEGIN {print u + s}") $rss" >> "$T/raw"
  echo "bench.sh: $(tail -1 "$T/raw") (tool step power run wall_s cpu_s rss_kb)" >&2
}

g16k_step() { # STEP POWER RUN
  local s=$1 p=$2 r=$3 d=$T/g$2
  mkdir -p "$d"
  case $s in
    new) timed g16k new $p $r "$G16K" ptau new $CURVE $p "$d/0.ptau" ;;
    contribute) timed g16k contribute $p $r "$G16K" ptau contribute "$d/0.ptau" "$d/1.ptau" --name bench --entropy "run $r" --threads $THREADS --quiet ;;
    contribute2) timed g16k contribute2 $p $r "$G16K" ptau contribute "$d/1.ptau" "$d/1b.ptau" --name bench2 --entropy "run $r" --threads $THREADS --quiet ;;
    beacon) timed g16k beacon $p $r "$G16K" ptau beacon "$d/1.ptau" "$d/2.ptau" 0123456789abcdef 10 --name beacon --threads $THREADS --quiet ;;
    prepare) timed g16k prepare $p $r "$G16K" ptau prepare "$d/2.ptau" "$d/3.ptau" --threads $THREADS --quiet ;;
    verify) timed g16k verify $p $r "$G16K" ptau verify "$d/3.ptau" --threads $THREADS --quiet ;;
  esac
}
snarkjs_step() {
  local s=$1 p=$2 r=$3 d=$T/s$2 i=$T/s$2
  mkdir -p "$d"
  [ "$SHARED" = 0 ] || i=$T/g$p
  case $s in
    new) timed snarkjs new $p $r "$SNARKJS" powersoftau new $CURVE $p "$d/0.ptau" ;;
    contribute) timed snarkjs contribute $p $r "$SNARKJS" powersoftau contribute "$i/0.ptau" "$d/1.ptau" --name=bench -e="run $r" ;;
    contribute2) timed snarkjs contribute2 $p $r "$SNARKJS" powersoftau contribute "$i/1.ptau" "$d/1b.ptau" --name=bench2 -e="run $r" ;;
    beacon) timed snarkjs beacon $p $r "$SNARKJS" powersoftau beacon "$i/1.ptau" "$d/2.ptau" 0123456789abcdef 10 -n=beacon ;;
    prepare) timed snarkjs prepare $p $r "$SNARKJS" powersoftau prepare phase2 "$i/2.ptau" "$d/3.ptau" ;;
    verify) timed snarkjs verify $p $r "$SNARKJS" powersoftau verify "$i/3.ptau" ;;
  esac
  if [ "$SHARED" = 1 ]; then # the same input, so the same bytes out (the ceremony is deterministic here)
    case $s in
      new | beacon | prepare)
        local f; f=$(case $s in new) echo 0 ;; beacon) echo 2 ;; prepare) echo 3 ;; esac)
        cmp "$i/$f.ptau" "$d/$f.ptau" ||
          { echo "bench.sh: $s $p: snarkjs's output differs from g16k's on the same input" >&2; exit 1; }
        echo "bench.sh: $s $p: snarkjs's output is g16k's byte for byte" >&2 ;;
    esac
  fi
}

ALL=$(printf '%s\n' $POWERS $SJ_POWERS | sort -n -u)
for p in $ALL; do
  for r in $(seq "$RUNS"); do
    sj=; [ -n "$SNARKJS" ] && [[ " $SJ_POWERS " == *" $p "* ]] && sj=1
    if [ "$SHARED" = 1 ]; then
      for s in new contribute contribute2 beacon prepare verify; do
        [[ " $STEPS " != *" $s "* ]] || g16k_step $s $p $r
      done
      for s in $SJ_STEPS; do [ -z "$sj" ] || snarkjs_step $s $p $r; done
    else
      for s in $STEPS; do
        if [[ " $POWERS $SJ_POWERS " == *" $p "* ]]; then g16k_step $s $p $r; fi
        if [ -n "$sj" ]; then snarkjs_step $s $p $r; fi
      done
    fi
    echo "bench.sh: power $p run $r done" >&2
  done
  rm -rf "$T/g$p" "$T/s$p"
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
printf '%-8s %-11s %5s %10s %10s %10s\n' tool step power wall_s cpu_s rss_mb
for key in $(awk '{print $1":"$2":"$3}' "$T/raw" | sort -u -t: -k3,3n -k1,1 -k2,2); do
  IFS=: read -r tool step p <<< "$key"
  sel() { awk -v t="$tool" -v s="$step" -v p="$p" -v c="$1" '$1==t && $2==s && $3==p {print $c}' "$T/raw"; }
  wall=$(sel 5 | median) cpu=$(sel 6 | median) rss=$(sel 7 | sort -n | tail -1) n=$(sel 5 | wc -l)
  printf '{"tool":"%s","curve":"%s","step":"%s","power":%s,"runs":%s,"wall_s":%s,"cpu_s":%s,"max_rss_mb":%s}\n' \
    "$tool" "$CURVE" "$step" "$p" "$n" "$wall" "$cpu" "$((rss / 1024))" >> "$OUT"
  printf '%-8s %-11s %5s %10s %10s %10s\n' "$tool" "$step" "$p" "$wall" "$cpu" "$((rss / 1024))"
done
