#!/usr/bin/env bash
# Does libg16k export exactly the functions of g16k.h?
#   lib_exports.sh LIBG16K.so G16K_H
# Declared: every function prototype of the header (a line at column 0 that is not a typedef,
# comment or preprocessor line and holds "g16k_NAME("); each must carry G16K_API. Exported: the
# defined dynamic symbols of the library (nm -D --defined-only). FAIL when a declared function is
# not exported, when anything else is exported (a function or data), or when a prototype lacks
# G16K_API. Exit: 0 pass, 1 fail, 2 usage.
set -u
lib=${1:-} hdr=${2:-}
[ -f "$lib" ] && [ -f "$hdr" ] || { echo "usage: lib_exports.sh LIBG16K.so G16K_H" >&2; exit 2; }
command -v nm >/dev/null || { echo "lib_exports: nm not found (binutils)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -E '^[A-Za-z_].*\bg16k_[a-z0-9_]+\(' "$hdr" | grep -vE '^(typedef|#)' >"$tmp/protos"
bad=0
if grep -v '^G16K_API ' "$tmp/protos" >"$tmp/unmarked"; then
  echo "FAIL exports: prototypes of $(basename "$hdr") without G16K_API:"; cat "$tmp/unmarked"; bad=1
fi
sed -E 's/^[^(]*[ *](g16k_[a-z0-9_]+)\(.*/\1/' "$tmp/protos" | sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '{print $NF}' | sort -u >"$tmp/exported"
[ -s "$tmp/declared" ] || { echo "lib_exports: no prototype found in $hdr" >&2; exit 2; }
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/extra"
if [ -s "$tmp/missing" ]; then
  echo "FAIL exports: declared in $(basename "$hdr") but not exported by $(basename "$lib"):"; cat "$tmp/missing"; bad=1
fi
if [ -s "$tmp/extra" ]; then
  echo "FAIL exports: exported by $(basename "$lib") but not in $(basename "$hdr"):"; cat "$tmp/extra"; bad=1
fi
[ $bad -eq 0 ] && echo "PASS exports: $(wc -l <"$tmp/declared") functions of $(basename "$hdr"), nothing else"
exit $bad
