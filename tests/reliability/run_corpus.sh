#!/usr/bin/env bash
# Run every case of a malformed-input corpus (tools/corpus/make_corpus.mjs, cases.tsv) through
# the g16k command and check, for each:
#   - the exit code is the documented one (README.md "Exit codes"), and nothing crashed
#     (no signal, no sanitizer report);
#   - on error: exactly one line of output, "g16k: error: ..." on stderr (or "INVALID: ..." on
#     stdout for exit 1 of verify), naming the file to blame and matching the place regex;
#   - on error, nothing written: the output folder stays empty (no proof, public or temp file);
#   - controls (exit 0): both outputs written (prove) or "OK" (verify).
# usage: run_corpus.sh G16K CORPUS_DIR [ID_REGEX]     (exit 77 when the corpus is missing)
set -u
G16K=$(realpath "$1") CORPUS=$2 ONLY=${3:-}
[ -f "$CORPUS/cases.tsv" ] || { echo "no corpus in $CORPUS (make_corpus.mjs not run)"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0 passes=0

while IFS=$'\t' read -r id cmd want blame place a b c; do
  [ -n "$ONLY" ] && ! [[ $id =~ $ONLY ]] && continue
  rm -rf "$T/out"; mkdir "$T/out"
  if [ "$cmd" = prove ]; then
    "$G16K" prove --config "$a" --zkey "$b" --witness "$c" --proof "$T/out/proof.json" \
      --public "$T/out/public.json" >"$T/stdout" 2>"$T/stderr" </dev/null
  else
    (cd "$T/out" && "$G16K" verify --vk "$a" --public "$b" --proof "$c") >"$T/stdout" 2>"$T/stderr" </dev/null
  fi
  rc=$?
  all=$(cat "$T/stdout" "$T/stderr")
  bad() { echo "FAIL $id: $*"; printf '%s\n' "$all" | head -5 | sed 's/^/    | /'; fails=$((fails+1)); }
  if [ $rc -ge 128 ] || grep -qE 'Sanitizer|runtime error|LeakSanitizer' "$T/stderr"; then
    bad "crashed (exit $rc)"; continue
  fi
  if [ "$rc" != "$want" ]; then bad "exit $rc, expected $want"; continue; fi
  if [ "$want" = 0 ]; then
    if [ "$cmd" = prove ] && { [ ! -s "$T/out/proof.json" ] || [ ! -s "$T/out/public.json" ]; }; then
      bad "exit 0 without both outputs"; continue
    fi
    if [ "$cmd" = verify ] && [ "$(cat "$T/stdout")" != OK ]; then bad "verify did not print OK"; continue; fi
    passes=$((passes+1)); continue
  fi
  nlines=$(printf '%s\n' "$all" | grep -c .)
  if [ "$want" = 1 ] && [ "$cmd" = verify ]; then
    line=$(grep '^INVALID: ' "$T/stdout")
  else
    line=$(grep '^g16k: error: ' "$T/stderr")
  fi
  if [ "$nlines" -ne 1 ] || [ -z "$line" ]; then bad "expected one error line, got $nlines"; continue; fi
  if [ "$blame" != - ] && [[ $line != *"$blame"* ]]; then bad "message does not name $blame"; continue; fi
  if ! [[ $line =~ $place ]]; then bad "message does not match /$place/"; continue; fi
  if [ -n "$(ls -A "$T/out")" ]; then bad "left files behind: $(ls -A "$T/out" | tr '\n' ' ')"; continue; fi
  passes=$((passes+1))
  [ -n "${G16K_CORPUS_VERBOSE:-}" ] && echo "ok $id: $line"
done < "$CORPUS/cases.tsv"

echo "$passes passed, $fails failed"
[ $fails -eq 0 ] && [ $passes -gt 0 ]
