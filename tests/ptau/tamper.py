#!/usr/bin/env python3
"""tamper.py SRC DST WHAT: one edit of a .ptau ceremony file of either curve (the curve from the
header's n8 and q), for the tests of g16k ptau; prints the byte offset of the damaged point for
the cases whose message names it. WHAT:
  record_point   record 1's tauG1 replaced by the generator
  chain          record 1's next challenge changed: record 2 no longer follows
  section_point  tauG1[5] replaced by the generator (a valid point, wrong power)
  torsion        tauG1[3]: a point of E(Fp) outside G1 (BLS12-381 only: BN254's G1 is E(Fp))
  twist          tauG2[2]: a point of the twist outside G2 (BN254)
  g1_coord       tauG1[4]: x's top byte set, so x >= p
  g2_coord       tauG2[2]: the top bit of x.c0 flipped, so x.c0 >= p
  reduced        ceremonyPower = power + 1 (snarkjs truncate's kind of file)
  record_params  record 1's parameter length runs past section 7
  lagrange       section 12, point 6 replaced by the generator
  lagrange_g2    section 13, point 2 replaced by the generator of G2 (tauG2[0])
  lagrange_pair  section 14, points 1 and 2 (the block of 2 points) moved by +G and -G: their
                 sum, and so any test that adds the block's points with equal weights, unchanged
  lagrange_torsion  section 12, point 6 plus a point of order 3 (BLS12-381 only): outside G1,
                 and invisible to a random combination whose weight for it is a multiple of 3
  beacon_exp     the first beacon record's iteration exponent set to 63 (2^63 SHA-256: no hash
                 covers it); prints the record's offset
  control_name   record 1's name starts with ESC (0x1b), a terminal control (no hash covers it)
  no_lagrange_g1 section 12 removed (the other Lagrange sections kept)
  extra_section  a section 9 of 8 bytes appended (no snarkjs file has one); prints its offset
  ceremony_low   ceremonyPower = power - 1; prints the field's offset
"""
import random
import struct
import sys

src, dst, what = sys.argv[1:4]
b = bytearray(open(src, 'rb').read())
n = struct.unpack_from('<I', b, 8)[0]
pos, sec = 12, {}
for _ in range(n):
    i, sz = struct.unpack_from('<IQ', b, pos)
    sec[i] = (pos + 12, sz)
    pos += 12 + sz
n8 = struct.unpack_from('<I', b, sec[1][0])[0]
p = int.from_bytes(b[sec[1][0] + 4:sec[1][0] + 4 + n8], 'little')
G1, G2 = 2 * n8, 4 * n8
R = 2 ** (8 * n8)


def lem(x):
    return ((x * R) % p).to_bytes(n8, 'little')


def unlem(c):
    return int.from_bytes(c, 'little') * pow(R, -1, p) % p


def g1_add(a, c):  # affine, a != +-c, neither infinity
    lam = (c[1] - a[1]) * pow(c[0] - a[0], -1, p) % p
    x = (lam * lam - a[0] - c[0]) % p
    return x, (lam * (a[0] - x) - a[1]) % p


def g1_at(o):
    return unlem(b[o:o + n8]), unlem(b[o + n8:o + G1])


