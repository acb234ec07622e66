#!/usr/bin/env bash
# README.md says what a user gets and runs; two of its facts checked against what is so:
#  1. the install-tree table: every file `cmake --install` puts in a prefix is covered by a path
#     of the table (a file, a glob, a {a,b} list or a folder/), and every path of the table
#     matches something installed (a plugin not built here excepted);
#  2. "From circom to a proof": the circom2 command of step 1 has the flags of the command that
#     examples/circom-to-proof/run.sh runs (which test example_circom_to_proof runs), --O2 among
#     them.
# usage: readme_facts.sh BUILD SOURCE
set -euo pipefail
BUILD=$1 SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$BUILD" --prefix "$T/p" > "$T/log" 2>&1 || fail "install: $(tail -5 "$T/log")"

# 1. the table: rows between "The install tree" and the first line after it that is not a row
awk '/^The install tree/ { f = 1; next } f && /^\|/ { print; t = 1; next } f && t { exit }' "$SRC/README.md" |
  tail -n +3 | cut -d'|' -f2 | grep -oE '`[^`]+`' | tr -d '`' > "$T/paths"
[ -s "$T/paths" ] || fail "no install table in README.md"
pats=()
while read -r p; do
  # shellcheck disable=SC2207  # {a,b} lists expand to several patterns
  if [[ $p == *{*}* ]]; then pats+=($(eval "echo $p")); else pats+=("$p"); fi
done < "$T/paths"
(cd "$T/p" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort) > "$T/files"
uncovered=0
while read -r f; do
  hit=0
  for p in "${pats[@]}"; do
    if [[ $p == */ ]]; then [[ $f == "$p"* ]] && hit=1; else [[ $f == $p ]] && hit=1; fi   # glob
    [ $hit = 1 ] && break
  done
  [ $hit = 1 ] || { echo "installed but not in README's install table: $f"; uncovered=1; }
done < "$T/files"
[ $uncovered = 0 ] || fail "README's install table misses installed files (above)"
for p in "${pats[@]}"; do
  case $p in *cuda*|*opencl*) continue ;; esac   # built only where their toolkit is
  found=0
  while read -r f; do
    if [[ $p == */ ]]; then [[ $f == "$p"* ]] && found=1; else [[ $f == $p ]] && found=1; fi
    [ $found = 1 ] && break
  done < "$T/files"
  [ $found = 1 ] || fail "README's install table names $p, which the install does not make"
done
echo "ok: $(wc -l < "$T/files") installed files, each under one of README's ${#pats[@]} install paths"

# 2. the circom step
readme=$(grep -m1 -oE 'circom2 factor\.circom .*' "$SRC/README.md" | sed 's/ *-o out$//; s/^circom2 factor\.circom //')
run=$(grep -m1 -oE '"\$CIRCOM" "\$HERE/factor\.circom" .*' "$SRC/examples/circom-to-proof/run.sh" |
      sed 's/ *-o \.$//; s/^"$CIRCOM" "$HERE\/factor\.circom" //')
[ -n "$readme" ] && [ "$readme" = "$run" ] || fail "README compiles with '$readme', run.sh with '$run'"
[[ " $readme " == *" --O2 "* ]] || fail "README's circom step lacks --O2: '$readme'"
echo "ok: README's circom step has run.sh's flags: $readme"
