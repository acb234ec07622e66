// Known-answer vectors for the BLS12-381 reference arithmetic (arith/bls12_381), computed with
// @noble/curves (an independent implementation) and written as plain text under
// tests/arith/vectors/. Deterministic: the "random" values come from SHA-256 of a counter, so
// rerunning the script reproduces the committed files byte for byte.
//
//   cd tools/vectors && npm ci && node gen_bls_vectors.mjs [outdir]
//
// Format: one case per line, space-separated tokens; the first token names the case; every
// number is a canonical decimal integer. Points are affine; infinity is "0 0" (G1) or
// "0 0 0 0" (G2), coordinates in the order x y (G1) or x.c0 x.c1 y.c0 y.c1 (G2). Fp12 values
// are 12 Fp numbers in the order c0.c0.c0 c0.c0.c1 c0.c1.c0 ... c1.c2.c1, for the tower
// Fp12 = Fp6[w]/(w^2 - v), Fp6 = Fp2[v]/(v^3 - (u + 1)), Fp2 = Fp[u]/(u^2 + 1), which is also
// noble's layout (Fp12 {c0, c1: Fp6}, Fp6 {c0, c1, c2: Fp2}, Fp2 {c0, c1}).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bls12_381 as bls } from '@noble/curves/bls12-381.js';
import { fieldCases, fp2SqrtCases, groupCases, makeRand, rawPoint, s, write as writeFile } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, '../../tests/arith/vectors'));
mkdirSync(outDir, { recursive: true });

const { Fp, Fr, Fp2, Fp12 } = bls.fields;
const p = Fp.ORDER;
const r = Fr.ORDER;
const G1 = bls.G1.Point;
const G2 = bls.G2.Point;

const rnd = makeRand('g16k-arith');
const { rand, randNonZero } = rnd;

const g1s = (P) => (P.is0() ? '0 0' : ((a) => `${s(a.x)} ${s(a.y)}`)(P.toAffine()));
const fp2s = (a) => `${s(a.c0)} ${s(a.c1)}`;
const g2s = (P) => (P.is0() ? '0 0 0 0' : ((a) => `${fp2s(a.x)} ${fp2s(a.y)}`)(P.toAffine()));
const fp6s = (a) => `${fp2s(a.c0)} ${fp2s(a.c1)} ${fp2s(a.c2)}`;
const fp12s = (a) => `${fp6s(a.c0)} ${fp6s(a.c1)}`;
const randFp2 = () => Fp2.create({ c0: rand(p), c1: rand(p) });
const randFp12 = () =>
  Fp12.create({
    c0: { c0: randFp2(), c1: randFp2(), c2: randFp2() },
    c1: { c0: randFp2(), c1: randFp2(), c2: randFp2() },
  });

const write = (name, header, lines) => writeFile(outDir, name, header, lines, 'gen_bls_vectors.mjs');

write('fp.txt', 'Fp: add|sub|mul a b a.b ; inv a 1/a ; sqrt a (a root, either sign, or none)', fieldCases(Fp, p, true, rnd));
write('fr.txt', 'Fr: add|sub|mul a b a.b ; inv a 1/a', fieldCases(Fr, r, false, rnd));

// ---- tower: Fp2 mul/inv/sqrt, Fp12 mul/inv/frobenius ----
{
  const out = [];
  for (let i = 0; i < 12; i++) {
    const a = randFp2(), b = randFp2();
    out.push(`fp2_mul ${fp2s(a)} ${fp2s(b)} ${fp2s(Fp2.mul(a, b))}`);
    out.push(`fp2_inv ${fp2s(a)} ${fp2s(Fp2.inv(a))}`);
  }
  out.push(...fp2SqrtCases(Fp, Fp2, randFp2, rand, fp2s));
  for (let i = 0; i < 4; i++) {
    const a = randFp12(), b = randFp12();
    out.push(`fp12_mul ${fp12s(a)} ${fp12s(b)} ${fp12s(Fp12.mul(a, b))}`);
    out.push(`fp12_inv ${fp12s(a)} ${fp12s(Fp12.inv(a))}`);
    out.push(`fp12_frob ${fp12s(a)} ${fp12s(Fp12.frobeniusMap(a, 1))}`);
  }
  write('tower.txt', 'tower: fp2_mul a b ab ; fp2_inv a 1/a ; fp2_sqrt a root|none ; fp12_mul a b ab ; fp12_inv ; fp12_frob a a^p', out);
}

