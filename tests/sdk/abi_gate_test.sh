#!/usr/bin/env bash
# The ABI gate (sdk/abi/abi_gate.sh) on the real header and on copies changed by sed:
# the gate must pass the current header and a compatible minor (a member appended at the end of a
# struct that starts with struct_size, G16K_ABI_MINOR bumped), and fail every incompatible change.
# usage: abi_gate_test.sh SOURCE_DIR
set -u
SRC=$1
GATE=$SRC/sdk/abi/abi_gate.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$GATE" "$SRC/include" || fail "the current plugin.h is not compatible with the newest baseline"
# every older minor's baseline stays extended by the current header (appends only)
for b in "$SRC"/sdk/abi/g16k-plugin-abi-1.*.xml; do
  "$GATE" "$SRC/include" "$b" >/dev/null || fail "plugin.h no longer extends $(basename "$b")"
  echo "ok: extends $(basename "$b")"
done

# variant NAME SED-SCRIPT: a copy of plugin.h under $T/NAME/g16k, changed by sed (which must
# change something, or the test itself is stale).
variant() {
  mkdir -p "$T/$1/g16k"
  sed "$2" "$SRC/include/g16k/plugin.h" >"$T/$1/g16k/plugin.h"
  ! cmp -s "$SRC/include/g16k/plugin.h" "$T/$1/g16k/plugin.h" || fail "sed for '$1' changed nothing"
}
expect() { # expect pass|fail NAME
  "$GATE" "$T/$2" >"$T/$2.log" 2>&1
  rc=$?
  if [ "$1" = pass ]; then [ $rc -eq 0 ] || { cat "$T/$2.log"; fail "gate rejected $2"; }
  else [ $rc -eq 1 ] || { cat "$T/$2.log"; fail "gate did not reject $2 (exit $rc)"; }; fi
  echo "ok: $2 -> $1"
}
minor=$(sed -n 's/^#define G16K_ABI_MINOR \([0-9]*\).*/\1/p' "$SRC/include/g16k/plugin.h")
bump="s/^#define G16K_ABI_MINOR $minor\$/#define G16K_ABI_MINOR $((minor + 1))/"

variant append_minor "s|^\(    uint32_t threads; *\)/\* 0 = host->threads \*/|&\n    uint32_t appended;|; $bump"
expect pass append_minor
variant append_desc_minor "s|^    const g16k_curve_impl \*more_curves;|&\n    const void *next_vtable;|; $bump"
expect pass append_desc_minor
# g16k_coef is an array element (no struct_size): growing it moves every coefficient after the first
variant append_coef_minor "s|^\(    uint64_t value\[4\]; *\)/\* Fr, in g16k_constraints.coef_encoding \*/|&\n    uint64_t appended;|; $bump"
expect fail append_coef_minor
variant append_no_bump "s|^\(    uint32_t threads; *\)/\* 0 = host->threads \*/|&\n    uint32_t appended;|"
expect fail append_no_bump
variant insert_middle "s|^    uint32_t msm_id; .*|&\n    uint32_t inserted;|; $bump"
expect fail insert_middle
variant signature "s|^typedef void g16k_msm_bases_destroy_fn(g16k_msm_bases \*bases);|typedef void g16k_msm_bases_destroy_fn(g16k_msm_bases *bases, int flags);|; $bump"
expect fail signature
variant enum_value "s|G16K_ENC_MONTGOMERY = 2|G16K_ENC_MONTGOMERY = 3|; $bump"
expect fail enum_value
variant cap_value "s|^#define G16K_CAP_MSM_G2 (1u << 3)|#define G16K_CAP_MSM_G2 (1u << 4)|; $bump"
expect fail cap_value
variant major "s|^#define G16K_ABI_MAJOR 1|#define G16K_ABI_MAJOR 2|"
expect fail major
echo "ok: ABI gate"
