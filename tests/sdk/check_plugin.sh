#!/usr/bin/env bash
# Run g16k-plugin-check on a plugin that must pass; SKIP (77) when the plugin was not built or
# its device is absent (the checker itself exits 77 then).
# usage: check_plugin.sh CHECKER PLUGIN.so [REFERENCE.so]
set -u
CHECK=$1 PLUGIN=$2 REF=${3:-}
if [ ! -f "$PLUGIN" ]; then
  echo "SKIP: $PLUGIN not built"
  exit 77
fi
"$CHECK" "$PLUGIN" ${REF:+--reference "$REF"}
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 77 ] || echo "FAIL: g16k-plugin-check exited $rc on $PLUGIN"
exit $rc