// A point on the curve but (almost surely) outside the prime-order subgroup: random x, valid y.
const g1Raw = () => rawPoint(Fp, 4n, () => rand(p), G1);
const g2Raw = () => rawPoint(Fp2, Fp2.create({ c0: 4n, c1: 4n }), randFp2, G2);

write('g1.txt', 'G1: mul k P kP ; add P Q P+Q ; sub P in_G1 (P on the curve)', groupCases(G1, g1Raw, g1s, r, rnd));
write('g2.txt', 'G2: mul k P kP ; add P Q P+Q ; sub P in_G2 (P on the curve)', groupCases(G2, g2Raw, g2s, r, rnd));

// ---- pairing: pair a b aG1 bG2 e(aG1, bG2) ----
{
  const out = [];
  const ab = [[1n, 1n], [2n, 3n], [r - 1n, 1n]];
  for (let i = 0; i < 3; i++) ab.push([randNonZero(r), randNonZero(r)]);
  for (const [a, b] of ab) {
    const P = G1.BASE.multiply(a), Q = G2.BASE.multiply(b);
    out.push(`pair ${s(a)} ${s(b)} ${g1s(P)} ${g2s(Q)} ${fp12s(bls.pairing(P, Q))}`);
  }
  write('pairing.txt', 'pairing: pair a b aG1 bG2 e(aG1,bG2) as 12 Fp', out);
}

