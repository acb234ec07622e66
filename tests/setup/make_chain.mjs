#!/usr/bin/env node
// A BLS12-381 circuit of exactly M constraints and P public signals, written as circom's .r1cs
// (version 1) with a satisfying .wtns (version 2), so that tests can sit exactly at a ptau
// boundary (m + P + 1 = 2^k) without a compiler. Written from the iden3 r1csfile / wtns layouts
// (docs/docs/formats.md): little-endian integers, 32-byte canonical field elements.
//
//   wire 0 = 1, wire 1 = out (public output), wires 2..P = public inputs, wire P+1 = x (private),
//   wires P+2 .. P+M = y_1 .. y_{M-1}            (y_0 = x)
//   constraint i < M-1:  y_i * y_i = y_{i+1} - (i + 1)
//   constraint M-1:      y_{M-1} * (1 + sum of the public inputs) = out
//
// usage: make_chain.mjs M P OUT_PREFIX    (writes OUT_PREFIX.r1cs and OUT_PREFIX.wtns; M >= 1, P >= 1)
import { writeFileSync } from "node:fs";

const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const [M, P] = [Number(process.argv[2]), Number(process.argv[3])];
const out = process.argv[4];
if (!(M >= 1 && P >= 1 && out)) {
  console.error("usage: make_chain.mjs M P OUT_PREFIX   (M >= 1 constraints, P >= 1 public signals)");
  process.exit(2);
}
const nWires = P + M + 1;
const mod = (v) => ((v % R) + R) % R;

function u32(v) { const b = Buffer.alloc(4); b.writeUInt32LE(v); return b; }
function u64(v) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); return b; }
function le32bytes(x) {
  const b = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) { b[i] = Number(x & 0xffn); x >>= 8n; }
  return b;
}
const fe = (v) => le32bytes(mod(v));
function section(id, body) { return Buffer.concat([u32(id), u64(body.length), body]); }
function lc(terms) { return Buffer.concat([u32(terms.length), ...terms.map(([w, c]) => Buffer.concat([u32(w), fe(c)]))]); }

const y = (i) => (i === 0 ? P + 1 : P + 1 + i);      // wire of y_i
const pubIn = Array.from({ length: P - 1 }, (_, k) => 2 + k);

// the witness
const w = new Array(nWires).fill(0n);
w[0] = 1n;
pubIn.forEach((wire, k) => { w[wire] = BigInt(5 + 2 * k); });
w[P + 1] = 3n;
for (let i = 0; i + 1 < M; i++) w[y(i + 1)] = mod(w[y(i)] * w[y(i)] + BigInt(i + 1));
w[1] = mod(w[y(M - 1)] * (1n + pubIn.reduce((s, wire) => s + w[wire], 0n)));

const cons = [];
for (let i = 0; i + 1 < M; i++)
  cons.push(Buffer.concat([lc([[y(i), 1n]]), lc([[y(i), 1n]]), lc([[0, -BigInt(i + 1)], [y(i + 1), 1n]])]));
cons.push(Buffer.concat([lc([[y(M - 1), 1n]]), lc([[0, 1n], ...pubIn.map((wire) => [wire, 1n])]), lc([[1, 1n]])]));

const header = Buffer.concat([u32(32), le32bytes(R), u32(nWires), u32(1), u32(P - 1), u32(1),
                              u64(nWires), u32(M)]);
const labels = Buffer.concat(Array.from({ length: nWires }, (_, i) => u64(i)));
writeFileSync(out + ".r1cs", Buffer.concat([Buffer.from("r1cs"), u32(1), u32(3),
  section(1, header), section(2, Buffer.concat(cons)), section(3, labels)]));

const wHeader = Buffer.concat([u32(32), le32bytes(R), u32(nWires)]);
writeFileSync(out + ".wtns", Buffer.concat([Buffer.from("wtns"), u32(2), u32(2),
  section(1, wHeader), section(2, Buffer.concat(w.map(fe)))]));
