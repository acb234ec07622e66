// Helpers of the queue soak test, on the pinned snarkjs 0.7.6 (tools/snarkjs; G16K_SNARKJS_DIR
// names its module folder):
//   witnesses FIXTURES OUTDIR N   N witnesses of mult (a = i + 2, b = i + 3) and N of poseidon2
//                                 (in = [i, 2i + 1]), computed by snarkjs from the circuits' wasm,
//                                 as OUTDIR/mult-I.wtns and OUTDIR/poseidon2-I.wtns
//   corrupt-key IN OUT            a copy of the zkey IN with one coordinate of its first A point
//                                 (section 5) changed: the header still reads, the point check fails
//   unsat IN OUT                  a copy of the .wtns IN with its last value plus one: the right
//                                 length, but it does not satisfy the circuit
//   verify MANIFEST               MANIFEST: lines "ID VK WTNS PROOF PUBLIC"; each proof must pass
//                                 snarkjs.groth16.verify (the function `snarkjs groth16 verify`
//                                 runs) and its public signals must be the witness's values
//                                 1..nPublic, so no job got another job's result
'use strict';
const fs = require('fs');
const path = require('path');
const snarkjs = require(process.env.G16K_SNARKJS_DIR);

// The iden3 container's sections: id -> {offset, size} (docs/formats.md, "The binary container").
function sections(buf) {
  const n = buf.readUInt32LE(8);
  const out = {};
  let o = 12;
  for (let i = 0; i < n; i++) {
    const id = buf.readUInt32LE(o);
    const size = Number(buf.readBigUInt64LE(o + 4));
    out[id] = { offset: o + 12, size };
    o += 12 + size;
  }
  return out;
}

function wtnsValues(buf) {
  const s = sections(buf);
  const n8 = buf.readUInt32LE(s[1].offset);
  const n = buf.readUInt32LE(s[1].offset + 4 + n8);
  const vals = [];
  for (let i = 0; i < n; i++) {
    let v = 0n;
    const at = s[2].offset + i * n8;
    for (let b = n8 - 1; b >= 0; b--) v = (v << 8n) | BigInt(buf[at + b]);
    vals.push(v);
  }
  return vals;
}

async function witnesses(fixtures, outdir, n) {
  for (let i = 0; i < n; i++) {
    await snarkjs.wtns.calculate({ a: String(i + 2), b: String(i + 3) },
      path.join(fixtures, 'mult/circuit.wasm'), path.join(outdir, `mult-${i}.wtns`));
    await snarkjs.wtns.calculate({ in: [String(i), String(2 * i + 1)] },
      path.join(fixtures, 'poseidon2/circuit.wasm'), path.join(outdir, `poseidon2-${i}.wtns`));
  }
}

function corruptKey(input, output) {
  const buf = fs.readFileSync(input);
  const a = sections(buf)[5];
  buf[a.offset + 20] ^= 0x01;            // inside the x coordinate of A[0]
  fs.writeFileSync(output, buf);
}

function unsat(input, output) {
  const buf = fs.readFileSync(input);
  const s = sections(buf)[2];
  buf[s.offset + s.size - 32] ^= 0x01;   // the last value's lowest byte
  fs.writeFileSync(output, buf);
}

async function verify(manifest) {
  const lines = fs.readFileSync(manifest, 'utf8').split('\n').filter((l) => l.trim());
  const vks = {};
  let bad = 0;
  for (const line of lines) {
    const [id, vkPath, wtns, proofPath, publicPath] = line.split(' ');
    vks[vkPath] = vks[vkPath] || JSON.parse(fs.readFileSync(vkPath, 'utf8'));
    const vk = vks[vkPath];
    const proof = JSON.parse(fs.readFileSync(proofPath, 'utf8'));
    const pub = JSON.parse(fs.readFileSync(publicPath, 'utf8'));
    const want = wtnsValues(fs.readFileSync(wtns)).slice(1, 1 + vk.nPublic).map(String);
    if (JSON.stringify(pub) !== JSON.stringify(want)) {
      console.log(`job ${id}: public ${JSON.stringify(pub)} is not its witness's ${JSON.stringify(want)}`);
      bad++;
    } else if (!(await snarkjs.groth16.verify(vk, pub, proof))) {
      console.log(`job ${id}: snarkjs groth16 verify: INVALID`);
      bad++;
    }
  }
  console.log(`${lines.length - bad} of ${lines.length} proofs verified by snarkjs`);
  return bad === 0 && lines.length > 0;
}

async function main() {
  const [cmd, ...args] = process.argv.slice(2);
  let ok = true;
  if (cmd === 'witnesses') await witnesses(args[0], args[1], Number(args[2]));
  else if (cmd === 'corrupt-key') corruptKey(args[0], args[1]);
  else if (cmd === 'unsat') unsat(args[0], args[1]);
  else if (cmd === 'verify') ok = await verify(args[0]);
  else throw new Error(`unknown command ${cmd}`);
  if (globalThis.curve_bls12381) await globalThis.curve_bls12381.terminate();
  process.exit(ok ? 0 : 1);
}

main().catch((e) => { console.error(e); process.exit(1); });