// ---- torsion.txt: points outside the prime-order subgroups, built from the group orders ----
// Affine arithmetic of its own (noble's fields, not its points, and nothing of g16k): the group
// orders follow from the BLS parameter x alone, a point T of exact prime order l is
// [#E / l] R for a random curve point R (T != O, [l] T = O), and P + T with P in the subgroup
// has a torsion component of order l. Lines (canonical decimal, affine):
//   g1_torsion l T      g1_nonmember l P+T      (G1: x y)
//   g2_torsion l T      g2_nonmember l P+T      (G2: x.c0 x.c1 y.c0 y.c1)
{
  const x = -0xd201000000010000n;
  const rx = x ** 4n - x ** 2n + 1n;
  if (rx !== r || ((x - 1n) ** 2n * rx) % 3n !== 0n || ((x - 1n) ** 2n * rx) / 3n + x !== p)
    throw new Error('p, r do not follow from x');
  // Short Weierstrass y^2 = x^3 + b over field F (noble field object); null is the point at infinity.
  const curve = (F, b) => {
    const add = (P, Q) => {
      if (P === null) return Q;
      if (Q === null) return P;
      let l;
      if (F.eql(P.x, Q.x)) {
        if (!F.eql(P.y, Q.y) || F.is0(P.y)) return null;
        l = F.div(F.mul(F.sqr(P.x), F.add(F.add(F.ONE, F.ONE), F.ONE)), F.add(P.y, P.y));
      } else {
        l = F.div(F.sub(Q.y, P.y), F.sub(Q.x, P.x));
      }
      const x3 = F.sub(F.sub(F.sqr(l), P.x), Q.x);
      return { x: x3, y: F.sub(F.mul(l, F.sub(P.x, x3)), P.y) };
    };
    const mul = (k, P) => {
      let acc = null;
      for (let i = BigInt(k.toString(2).length) - 1n; i >= 0n; i--) {
        acc = add(acc, acc);
        if ((k >> i) & 1n) acc = add(acc, P);
      }
      return acc;
    };
    const onCurve = (P) => F.eql(F.sqr(P.y), F.add(F.mul(F.sqr(P.x), P.x), b));
    return { add, mul, onCurve };
  };
  const E1 = curve(Fp, 4n);
  const b2 = Fp2.create({ c0: 4n, c1: 4n });
  const E2 = curve(Fp2, b2);
  const randPoint1 = () => { const P = g1Raw().toAffine(); return { x: P.x, y: P.y }; };
  const randPoint2 = () => { const P = g2Raw().toAffine(); return { x: P.x, y: P.y }; };
  // #E(Fp) = p + 1 - t, t = x + 1; #E'(Fp2) is the order among the sextic twists that kills points of E'.
  const n1 = p + 1n - (x + 1n);
  const t2 = (x + 1n) ** 2n - 2n * p;                     // trace of Frobenius of E over Fp2
  const isqrt = (v) => { let a = v, b = (a + 1n) / 2n; while (b < a) { a = b; b = (a + v / a) / 2n; } return a; };
  const f2 = isqrt((4n * p * p - t2 * t2) / 3n);
  if (3n * f2 * f2 !== 4n * p * p - t2 * t2) throw new Error('no CM decomposition');
  const R2 = randPoint2();
  const n2 = [t2, -t2, (t2 + 3n * f2) / 2n, (t2 - 3n * f2) / 2n, (-t2 + 3n * f2) / 2n, (-t2 - 3n * f2) / 2n]
    .map((tr) => p * p + 1n - tr).find((n) => n % r === 0n && E2.mul(n, R2) === null);
  if (E1.mul(n1, randPoint1()) !== null || n1 % r !== 0n || n2 === undefined) throw new Error('group orders');
  const pt1 = (P) => `${s(P.x)} ${s(P.y)}`;
  const pt2 = (P) => `${fp2s(P.x)} ${fp2s(P.y)}`;
  const out = [];
  // The l-primary part [n / l^v] R of a random R (l^v exactly divides n), multiplied by l
  // until the next multiple is O: then T != O and [l] T = O.
  const torsion = (E, n, randPoint, l) => {
    let m = n;
    while (m % l === 0n) m /= l;
    for (;;) {
      let T = E.mul(m, randPoint());
      if (T === null) continue;
      for (let U = E.mul(l, T); U !== null; U = E.mul(l, T)) T = U;
      if (!E.onCurve(T)) throw new Error(`T of order ${l} is not on the curve`);
      return T;
    }
  };
  const member1 = () => { const P = G1.BASE.multiply(randNonZero(r)).toAffine(); return { x: P.x, y: P.y }; };
  const member2 = () => { const P = G2.BASE.multiply(randNonZero(r)).toAffine(); return { x: P.x, y: P.y }; };
  for (const l of [3n, 11n, 10177n, 859267n, 52437899n]) {
    if (n1 % l !== 0n) throw new Error(`${l} does not divide #E(Fp)`);
    for (let i = 0; i < 2; i++) {
      const T = torsion(E1, n1, randPoint1, l);
      out.push(`g1_torsion ${l} ${pt1(T)}`);
      const PT = E1.add(member1(), T);
      if (E1.mul(r, PT) === null) throw new Error('P + T in G1');
      out.push(`g1_nonmember ${l} ${pt1(PT)}`);
    }
  }
  for (const l of [13n, 23n, 2713n, 11953n, 262069n]) {
    if (n2 % l !== 0n) throw new Error(`${l} does not divide #E'(Fp2)`);
    for (let i = 0; i < 2; i++) {
      const T = torsion(E2, n2, randPoint2, l);
      out.push(`g2_torsion ${l} ${pt2(T)}`);
      const PT = E2.add(member2(), T);
      if (E2.mul(r, PT) === null) throw new Error('P + T in G2');
      out.push(`g2_nonmember ${l} ${pt2(PT)}`);
    }
  }
  write('torsion.txt', 'points outside G1/G2: g1_torsion|g1_nonmember l P ; g2_torsion|g2_nonmember l P (T of exact order l, P + T with P in the subgroup)', out);
}
console.log(`wrote vectors to ${outDir}`);
