#!/usr/bin/env bash
# ABI gate of the plugin ABI: is include/g16k/plugin.h still compatible with the committed
# baseline g16k-plugin-abi-MAJOR.MINOR.xml?
#
#   abi_gate.sh INCLUDE_DIR [BASELINE.xml]      check (default: the newest baseline beside this script)
#   abi_gate.sh --update INCLUDE_DIR OUT.xml    write a new baseline (after a reviewed minor bump)
#
# How: abi_anchor.c (one exported function that mentions every ABI type) is built with -g against
# INCLUDE_DIR/g16k/plugin.h and compared with the baseline by abidiff (libabigail, Debian
# abigail-tools) in leaf-change mode. The rules of plugin.h:
#   - no change at all: PASS;
#   - the only changes are members appended at the end of structs that start with struct_size
#     (every insertion at an offset >= the old size; leaf_changes.awk) and G16K_ABI_MINOR is
#     greater than the baseline's: PASS (compatible minor);
#   - appends without a minor bump, or anything else (a member inserted in the middle, a member
#     appended to an array element such as g16k_coef, a changed type or function-pointer
#     signature, a changed enum or capability value, a major bump, a removed type): FAIL, with
#     abidiff's lines.
# Added enumerators are "harmless" to abidiff and pass. (A libabigail suppression with
# has_data_member_inserted_at = end was tried first: version 2.2 also hides other changes of a
# struct that has no insertion at all, e.g. a changed function-pointer member, so the leaf report is
# parsed here instead.)
# Exit: 0 pass, 1 fail, 2 usage or tool error. CC picks the compiler (default cc).
set -u
here=$(cd "$(dirname "$0")" && pwd)
update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
inc=${1:-}
# default: the newest baseline (older ones stay, to check that the header still extends them)
base=${2:-$(ls "$here"/g16k-plugin-abi-1.*.xml | sort -t. -k2,2n | tail -n 1)}
[ -n "$inc" ] && [ -f "$inc/g16k/plugin.h" ] || { echo "usage: abi_gate.sh [--update] INCLUDE_DIR [BASELINE.xml]" >&2; exit 2; }
for t in abidw abidiff; do
  command -v $t >/dev/null || { echo "abi_gate: $t not found (Debian package abigail-tools)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inc=$(cd "$inc" && pwd)

# Build the anchor; path prefixes are mapped away so the XML does not depend on the checkout.
(cd "$tmp" && ${CC:-cc} -g -O0 -shared -fPIC -I"$inc" -fdebug-prefix-map="$inc"=include \
   -fdebug-prefix-map="$here"=sdk/abi -fdebug-prefix-map="$tmp"=. \
   -o anchor.so "$here/abi_anchor.c") || { echo "abi_gate: cannot build abi_anchor.c" >&2; exit 2; }
if [ $update -eq 1 ]; then
  abidw --no-corpus-path --out-file "$base" "$tmp/anchor.so" || exit 2
  echo "wrote $base"
  exit 0
fi
[ -f "$base" ] || { echo "abi_gate: no baseline $base" >&2; exit 2; }

minor_of() { sed -n 's/^#define G16K_ABI_MINOR \([0-9]*\).*/\1/p' "$1"; }
new_minor=$(minor_of "$inc/g16k/plugin.h")
base_minor=$(basename "$base" .xml | sed -n 's/.*-[0-9]*\.\([0-9]*\)$/\1/p')

. "$here/leaf_compare.sh"
leaf_compare "$base" "$tmp/anchor.so" "$tmp" abi
rc=$?
case $rc in
  0) echo "PASS abi: identical to $(basename "$base")"; exit 0 ;;
  4) ;;   # compatible appends: they need a minor bump
  *) exit $rc ;;
esac
if [ -z "$new_minor" ] || [ -z "$base_minor" ] || [ "$new_minor" -le "$base_minor" ]; then
  echo "FAIL abi: struct members were appended but G16K_ABI_MINOR ($new_minor) is not above the baseline's ($base_minor):"
  cat "$tmp/diff"
  exit 1
fi
echo "PASS abi: compatible minor $base_minor -> $new_minor (members appended at the end):"
grep "^'struct\|insertion\|offset" "$tmp/diff"
exit 0
