#!/usr/bin/env bash
# The libg16k ABI gate (sdk/abi/lib_abi_gate.sh) on the built library against the committed
# baseline, then against copies of the baseline edited to stand for an older library, so that the
# built one is: a compatible change (a function added; a member appended to g16k_key_opts, which
# starts with struct_size) -> pass, or an incompatible one (a function removed; a return type
# changed; a member appended to g16k_timings, which is caller-allocated and fixed; a member
# inserted in the middle of g16k_prove_opts; no baseline for the soname) -> fail.
# usage: lib_abi_gate_test.sh SOURCE_DIR LIBG16K.so
set -u
SRC=$1 LIB=$2
GATE=$SRC/sdk/abi/lib_abi_gate.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$GATE" "$LIB" "$SRC/include" || fail "the built libg16k is not compatible with its baseline"
sover=$(readelf -d "$LIB" | sed -n 's/.*Library soname: \[.*\.so\.\([0-9]*\)\]/\1/p')
B=$SRC/sdk/abi/libg16k-abi-$sover.xml

# drop_member STRUCT MEMBER NEWSIZE: the baseline without that member, the struct NEWSIZE bits.
drop_member() {
  awk -v st="$1" -v m="$2" -v sz="$3" '
    $0 ~ "<class-decl name=.'"$1"'. size-in-bits=" { sub(/size-in-bits=.[0-9]+./, "size-in-bits=\047" sz "\047"); in_st = 1 }
    in_st && /<data-member / { held = $0; next }
    held != "" { if ($0 ~ "<var-decl name=.'"$2"'.") { skip = 1 } else { print held }; held = "" }
    skip { if (/<\/data-member>/) skip = 0; next }
    in_st && /<\/class-decl>/ { in_st = 0 }
    { print }' "$B"
}
# drop_function NAME: the baseline without that function (so the library added it).
drop_function() {
  awk -v f="$1" '
    $0 ~ "<elf-symbol name=.'"$1"'. " { next }
    $0 ~ "<function-decl name=.'"$1"'. " { skip = 1 }
    skip { if (/<\/function-decl>/) skip = 0; next }
    { print }' "$B"
}
# add_function OLD NEW: the baseline with a copy of function OLD named NEW (so the library lost it).
add_function() {
  awk -v o="$1" -v n="$2" '
    { print }
    $0 ~ "<elf-symbol name=.'"$1"'. " { s = $0; gsub(o, n, s); print s }
    $0 ~ "<function-decl name=.'"$1"'. " { copy = 1; buf = "" }
    copy { l = $0; gsub(o, n, l); buf = buf l "\n" }
    copy && /<\/function-decl>/ { copy = 0; printf "%s", buf }' "$B"
}
# return_int NAME: the baseline where function NAME returns int.
return_int() {
  int_id=$(sed -n "s/.*<type-decl name='int' size-in-bits='32' id='\([^']*\)'.*/\1/p" "$B" | head -1)
  awk -v id="$int_id" '
    $0 ~ "<function-decl name=.'"$1"'. " { in_f = 1 }
    in_f && /<return type-id=/ { sub(/type-id=\047[^\047]*\047/, "type-id=\047" id "\047"); in_f = 0 }
    { print }' "$B"
}
expect() { # expect pass|fail NAME
  cmp -s "$B" "$T/$2.xml" && fail "the edit for $2 changed nothing"
  "$GATE" "$LIB" "$SRC/include" "$T/$2.xml" >"$T/$2.log" 2>&1
  rc=$?
  if [ "$1" = pass ]; then [ $rc -eq 0 ] || { cat "$T/$2.log"; fail "gate rejected $2"; }
  else [ $rc -eq 1 ] || { cat "$T/$2.log"; fail "gate did not reject $2 (exit $rc)"; }; fi
  echo "ok: $2 -> $1"
}
drop_function g16k_key_load >"$T/added_function.xml";              expect pass added_function
drop_member g16k_key_opts flags 320 >"$T/append_key_opts.xml";     expect pass append_key_opts
add_function g16k_key_free g16k_key_release >"$T/removed_function.xml"; expect fail removed_function
return_int g16k_key_n_public >"$T/return_type.xml";                expect fail return_type
drop_member g16k_timings total 704 >"$T/append_timings.xml";       expect fail append_timings
drop_member g16k_prove_opts insecure_fixed_rs 864 >"$T/insert_middle.xml"; expect fail insert_middle
"$GATE" "$LIB" "$SRC/include" "$T/none.xml" >"$T/none.log" 2>&1 && fail "gate passed without a baseline"
echo "ok: no baseline -> fail"
echo "ok: libg16k ABI gate"
