#!/usr/bin/env bash
# ABI gate of libg16k: is the built library still compatible with the committed baseline
# libg16k-abi-SOVERSION.xml (SOVERSION read from the library's soname, libg16k.so.N)?
#
#   lib_abi_gate.sh LIBG16K.so INCLUDE_DIR [BASELINE.xml]     check
#   lib_abi_gate.sh --update LIBG16K.so INCLUDE_DIR OUT.xml   write a new baseline (after review)
#
# How: abidw (libabigail, Debian abigail-tools) reads the library's DWARF (core/ is built with -g
# in every build type) with INCLUDE_DIR/g16k as the public headers, so the opaque handles
# (g16k_prover, g16k_key, g16k_proof) stay opaque and only the exported functions and the types
# of g16k.h count; abidiff compares that with the baseline in leaf-change mode. The rules:
#   - no change: PASS;
#   - only added functions, and members appended at the end of the structs that start with
#     struct_size (g16k_key_opts, g16k_prove_opts; leaf_changes.awk): PASS (compatible; the
#     baseline may then be updated);
#   - anything else (a removed or changed function, a member inserted in the middle or appended
#     to a fixed-size struct such as g16k_timings, a changed type): FAIL. Such a change needs a
#     new soname (G16K_SOVERSION in core/CMakeLists.txt), whose baseline is then written anew.
# Which symbols the library exports is checked apart, against g16k.h (tests/embed/lib_exports.sh).
# Exit: 0 pass, 1 fail, 2 usage or tool error.
set -u
here=$(cd "$(dirname "$0")" && pwd)
update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
lib=${1:-} inc=${2:-}
[ -n "$lib" ] && [ -f "$lib" ] && [ -n "$inc" ] && [ -f "$inc/g16k/g16k.h" ] \
  || { echo "usage: lib_abi_gate.sh [--update] LIBG16K.so INCLUDE_DIR [BASELINE.xml]" >&2; exit 2; }
for t in abidw abidiff readelf; do
  command -v $t >/dev/null || { echo "lib_abi_gate: $t not found (Debian packages abigail-tools, binutils)" >&2; exit 2; }
done
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
sover=${soname##*.so.}
[ -n "$soname" ] && [ "$sover" != "$soname" ] || { echo "lib_abi_gate: $lib has no versioned soname ($soname)" >&2; exit 2; }
base=${3:-$here/libg16k-abi-$sover.xml}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inc=$(cd "$inc" && pwd)

# The corpus, with the checkout's path taken out of the translation unit names.
src=$(cd "$inc/.." && pwd)
abidw --hd "$inc/g16k" --drop-private-types --drop-undefined-syms --exported-interfaces-only \
      --no-show-locs --no-comp-dir-path --no-corpus-path --no-elf-needed "$lib" >"$tmp/raw.xml" \
  || { echo "lib_abi_gate: abidw failed on $lib" >&2; exit 2; }
sed "s|path='$src/|path='|" "$tmp/raw.xml" >"$tmp/lib.xml"
grep -q "<function-decl name='g16k_version'" "$tmp/lib.xml" \
  || { echo "lib_abi_gate: no DWARF of g16k_version in $lib (built without -g?)" >&2; exit 2; }
if [ $update -eq 1 ]; then
  cp "$tmp/lib.xml" "$base" && echo "wrote $base"
  exit $?
fi
[ -f "$base" ] || {
  echo "FAIL lib abi: no baseline $(basename "$base") for soname $soname: a new soname needs its baseline (--update)"
  exit 1
}

. "$here/leaf_compare.sh"
leaf_compare "$base" "$tmp/lib.xml" "$tmp" "lib abi"
rc=$?
case $rc in
  0) echo "PASS lib abi: identical to $(basename "$base")"; exit 0 ;;
  4) ;;
  *) exit $rc ;;
esac
echo "PASS lib abi: compatible with $(basename "$base") (additions only):"
grep "\[A\]\|^'struct\|offset" "$tmp/diff"
exit 0
