#!/usr/bin/env python3
"""Count the PTX instructions of a module: every statement of every function body (.entry and
.func), inline assembly included (one asm block may hold several instructions, ';'-separated),
labels, directives and comments excluded. Prints: total, multiplies (mul*, mad*), branches.
usage: ptx_count.py FILE.ptx [--ops]   (--ops: the count of each opcode too)"""
import collections
import re
import sys


def bodies(text):
    """The text between the braces of each function definition."""
    out = []
    for m in re.finditer(r'\.(?:entry|func)\b[^{;]*\{', text):
        depth, j = 1, m.end()
        while depth:
            depth += {'{': 1, '}': -1}.get(text[j], 0)
            j += 1
        out.append(text[m.end():j - 1])
    return out


def opcodes(text):
    ops = []
    for body in bodies(re.sub(r'//[^\n]*', '', text)):
        for stmt in body.split(';'):
            stmt = re.sub(r'^[{}\s]+', '', stmt)
            stmt = re.sub(r'^(?:\$?[\w]+:\s*)+', '', stmt)      # labels
            stmt = re.sub(r'^@!?%\w+\s+', '', stmt)              # a predicate guard
            if stmt and not stmt.startswith('.') and re.match(r'[a-z]', stmt):
                ops.append(stmt.split()[0])
    return ops


def main():
    ops = opcodes(open(sys.argv[1]).read())
    c = collections.Counter(ops)
    muls = sum(v for k, v in c.items() if k.startswith(('mul', 'mad')))
    print(len(ops), muls, sum(v for k, v in c.items() if k.startswith('bra')))
    if '--ops' in sys.argv:
        for k, v in c.most_common():
            print('  %6d %s' % (v, k))


if __name__ == '__main__':
    main()
