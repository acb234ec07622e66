// Edits of snarkjs .zkey files for the end-to-end tests, independent of g16k (docs/formats.md):
//   node zkey_tool.mjs put IN OUT SECTION WHICH X Y [X1 Y1]
//       write a point into a copy of IN: SECTION 2 with WHICH = alpha1|beta1|delta1 (G1) or
//       beta2|gamma2|delta2 (G2), or SECTION 3, 5, 6, 8, 9 (G1) or 7 (G2) with WHICH = the point
//       index. Coordinates are canonical decimals: x y (G1), x.c0 x.c1 y.c0 y.c1 (G2); they are
//       stored in Montgomery form (x * 2^384 mod p, 48 bytes little-endian each).
//   node zkey_tool.mjs zero-witness ZKEY WTNS
//       print the first private signal i (i > nPublic) whose witness value is 0: a point of
//       section 5, 6 or 7 at index i (or of section 8 at i - nPublic - 1) takes no part in the
//       proof of that witness.
//   node zkey_tool.mjs torsion VECTORS KIND L [N]
//       print the coordinates of the N-th (default 0) line "KIND L ..." of tests/arith/vectors/torsion.txt.
import { readFileSync, writeFileSync } from 'node:fs';

const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const R384 = (1n << 384n) % P;

function sections(b) {
  const out = {};
  let off = 12;
  const n = b.readUInt32LE(8);
  for (let i = 0; i < n; i++) {
    const id = b.readUInt32LE(off);
    const size = Number(b.readBigUInt64LE(off + 4));
    out[id] = { off: off + 12, size };
    off += 12 + size;
  }
  return out;
}

function putFp(b, at, dec) {
  let v = (BigInt(dec) * R384) % P;
  for (let i = 0; i < 48; i++, v >>= 8n) b[at + i] = Number(v & 0xffn);
}

const HEADER = { alpha1: [100, 1], beta1: [196, 1], beta2: [292, 2], gamma2: [484, 2], delta1: [676, 1], delta2: [772, 2] };

const [cmd, ...a] = process.argv.slice(2);
if (cmd === 'put') {
  const [inp, outp, secs, which, ...coords] = a;
  const b = readFileSync(inp);
  const s = sections(b);
  const sec = Number(secs);
  let at, g;
  if (sec === 2) {
    if (!HEADER[which]) throw new Error(`unknown header point ${which}`);
    [at, g] = HEADER[which];
    at += s[2].off;
  } else {
    g = sec === 7 ? 2 : 1;
    at = s[sec].off + Number(which) * 96 * g;
    if (at + 96 * g > s[sec].off + s[sec].size) throw new Error(`no point ${which} in section ${sec}`);
  }
  if (coords.length !== 2 * g) throw new Error(`expected ${2 * g} coordinates`);
  coords.forEach((c, k) => putFp(b, at + 48 * k, c));
  writeFileSync(outp, b);
} else if (cmd === 'zero-witness') {
  const [zk, wt] = a;
  const z = readFileSync(zk), w = readFileSync(wt);
  const nPub = z.readUInt32LE(sections(z)[2].off + 92);
  const ws = sections(w);
  const n8 = w.readUInt32LE(ws[1].off);
  const nw = w.readUInt32LE(ws[1].off + 4 + n8);
  for (let i = nPub + 1; i < nw; i++) {
    const v = w.subarray(ws[2].off + i * n8, ws[2].off + (i + 1) * n8);
    if (v.every((x) => x === 0)) {
      console.log(i);
      process.exit(0);
    }
  }
  throw new Error('no zero private signal');
} else if (cmd === 'torsion') {
  const [file, kind, l, nth] = a;
  const lines = readFileSync(file, 'utf8').split('\n').filter((x) => x.startsWith(`${kind} ${l} `));
  const line = lines[Number(nth ?? 0)];
  if (!line) throw new Error(`no line ${kind} ${l}`);
  console.log(line.split(' ').slice(2).join(' '));
} else {
  throw new Error(`unknown command ${cmd}`);
}
