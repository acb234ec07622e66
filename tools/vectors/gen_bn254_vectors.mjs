// Known-answer vectors for the BN254 arithmetic (arith/bn254; snarkjs and circom call the curve
// bn128), computed with @noble/curves (an independent implementation) and written as plain
// text under tests/arith/vectors/bn254_*.txt, in the format of gen_bls_vectors.mjs (one case a
// line, canonical decimal integers). Deterministic: rerunning reproduces the files byte for byte.
//
//   cd tools/vectors && npm ci && node gen_bn254_vectors.mjs [outdir]
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bn254 } from '@noble/curves/bn254.js';
import { fieldCases, fp2SqrtCases, groupCases, makeRand, rawPoint, s, write as writeFile } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, '../../tests/arith/vectors'));
mkdirSync(outDir, { recursive: true });

const { Fp, Fr, Fp2, Fp12 } = bn254.fields;
const G1 = bn254.G1.Point;
const G2 = bn254.G2.Point;
const p = Fp.ORDER;
const r = Fr.ORDER;
const rnd = makeRand('g16k-bn254');
const write = (name, header, lines) => writeFile(outDir, name, header, lines, 'gen_bn254_vectors.mjs');

write('bn254_fp.txt', 'BN254 Fp: add|sub|mul a b a.b ; inv a 1/a ; sqrt a (a root, either sign, or none)', fieldCases(Fp, p, true, rnd));

// Fr, and the roots of unity of the ffjavascript convention: s = 2-adicity of r - 1,
// t = (r - 1) / 2^s, g = the smallest quadratic non-residue (Euler's criterion),
// w[s] = g^t, w[k] = w[k+1]^2. Lines: root k w[k].
{
  const out = fieldCases(Fr, r, false, rnd);
  let sAdic = 0n, t = r - 1n;
  while ((t & 1n) === 0n) { t >>= 1n; sAdic++; }
  let g = 2n;
  while (Fr.pow(g, (r - 1n) / 2n) !== r - 1n) g++;
  const w = [];
  w[Number(sAdic)] = Fr.pow(g, t);
  for (let k = Number(sAdic); k > 0; k--) w[k - 1] = Fr.sqr(w[k]);
  if (w[0] !== 1n || w[1] !== r - 1n) throw new Error('roots of unity');
  for (let k = 0; k <= Number(sAdic); k++) out.push(`root ${k} ${s(w[k])}`);
  write('bn254_fr.txt', `BN254 Fr: add|sub|mul a b a.b ; inv a 1/a ; root k w[k] (2-adicity ${sAdic}, w[${sAdic}] = ${g}^t)`, out);
}
// ---- Fp2 = Fp[u]/(u^2 + 1): fp2_mul a b ab ; fp2_inv a 1/a ; fp2_sqrt a root|none ;
// fp2_mul_nr a a(9 + u) ----
const fp2s = (a) => `${s(a.c0)} ${s(a.c1)}`;
const randFp2 = () => Fp2.create({ c0: rnd.rand(p), c1: rnd.rand(p) });
{
  const out = [];
  const xi = Fp2.create({ c0: 9n, c1: 1n });
  for (let i = 0; i < 12; i++) {
    const a = randFp2(), b = randFp2();
    out.push(`fp2_mul ${fp2s(a)} ${fp2s(b)} ${fp2s(Fp2.mul(a, b))}`);
    out.push(`fp2_inv ${fp2s(a)} ${fp2s(Fp2.inv(a))}`);
    out.push(`fp2_mul_nr ${fp2s(a)} ${fp2s(Fp2.mul(a, xi))}`);
  }
  out.push(...fp2SqrtCases(Fp, Fp2, randFp2, rnd.rand, fp2s));
  write('bn254_fp2.txt', 'BN254 Fp2: fp2_mul a b ab ; fp2_inv a 1/a ; fp2_mul_nr a a(9+u) ; fp2_sqrt a root|none', out);
}

