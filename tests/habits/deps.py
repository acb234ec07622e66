#!/usr/bin/env python3
"""The tree's dependency rules, checked.

The table of allowed dependencies is the fenced block after the line
"<!-- dependencies: tests/habits/deps.py reads the block below -->" in docs/architecture.md:
one line a component, "COMPONENT: ALLOWED...", a component being a folder of the tree (the
longest folder that matches names a file's component), "*" allowing everything. Allowing a
folder allows the components below it too ("arith" allows "arith/bn254"); a component below
another has rules of its own (arith/bn254 may not use arith/bls12_381 unless its line says so).

Read are every quoted #include of the C, OpenCL and CUDA sources, resolved as the build resolves
it (the including file's folder first, then the include roots the targets use), and every
target_link_libraries line of the CMake files, a target belonging to the folder whose
CMakeLists.txt defines it. An edge between two components that the table does not list fails,
naming the file, the line and the rule. An include that resolves to no file of the tree (a
generated header) is not an edge.

usage: deps.py SOURCE_DIR          exit 0 when every edge is allowed, 1 naming each one not, 2 usage
"""
import os
import re
import subprocess
import sys

MARK = "<!-- dependencies: tests/habits/deps.py reads the block below -->"
# Where a quoted include is looked for after the including file's own folder: the include
# directories the targets set (CMakeLists.txt), in no particular order (no name is ambiguous).
ROOTS = ["", "include", "core", "arith", "arith/ifma", "abi", "gpu/common", "gpu/kernels",
         "cpu", "cli", "sdk/check"]
SOURCE = re.compile(r"\.(c|h|cl|cu|cc|cpp)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def fail(msg):
    print(msg)
    return 1


def read_table(root):
    path = os.path.join(root, "docs/architecture.md")
    lines = open(path, encoding="utf-8").read().split("\n")
    if MARK not in lines:
        sys.exit(fail(f"FAIL deps: docs/architecture.md has no line '{MARK}'"))
    i = lines.index(MARK) + 1
    while i < len(lines) and not lines[i].startswith("```"):
        i += 1
    table = {}
    for n, line in enumerate(lines[i + 1:], start=i + 2):
        if line.startswith("```"):
            break
        if not line.strip() or line.startswith("#"):
            continue
        comp, sep, allowed = line.partition(":")
        if not sep:
            sys.exit(fail(f"FAIL deps: docs/architecture.md:{n}: not 'COMPONENT: ALLOWED...'"))
        table[comp.strip()] = allowed.split()
    if not table:
        sys.exit(fail("FAIL deps: docs/architecture.md: the dependency table is empty"))
    return table


def component(table, path):
    best = None
    for comp in table:
        if path == comp or path.startswith(comp + "/"):
            if best is None or len(comp) > len(best):
                best = comp
    return best


def check_edge(table, a, b, where):
    """0 when component a may use b (or either is outside the table, or they are one), else
    print why at where and return 1."""
    if a is None or b is None or a == b or "*" in table[a]:
        return 0
    if any(b == x or b.startswith(x + "/") for x in table[a]):
        return 0
    return fail(f"FAIL deps: {where}: {a} may not use {b} (docs/architecture.md allows {a}: "
                f"{' '.join(table[a]) or 'nothing'})")


def list_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"],
                             check=True, capture_output=True, text=True).stdout.split("\n")
        return [f for f in out if f and os.path.exists(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(("build", ".")) and x != "node_modules"]
            found += [os.path.relpath(os.path.join(d, f), root) for f in files]
        return found


def resolve(root, src, inc):
    for base in [os.path.dirname(src)] + ROOTS:
        cand = os.path.normpath(os.path.join(base, inc))
        if not cand.startswith("..") and os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__.strip().split("\n")[-1])
        return 2
    root = sys.argv[1]
    table = read_table(root)
    files = [f for f in list_files(root) if "/node_modules/" not in f]
    bad = 0
    edges = 0

    for f in files:
        if not SOURCE.search(f):
            continue
        a = component(table, f)
        if a is None:
            bad = fail(f"FAIL deps: {f}: in no component of the table (docs/architecture.md)")
            continue
        for n, line in enumerate(open(os.path.join(root, f), encoding="utf-8", errors="replace"), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = resolve(root, f, m.group(1))
            b = component(table, target) if target else None
            edges += b is not None and b != a
            bad |= check_edge(table, a, b, f'{f}:{n}: #include "{m.group(1)}" ({target})')

    # CMake: which folder defines each target, then what each target links.
    cmakes = [f for f in files if os.path.basename(f) == "CMakeLists.txt"]
    text = {f: open(os.path.join(root, f), encoding="utf-8").read() for f in cmakes}
    owner = {}
    define = re.compile(r"\b(?:add_library|add_executable|g16k_add_plugin)\s*\(\s*([\w:.+-]+)")
    for f, t in text.items():
        for m in define.finditer(t):
            owner[m.group(1)] = os.path.dirname(f) or "."
    link = re.compile(r"\btarget_link_libraries\s*\(([^)]*)\)", re.S)
    for f, t in text.items():
        for m in link.finditer(t):
            words = m.group(1).split()
            if not words or words[0] not in owner:
                continue
            a = component(table, owner[words[0]])
            n = t.count("\n", 0, m.start()) + 1
            for w in (w for w in words[1:] if w in owner):
                b = component(table, owner[w])
                edges += a is not None and b is not None and b != a
                bad |= check_edge(table, a, b, f"{f}:{n}: {words[0]} links {w} ({owner[w]})")
    if not bad:
        print(f"ok: {edges} edges between components, each allowed by docs/architecture.md")
    return bad


if __name__ == "__main__":
    sys.exit(main())
