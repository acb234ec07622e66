#!/usr/bin/env node
// Independent check of a witness against a circom .r1cs, for the tests of `g16k check`: BigInt
// arithmetic from the file layouts (r1cs v1: header section 1, constraints section 2; wtns v2:
// header 1, values 2), no shared code with g16k. Prints the 0-based indices of the constraints
// with A * B != C (mod r), one per line.
// usage: r1cs_eval.mjs CIRCUIT.r1cs WITNESS.wtns
import { readFileSync } from "node:fs";

function sections(buf) {
  const n = buf.readUInt32LE(8), out = {};
  for (let i = 0, p = 12; i < n; i++) {
    const id = buf.readUInt32LE(p), size = Number(buf.readBigUInt64LE(p + 4));
    out[id] = buf.subarray(p + 12, p + 12 + size);
    p += 12 + size;
  }
  return out;
}
const le = (b) => { let v = 0n; for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]); return v; };

const r1cs = sections(readFileSync(process.argv[2]));
const wtns = sections(readFileSync(process.argv[3]));
const n8 = r1cs[1].readUInt32LE(0), r = le(r1cs[1].subarray(4, 4 + n8));
const nConstraints = r1cs[1].readUInt32LE(4 + n8 + 24);
const w = [];
for (let p = 0; p < wtns[2].length; p += n8) w.push(le(wtns[2].subarray(p, p + n8)));
let p = 0;
const c = r1cs[2];
for (let k = 0; k < nConstraints; k++) {
  const v = [0n, 0n, 0n];
  for (let L = 0; L < 3; L++) {
    const n = c.readUInt32LE(p); p += 4;
    for (let t = 0; t < n; t++, p += 4 + n8)
      v[L] = (v[L] + le(c.subarray(p + 4, p + 4 + n8)) * w[c.readUInt32LE(p)]) % r;
  }
  if ((v[0] * v[1] - v[2]) % r !== 0n) console.log(k);
}