// ---- G1 (cofactor 1) and G2 (y^2 = x^3 + 3/(9 + u)) ----
const g1s = (P) => (P.is0() ? '0 0' : ((a) => `${s(a.x)} ${s(a.y)}`)(P.toAffine()));
const g2s = (P) => (P.is0() ? '0 0 0 0' : ((a) => `${fp2s(a.x)} ${fp2s(a.y)}`)(P.toAffine()));
const g1Raw = () => rawPoint(Fp, 3n, () => rnd.rand(p), G1);
const g2Raw = () => rawPoint(Fp2, Fp2.div(Fp2.create({ c0: 3n, c1: 0n }), Fp2.create({ c0: 9n, c1: 1n })), randFp2, G2);
// [h2] P by double-and-add on noble's points (its clearCofactor refuses h2 > r for BN254 G2).
function clearG2(P) {
  const h = bn254.G2.Point.CURVE().h;
  let acc = G2.ZERO;
  for (const bit of h.toString(2)) {
    acc = acc.double();
    if (bit === '1') acc = acc.add(P);
  }
  return acc;
}
write('bn254_g1.txt', 'BN254 G1: mul k P kP ; add P Q P+Q ; sub P in_G1 (P on the curve)', groupCases(G1, g1Raw, g1s, r, rnd));
write('bn254_g2.txt', 'BN254 G2: mul k P kP ; add P Q P+Q ; sub P in_G2 (P on the curve)', groupCases(G2, g2Raw, g2s, r, rnd, clearG2));
// ---- tower: fp12_mul a b ab ; fp12_inv a 1/a ; fp12_frob a a^p (12 Fp numbers, layout of
// gen_bls_vectors.mjs: c0.c0.c0 c0.c0.c1 ... c1.c2.c1) ----
const fp6s = (a) => `${fp2s(a.c0)} ${fp2s(a.c1)} ${fp2s(a.c2)}`;
const fp12s = (a) => `${fp6s(a.c0)} ${fp6s(a.c1)}`;
const randFp12 = () =>
  Fp12.create({
    c0: { c0: randFp2(), c1: randFp2(), c2: randFp2() },
    c1: { c0: randFp2(), c1: randFp2(), c2: randFp2() },
  });
{
  const out = [];
  for (let i = 0; i < 4; i++) {
    const a = randFp12(), b = randFp12();
    out.push(`fp12_mul ${fp12s(a)} ${fp12s(b)} ${fp12s(Fp12.mul(a, b))}`);
    out.push(`fp12_inv ${fp12s(a)} ${fp12s(Fp12.inv(a))}`);
    out.push(`fp12_frob ${fp12s(a)} ${fp12s(Fp12.frobeniusMap(a, 1))}`);
  }
  write('bn254_tower.txt', 'BN254 tower (xi = 9 + u): fp12_mul a b ab ; fp12_inv a 1/a ; fp12_frob a a^p', out);
}

// ---- pairing: pair a b aG1 bG2 e(aG1, bG2): noble's pairing, whose final exponentiation is
// the textbook (p^12 - 1)/r times lambda = 2x(6x^2 + 3x + 1), as snarkjs's and gnark's; checked
// here against noble's Miller loop raised to that exponent ----
{
  const out = [];
  const x = 4965661367192848881n;
  const exp = (p ** 12n - 1n) / r * (2n * x * (6n * x * x + 3n * x + 1n));
  const ab = [[1n, 1n], [2n, 3n], [r - 1n, 1n]];
  for (let i = 0; i < 3; i++) ab.push([rnd.randNonZero(r), rnd.randNonZero(r)]);
  for (const [a, b] of ab) {
    const P = G1.BASE.multiply(a), Q = G2.BASE.multiply(b);
    const e = bn254.pairing(P, Q);
    if (!Fp12.eql(e, Fp12.pow(bn254.pairing(P, Q, false), exp)))
      throw new Error('noble: pairing != miller^(lambda (p^12 - 1)/r)');
    out.push(`pair ${s(a)} ${s(b)} ${g1s(P)} ${g2s(Q)} ${fp12s(e)}`);
  }
  write('bn254_pairing.txt', 'BN254 pairing: pair a b aG1 bG2 e(aG1,bG2) as 12 Fp, e = miller^(lambda (p^12-1)/r), lambda = 2x(6x^2+3x+1)', out);
}
console.log(`wrote vectors to ${outDir}`);
