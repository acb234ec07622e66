# The incompatible lines of an abidiff leaf-change report (abidiff --leaf-changes-only), shared by
# abi_gate.sh (plugin.h) and lib_abi_gate.sh (libg16k). Compatible, and so not printed:
#   - summary lines that count no removed or changed item;
#   - added functions ("[A] 'function ...'");
#   - members inserted at or past the old end of a struct named in the variable `growable`
#     (space-separated: the structs that start with struct_size, whose readers check it);
#     the same insertion into any other struct (an element of an array, a caller-allocated
#     output) moves what follows it and is printed.
# Everything else is printed. Exit 1 when something was printed.
BEGIN { n = split(growable, g, " "); for (i = 1; i <= n; i++) grow[g[i]] = 1 }
/^$/ { next }
/summary:/ && !/summary: [1-9][0-9]* Removed/ && !/ [1-9][0-9]* Changed/ { next }
/^[0-9]+ Added functions?:$/ { next }
/^  \[A\] 'function / { next }
/^.struct [^ ]*. changed:$/ {
  name = $2; gsub(/'/, "", name); old = -1
  if (grow[name]) next
}
/^  type size changed from [0-9]+ to [0-9]+ \(in bits\)$/ && grow[name] { old = $5; next }
/^  [0-9]+ data member insertions?:$/ && grow[name] { next }
/^    .*, at offset [0-9]+ \(in bits\)$/ {
  off = $(NF - 2)
  if (grow[name] && old >= 0 && off + 0 >= old + 0) next
}
{ print; bad = 1 }
END { exit bad }
