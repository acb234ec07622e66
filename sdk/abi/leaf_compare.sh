# Sourced by abi_gate.sh and lib_abi_gate.sh: the comparison both gates make.
# leaf_compare BASE.xml NEW TMPDIR [GATE]: abidiff --leaf-changes-only BASE NEW, judged by
# leaf_changes.awk with the structs of BASE that start with struct_size as the growable ones.
# Leaves TMPDIR/diff (abidiff's report) and returns
#   0  identical;
#   4  compatible changes only (added functions, members appended to growable structs);
#   1  an incompatible change: "FAIL GATE: ..." and the report are printed;
#   2  abidiff could not read a corpus (it may then call a damaged XML identical): printed.
leaf_compare() {
  local base=$1 new=$2 tmp=$3 gate=${4:-abi} rc
  local here_=$(dirname "${BASH_SOURCE[0]}")
  abidiff --leaf-changes-only --no-show-locs "$base" "$new" >"$tmp/diff" 2>"$tmp/diff.err"
  rc=$?
  if [ -s "$tmp/diff.err" ]; then
    echo "FAIL $gate: abidiff could not read the corpora:"; cat "$tmp/diff.err"; return 2
  fi
  [ $rc -eq 0 ] && return 0
  if [ $((rc & ~4)) -ne 0 ]; then
    echo "FAIL $gate: abidiff exit $rc (incompatible change or error):"; cat "$tmp/diff"; return 1
  fi
  if ! awk -v growable="$(awk -f "$here_/growable.awk" "$base")" -f "$here_/leaf_changes.awk" \
         "$tmp/diff" >"$tmp/bad"; then
    echo "FAIL $gate: incompatible change (only added functions and members appended at the end of structs that start with struct_size are allowed):"
    cat "$tmp/bad"; echo "--- abidiff:"; cat "$tmp/diff"
    return 1
  fi
  return 4
}
