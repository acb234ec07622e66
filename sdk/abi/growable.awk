# The structs of an abidw XML corpus whose first member (offset 0) is struct_size, space-separated
# on one line: the ones that may grow at their end (leaf_changes.awk).
/<class-decl name='[^']*' size-in-bits=/ { split($0, a, "'"); name = a[2]; first = 1; next }
first && /<var-decl name='struct_size'/ { out = out (out == "" ? "" : " ") name }
/<var-decl / { first = 0 }
END { print out }
