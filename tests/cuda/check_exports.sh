#!/bin/sh
# check_exports.sh <plugin.so>: a plugin must export exactly one dynamic symbol,
# g16k_plugin_entry (docs/architecture.md); anything else leaks our internals or a
# statically linked runtime. Exit 0 when so, 1 otherwise (the offending symbols on stderr).
set -eu
lib=$1
syms=$(nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | sort -u)
if [ "$syms" = "g16k_plugin_entry" ]; then
    echo "$lib: exports only g16k_plugin_entry"
    exit 0
fi
echo "$lib: unexpected dynamic exports:" >&2
echo "$syms" | grep -v '^g16k_plugin_entry$' >&2
exit 1
