#!/usr/bin/env bash
# A document that states the current plugin ABI states plugin.h's: every "plugin ABI (M.N)" and
# "`plugin.h` (plugin ABI M.N)" in the public headers, README.md, docs/ and sdk/README.md is
# G16K_ABI_MAJOR.G16K_ABI_MINOR. (Mentions of the version a feature came with, "plugin ABI
# 1.1)", are history and stay.) g16k.h said "the plugin ABI (1.3)" a release after 1.4.
# usage: abi_mentions.sh SOURCE
set -euo pipefail
SRC=$1
h=$SRC/include/g16k/plugin.h
v="$(sed -n 's/^#define G16K_ABI_MAJOR \([0-9]*\).*/\1/p' "$h").$(sed -n 's/^#define G16K_ABI_MINOR \([0-9]*\).*/\1/p' "$h")"
[[ $v =~ ^[0-9]+\.[0-9]+$ ]] || { echo "FAIL: no G16K_ABI_MAJOR/MINOR in $h"; exit 1; }
bad=$(cd "$SRC" && grep -rnoE 'plugin ABI \([0-9]+\.[0-9]+\)|`plugin\.h` \(plugin ABI [0-9]+\.[0-9]+' \
        include/g16k README.md docs sdk/README.md | grep -v -- "$v" || true)
[ -z "$bad" ] || { echo "FAIL: the current plugin ABI is $v, these say otherwise:"; echo "$bad"; exit 1; }
n=$(cd "$SRC" && grep -rnoE 'plugin ABI \([0-9]+\.[0-9]+\)|`plugin\.h` \(plugin ABI [0-9]+\.[0-9]+' \
      include/g16k README.md docs sdk/README.md | wc -l)
echo "ok: $n statements of the current plugin ABI, all $v"
