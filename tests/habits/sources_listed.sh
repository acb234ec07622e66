#!/usr/bin/env bash
# Every source file is named in a CMake source list (the lists are explicit, no file(GLOB)): a
# .c or .cu file that no CMakeLists.txt of its folder or a folder above names is built by nobody,
# so it is dead code or a forgotten list entry. And every folder of tests/ with a CMakeLists.txt
# is in tests/CMakeLists.txt's list. Exit 1 naming each one left out.
# usage: sources_listed.sh SOURCE_DIR
set -u
cd "$1" || exit 2
bad=0
sources() {   # the tree's .c and .cu files, relative paths (a git checkout or an unpacked copy)
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -co --exclude-standard -- '*.c' '*.cu'
  else
    find . -path ./build\* -prune -o \( -name '*.c' -o -name '*.cu' \) -print | sed 's|^\./||'
  fi
}
while IFS= read -r f; do
  # named as the file, or as the stem a foreach list makes it from (test_${_t}.c, fuzz_${_t}.c);
  # a file a script of its folder builds (sdk/abi/abi_anchor.c) counts as listed there
  name=$(basename "$f") dir=$(dirname "$f") found=
  stem=${name%.*}
  words="$name $stem ${stem#test_} ${stem#test_cpu_} ${stem#fuzz_}"
  ls "$dir"/*.sh >/dev/null 2>&1 && grep -qF "$name" "$dir"/*.sh && found=1
  while [ -z "$found" ]; do
    if [ -f "$dir/CMakeLists.txt" ]; then
      for w in $words; do
        grep -qE "(^|[^A-Za-z0-9_.])${w//./\\.}([^A-Za-z0-9_]|$)" "$dir/CMakeLists.txt" && { found=1; break; }
      done
    fi
    [ "$dir" = . ] && break
    dir=$(dirname "$dir")
  done
  [ -n "$found" ] || { echo "FAIL: $f is in no CMake source list"; bad=1; }
done < <(sources | grep -vE '^(bindings/node/node_modules|examples/embed|sdk/example)/')
for d in tests/*/; do
  d=${d%/}; n=${d#tests/}
  [ -f "$d/CMakeLists.txt" ] || continue
  grep -qE "^foreach\(_d .*\b$n\b" tests/CMakeLists.txt || { echo "FAIL: $d is not in tests/CMakeLists.txt's list"; bad=1; }
done
if grep -rn --include=CMakeLists.txt --include='*.cmake' -E 'file\(GLOB[^)]*\.(c|cu|h)\b' . | grep -v '^./build'; then
  echo "FAIL: a file(GLOB) of sources (name them instead)"; bad=1
fi
[ $bad = 0 ] && echo "ok: every source is in a list, every test folder registered"
exit $bad