def sqrt_fp(a):  # p = 3 mod 4 on both curves
    r = pow(a, (p + 1) // 4, p)
    return r if r * r % p == a % p else None


gen = sec[2][0]  # tauG1[0] is the generator
record_fixed = 3 * G1 + 2 * G2 + (6 * G1 + 3 * G2) + 216  # points, public key, partial hash
out = None
if what == 'record_point':
    o = sec[7][0] + 4
    b[o:o + G1] = b[gen:gen + G1]
elif what == 'chain':
    b[sec[7][0] + 4 + record_fixed] ^= 1
elif what == 'section_point':
    o = sec[2][0] + 5 * G1
    b[o:o + G1] = b[gen:gen + G1]
elif what == 'torsion':
    assert n8 == 48, 'torsion: BLS12-381 files only'
    x = 5
    while sqrt_fp(x ** 3 + 4) is None:
        x += 1
    o = sec[2][0] + 3 * G1
    b[o:o + G1] = lem(x) + lem(sqrt_fp(x ** 3 + 4))
elif what == 'lagrange_torsion':
    assert n8 == 48, 'torsion: BLS12-381 files only'
    # #E(Fp) = h r; 3 divides the cofactor h, so [h r / 3] Q has order 3 or is infinity
    h = 0x396c8c005555e1568c00aaab0000aaab
    r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001

    def g1_dbl(a):
        lam = 3 * a[0] * a[0] * pow(2 * a[1], -1, p) % p
        x = (lam * lam - 2 * a[0]) % p
        return x, (lam * (a[0] - x) - a[1]) % p

    def g1_mul(k, a):  # double-and-add; None is infinity (never met here but at the end)
        acc = None
        for bit in bin(k)[2:]:
            acc = acc and (g1_dbl(acc) if acc[1] else None)
            if bit == '1':
                acc = a if acc is None else (None if acc == (a[0], (p - a[1]) % p) else g1_add(acc, a))
        return acc

    x, t3 = 5, None
    while t3 is None:
        x += 1
        y = sqrt_fp(x ** 3 + 4)
        if y is not None:
            t3 = g1_mul(h * r // 3, (x, y))
    assert g1_mul(3, t3) is None
    o = sec[12][0] + 6 * G1
    q = g1_add(g1_at(o), t3)
    b[o:o + G1] = lem(q[0]) + lem(q[1])
elif what == 'twist':
    assert n8 == 32, 'twist: BN254 files only'

    def mul(a, c):
        return ((a[0] * c[0] - a[1] * c[1]) % p, (a[0] * c[1] + a[1] * c[0]) % p)

    def sqrt_fp2(a):  # u^2 = -1: through the norm, then one square root in Fp
        nr = sqrt_fp((a[0] * a[0] + a[1] * a[1]) % p)
        if nr is None:
            return None
        for d in ((a[0] + nr) % p, (a[0] - nr) % p):
            x0 = sqrt_fp(d * pow(2, p - 2, p) % p)
            if x0:
                y = (x0, a[1] * pow(2 * x0, p - 2, p) % p)
                if mul(y, y) == (a[0] % p, a[1] % p):
                    return y
        return None

    inv82 = pow(82, p - 2, p)
    bt = (27 * inv82 % p, (-3 * inv82) % p)  # 3 / (9 + u)
    random.seed(7)
    while True:
        x = (random.randrange(p), random.randrange(p))
        x3 = mul(mul(x, x), x)
        y = sqrt_fp2(((x3[0] + bt[0]) % p, (x3[1] + bt[1]) % p))
        if y:
            break
    o = sec[3][0] + 2 * G2
    b[o:o + G2] = lem(x[0]) + lem(x[1]) + lem(y[0]) + lem(y[1])
    out = o
elif what == 'g1_coord':
    o = sec[2][0] + 4 * G1
    b[o + n8 - 1] |= 0xf0
    out = o
elif what == 'g2_coord':
    o = sec[3][0] + 2 * G2
    b[o + n8 - 1] ^= 0x80
    out = o
elif what == 'reduced':
    o = sec[1][0] + 4 + n8 + 4
    struct.pack_into('<I', b, o, struct.unpack_from('<I', b, o - 4)[0] + 1)
elif what == 'record_params':
    struct.pack_into('<I', b, sec[7][0] + 4 + record_fixed + 64 + 4, 5000)
elif what == 'lagrange':
    o = sec[12][0] + 6 * G1
    b[o:o + G1] = b[gen:gen + G1]
elif what == 'lagrange_g2':
    o = sec[13][0] + 2 * G2
    b[o:o + G2] = b[sec[3][0]:sec[3][0] + G2]
elif what == 'lagrange_pair':
    g = g1_at(gen)
    ng = (g[0], (p - g[1]) % p)
    for i, d in ((1, g), (2, ng)):
        o = sec[14][0] + i * G1
        q = g1_add(g1_at(o), d)
        b[o:o + G1] = lem(q[0]) + lem(q[1])
elif what in ('beacon_exp', 'control_name'):
    o = sec[7][0] + 4
    for _ in range(struct.unpack_from('<I', b, sec[7][0])[0]):
        q = o + record_fixed + 64  # type, parameter length, parameters
        typ, plen = struct.unpack_from('<II', b, q)
        x = q + 8
        while x < q + 8 + plen:  # (id, len, bytes) for 1 (name) and 3 (beacon hash), (2, exp)
            if b[x] == 1 and what == 'control_name':
                b[x + 2] = 0x1b
                break
            if b[x] == 2 and typ == 1 and what == 'beacon_exp':
                b[x + 1] = 63
                out = o
                break
            x += 2 if b[x] == 2 else 2 + b[x + 1]
        if x < q + 8 + plen:
            break
        o = q + 8 + plen
    else:
        sys.exit('tamper.py: no record to edit for ' + what)
elif what == 'no_lagrange_g1':
    o, sz = sec[12]
    b[o - 12:o + sz] = b''
    struct.pack_into('<I', b, 8, n - 1)
elif what == 'extra_section':
    struct.pack_into('<I', b, 8, n + 1)
    b += struct.pack('<IQ', 9, 8) + bytes(8)
    out = len(b) - 8
elif what == 'ceremony_low':
    o = sec[1][0] + 4 + n8 + 4
    struct.pack_into('<I', b, o, struct.unpack_from('<I', b, o - 4)[0] - 1)
    out = o
else:
    sys.exit('tamper.py: unknown edit ' + what)
open(dst, 'wb').write(b)
if out is not None:
    print(out)
