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
import { fieldCases, makeRand, s, write as writeFile } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, '../../tests/arith/vectors'));
mkdirSync(outDir, { recursive: true });

const { Fp, Fr } = bn254.fields;
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
console.log(`wrote vectors to ${outDir}`);
