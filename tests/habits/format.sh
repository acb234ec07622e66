#!/usr/bin/env bash
# The C of the tree is as .clang-format says (clang-format --dry-run): a change keeps the layout
# of the code around it, and nobody reformats a file by hand. Exit 1 naming each file that
# differs; `clang-format -i --style=file FILE` fixes it.
# usage: format.sh SOURCE_DIR [CLANG_FORMAT]
set -u
cd "$1" || exit 2
CF=${2:-clang-format}
command -v "$CF" >/dev/null || { echo "FAIL: $CF not found (scripts/setup.sh installs clang-format)"; exit 1; }
[ -f .clang-format ] || { echo "FAIL: no .clang-format in $1"; exit 1; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files -co --exclude-standard -- '*.c' '*.h' '*.cu' | grep -v '/node_modules/')
else
  files=$(find . -path ./build\* -prune -o \( -name '*.c' -o -name '*.h' -o -name '*.cu' \) -print |
          grep -v '/node_modules/' | sed 's|^\./||')
fi
bad=0 n=0
for f in $files; do
  n=$((n + 1))
  if ! "$CF" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "FAIL: $f is not formatted as .clang-format says (clang-format -i --style=file $f)"
    bad=1
  fi
done
[ $bad = 0 ] && echo "ok: $n files as .clang-format says ($("$CF" --version | head -1))"
exit $bad
