#!/usr/bin/env bash
# The export check (sdk/abi/lib_exports.sh) on the built libg16k, then on what it must refuse:
# a header that declares a function the library lacks, a header missing one the library exports,
# a prototype without G16K_API, and a library that exports something else (the CPU plugin).
# usage: lib_exports_test.sh SOURCE_DIR LIBG16K.so OTHER.so
set -u
SRC=$1 LIB=$2 OTHER=$3
CHECK=$SRC/sdk/abi/lib_exports.sh
H=$SRC/include/g16k/g16k.h
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$CHECK" "$LIB" "$H" || fail "libg16k does not export exactly g16k.h"
variant() { # variant NAME SED: a changed copy of g16k.h (the sed must change something)
  sed "$2" "$H" >"$T/$1.h"
  ! cmp -s "$H" "$T/$1.h" || fail "sed for '$1' changed nothing"
}
refuse() { # refuse NAME LIB WHAT: the check must fail and say WHAT
  "$CHECK" "$2" "$T/$1.h" >"$T/$1.log" 2>&1 && { cat "$T/$1.log"; fail "$1 passed"; }
  grep -q "$3" "$T/$1.log" || { cat "$T/$1.log"; fail "$1: no '$3'"; }
  echo "ok: $1 refused: $(grep -A1 FAIL "$T/$1.log" | tr '\n' ' ')"
}
variant phantom 's|^G16K_API void g16k_key_free(g16k_key \*key);|&\nG16K_API int g16k_phantom(void);|'
refuse phantom "$LIB" "not exported by"
variant dropped '/^G16K_API uint32_t g16k_key_n_public(/d'
refuse dropped "$LIB" "exported by libg16k.* but not in"
variant unmarked 's|^G16K_API \(uint32_t g16k_key_n_public(\)|\1|'
refuse unmarked "$LIB" "without G16K_API"
cp "$H" "$T/other.h"
refuse other "$OTHER" "g16k_plugin_entry"
echo "ok: export check"
