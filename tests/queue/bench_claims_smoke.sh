#!/usr/bin/env bash
# bench_queue_claims runs and prints its JSON: bench_claims_smoke.sh BENCH sqlite|URL
set -u
BENCH=$1 URL=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
[ "$URL" = sqlite ] && URL=sqlite:$T/q.db
"$BENCH" "$URL" 50 2 > "$T/out" || exit 1
cat "$T/out"
node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1]));
         if (!(j.jobs === 50 && j.threads === 2 && j.submit_per_s > 0 && j.claim_end_per_s > 0))
           process.exit(1)' "$T/out"
