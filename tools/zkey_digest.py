#!/usr/bin/env python3
"""Print the content digest g16k names a .zkey by (the verdict cache's and the job queue's key
name): tree-mode BLAKE2b-256 over 1 MiB leaves, as docs/formats.md defines it. An implementation
apart from the C one (core/formats/zkey_cache.c), for operators and for the tests' cross-checks.
Usage: zkey_digest.py FILE..."""
import hashlib
import sys

LEAF = 1 << 20


def digest(path):
    leaves, size = [], 0
    with open(path, "rb") as f:
        while True:
            chunk = f.read(LEAF)
            if not chunk:
                break
            i = len(leaves)
            leaves.append(hashlib.blake2b(chunk, digest_size=32, salt=i.to_bytes(8, "little") + bytes(8),
                                          person=b"g16k-zkey-leaf1\0").digest())
            size += len(chunk)
    root = hashlib.blake2b(size.to_bytes(8, "little") + b"".join(leaves), digest_size=32,
                           person=b"g16k-zkey-root1\0")
    return root.hexdigest()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        print(f"{digest(p)}  {p}")
