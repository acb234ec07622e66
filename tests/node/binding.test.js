// The Node.js binding (bindings/node) judged by the pinned snarkjs 0.7.6 in the same process:
// results shaped exactly as snarkjs.groth16.prove's (key order, z coordinates, protocol and
// curve fields, the same public signals) and accepted by snarkjs.groth16.verify; paths, Buffers,
// Uint8Arrays and { type: 'mem' } inputs; 20 concurrent proofs on one Prover; the work off the
// event loop; cancellation with an AbortSignal; progress; and the errors: bad paths, wrong
// buffers, a witness of another circuit, a witness that does not satisfy the circuit, wrong
// types, a closed Prover, each with its g16k status name as `code`. groth16.verify beside
// snarkjs.groth16.verify on every small fixture and every bn128 (BN254) one (valid, tampered
// public signal, pi_a and pi_c from another valid proof or off the curve, swapped points and
// proofs: the same answer; a key with vk_gamma_2 at infinity: G16K_EFORMAT where snarkjs says
// false); groth16.prove on bn128 keys shaped as snarkjs's (curve "bn128") and accepted by it.
// groth16.fullProve beside snarkjs.groth16.fullProve on every small fixture (circuit.wasm,
// input.json): the same shape, the same public signals, both proofs accepted by snarkjs; its
// inputs and errors. The package's version is the library's.
// Environment (tests/node/CMakeLists.txt): G16K_NODE_PACKAGE (the built package folder),
// G16K_SNARKJS_DIR (tools/snarkjs/node_modules/snarkjs), G16K_FIXTURES, G16K_BN128_FIXTURES
// (tests/fixtures/bn128), G16K_CONFIG. The key
// verdict cache is on by default: the process gets an empty cache home of its own, so that the
// long work below tests every point of its key, whatever other tests left in theirs.
'use strict';

const { describe, test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

process.env.XDG_CACHE_HOME = fs.mkdtempSync(path.join(os.tmpdir(), 'g16k-node-'));
after(() => fs.rmSync(process.env.XDG_CACHE_HOME, { recursive: true, force: true }));

const g16k = require(process.env.G16K_NODE_PACKAGE);
const snarkjs = require(process.env.G16K_SNARKJS_DIR);
const FIX = process.env.G16K_FIXTURES;
const file = (fx, name) => path.join(FIX, fx, name);
const vk = (fx) => JSON.parse(fs.readFileSync(file(fx, 'verification_key.json'), 'utf8'));

async function verifies(fx, r) {
  return snarkjs.groth16.verify(vk(fx), r.publicSignals, r.proof);
}

// The structure of a value: key order, array lengths, types; the z coordinates kept as values.
function shape(v, key) {
  if (Array.isArray(v)) return v.map((x, i) => shape(x, `${key}[${i}]`));
  if (v && typeof v === 'object') return Object.keys(v).map((k) => [k, shape(v[k], k)]);
  return typeof v;
}

async function rejectsWith(promise, code, pattern) {
  await assert.rejects(promise, (e) => {
    assert.equal(e.code, code, `code ${e.code}: ${e.message}`);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

after(async () => {
  // snarkjs keeps its curves' worker threads alive otherwise (bn128: the BN254 verify tests)
  if (globalThis.curve_bls12381) await globalThis.curve_bls12381.terminate();
  if (globalThis.curve_bn128) await globalThis.curve_bn128.terminate();
});

describe('snarkjs shape', () => {
  for (const fx of ['mult', 'poseidon2', 'nopub']) {
    test(`${fx}: groth16.prove is shaped as snarkjs's and snarkjs verifies it`, async () => {
      const ours = await g16k.groth16.prove(file(fx, 'circuit_final.zkey'), file(fx, 'witness.wtns'));
      const theirs = await snarkjs.groth16.prove(file(fx, 'circuit_final.zkey'), file(fx, 'witness.wtns'));
      assert.deepEqual(Object.keys(ours), ['proof', 'publicSignals']);
      assert.deepEqual(Object.keys(ours.proof), ['pi_a', 'pi_b', 'pi_c', 'protocol', 'curve']);
      assert.deepEqual(shape(ours), shape(theirs));
      assert.equal(ours.proof.pi_a[2], '1');
      assert.deepEqual(ours.proof.pi_b[2], ['1', '0']);
      assert.equal(ours.proof.pi_c[2], '1');
      assert.deepEqual(ours.proof.pi_a.slice(2), theirs.proof.pi_a.slice(2));
      assert.deepEqual(ours.proof.pi_b[2], theirs.proof.pi_b[2]);
      assert.equal(ours.proof.protocol, theirs.proof.protocol);
      assert.equal(ours.proof.curve, theirs.proof.curve);
      assert.deepEqual(ours.publicSignals, theirs.publicSignals);
      assert.deepEqual(ours.publicSignals, JSON.parse(fs.readFileSync(file(fx, 'public.json'), 'utf8')));
      assert.notDeepEqual(ours.proof.pi_a, theirs.proof.pi_a);   // fresh blinding each
      assert.equal(await verifies(fx, ours), true);
      assert.equal(await verifies(fx, theirs), true);
    });
  }
});

const SMALL = ['mult', 'nopub', 'poseidon2', 'manypub'];
const R = 52435875175126190479447740508185965837690552500527637822603658699938581184513n;
const P = 4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787n;
const json = (fx, name) => JSON.parse(fs.readFileSync(file(fx, name), 'utf8'));
const clone = (x) => JSON.parse(JSON.stringify(x));

// snarkjs's verdict and ours on the same objects: the same boolean.
async function sameVerdict(vkObj, pub, proof, want, what) {
  const theirs = await snarkjs.groth16.verify(clone(vkObj), clone(pub), clone(proof));
  const ours = await g16k.groth16.verify(vkObj, pub, proof);
  assert.equal(theirs, want, `snarkjs on ${what}`);
  assert.equal(ours, want, `g16k on ${what}`);
}

describe('groth16.verify beside snarkjs.groth16.verify', () => {
  for (const fx of SMALL) {
    test(`${fx}: valid, tampered and swapped inputs get snarkjs's answer`, async () => {
      const key = json(fx, 'verification_key.json');
      const pub = json(fx, 'public.json');
      const proof = json(fx, 'proof.json');   // snarkjs's own proof
      const other = (await g16k.groth16.prove(file(fx, 'circuit_final.zkey'), file(fx, 'witness.wtns'))).proof;
      await sameVerdict(key, pub, proof, true, 'the fixture proof');
      await sameVerdict(key, pub, other, true, 'a fresh g16k proof');
      if (pub.length > 0) {
        const t = clone(pub);
        t[0] = ((BigInt(t[0]) + 1n) % R).toString();
        await sameVerdict(key, t, proof, false, 'a public signal + 1');
      }
      // pi_a, pi_c of the other valid proof: valid points, wrong proof
      await sameVerdict(key, pub, { ...proof, pi_a: other.pi_a }, false, "the other proof's pi_a");
      await sameVerdict(key, pub, { ...proof, pi_c: other.pi_c }, false, "the other proof's pi_c");
      // a coordinate changed: off the curve
      const offA = clone(proof);
      offA.pi_a[1] = ((BigInt(offA.pi_a[1]) + 1n) % P).toString();
      await sameVerdict(key, pub, offA, false, 'pi_a off the curve');
      const offC = clone(proof);
      offC.pi_c[0] = ((BigInt(offC.pi_c[0]) + 1n) % P).toString();
      await sameVerdict(key, pub, offC, false, 'pi_c off the curve');
      // pi_a and pi_c swapped; another circuit's proof
      await sameVerdict(key, pub, { ...proof, pi_a: proof.pi_c, pi_c: proof.pi_a }, false, 'pi_a and pi_c swapped');
      const otherFx = SMALL[(SMALL.indexOf(fx) + 1) % SMALL.length];
      await sameVerdict(key, pub, json(otherFx, 'proof.json'), false, `${otherFx}'s proof`);
      // BigInt signals, as snarkjs's unstringified objects
      assert.equal(await g16k.groth16.verify(key, pub.map(BigInt), proof), true);
    });
  }

  // BN254 (snarkjs's bn128, circom's default curve): the committed fixtures, the key's "curve"
  // deciding
  const BN = process.env.G16K_BN128_FIXTURES;
  const BN_P = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;
  const BN_R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
  const bn = (fx, name) => JSON.parse(fs.readFileSync(path.join(BN, fx, name), 'utf8'));
  const BN_FX = ['mult', 'nopub', 'poseidon2', 'manypub'];
  for (const fx of ['mult', 'poseidon2']) {
    test(`bn128 ${fx}: groth16.prove is shaped as snarkjs's (curve "bn128") and snarkjs verifies it`, async () => {
      const zk = path.join(BN, fx, 'circuit_final.zkey');
      const wt = path.join(BN, fx, 'witness.wtns');
      const ours = await g16k.groth16.prove(zk, wt);
      const theirs = await snarkjs.groth16.prove(zk, wt);
      assert.deepEqual(shape(ours), shape(theirs));
      assert.equal(ours.proof.curve, 'bn128');
      assert.equal(ours.proof.curve, theirs.proof.curve);
      assert.deepEqual(ours.publicSignals, bn(fx, 'public.json'));
      const key = bn(fx, 'verification_key.json');
      assert.equal(await snarkjs.groth16.verify(key, ours.publicSignals, ours.proof), true);
      assert.equal(await g16k.groth16.verify(key, ours.publicSignals, ours.proof), true);
    });
  }
  for (const fx of BN_FX) {
    test(`bn128 ${fx}: valid, tampered and swapped inputs get snarkjs's answer`, async () => {
      const key = bn(fx, 'verification_key.json');
      const pub = bn(fx, 'public.json');
      const proof = bn(fx, 'proof.json');
      await sameVerdict(key, pub, proof, true, 'the fixture proof');
      await sameVerdict(key, bn(fx, 'ref_public.json'), bn(fx, 'ref_proof_r123456789_s987654321.json'), true,
        'the reference proof');
      if (pub.length > 0) {
        const t = clone(pub);
        t[0] = ((BigInt(t[0]) + 1n) % BN_R).toString();
        await sameVerdict(key, t, proof, false, 'a public signal + 1');
      }
      const offA = clone(proof);
      offA.pi_a[1] = ((BigInt(offA.pi_a[1]) + 1n) % BN_P).toString();
      await sameVerdict(key, pub, offA, false, 'pi_a off the curve');
      await sameVerdict(key, pub, { ...proof, pi_a: proof.pi_c, pi_c: proof.pi_a }, false, 'pi_a and pi_c swapped');
      const otherFx = BN_FX[(BN_FX.indexOf(fx) + 1) % BN_FX.length];
      await sameVerdict(key, pub, bn(otherFx, 'proof.json'), false, `${otherFx}'s proof`);
    });
  }

  test('a key with vk_gamma_2 at infinity: g16k refuses it (G16K_EFORMAT), snarkjs says false', async () => {
    const key = json('mult', 'verification_key.json');
    key.vk_gamma_2 = [['0', '0'], ['1', '0'], ['0', '0']];
    const proof = json('mult', 'proof.json');
    // the forged proof such a key would let through: (alpha1, beta2, infinity), any statement
    const forged = { ...proof, pi_a: key.vk_alpha_1, pi_b: key.vk_beta_2, pi_c: ['0', '1', '0'] };
    assert.equal(await snarkjs.groth16.verify(clone(key), ['12345'], clone(forged)), false);
    await rejectsWith(g16k.groth16.verify(key, ['12345'], forged), 'G16K_EFORMAT',
      /^verification key buffer: vk_gamma_2: the point at infinity/);
    // the key is refused whatever the proof
    await rejectsWith(g16k.groth16.verify(key, json('mult', 'public.json'), proof), 'G16K_EFORMAT',
      /^verification key buffer: vk_gamma_2: the point at infinity/);
  });

  test('malformed inputs reject with G16K_EFORMAT naming the text; wrong types with G16K_EINVAL', async () => {
    const key = json('mult', 'verification_key.json');
    const pub = json('mult', 'public.json');
    const proof = json('mult', 'proof.json');
    await rejectsWith(g16k.groth16.verify(key, pub, { pi_a: proof.pi_a }), 'G16K_EFORMAT', /^proof buffer: pi_b: missing/);
    await rejectsWith(g16k.groth16.verify(key, ['033'], proof), 'G16K_EFORMAT',
      /^public signals buffer: \[0\]: "033" is not a canonical decimal integer below r/);
    await rejectsWith(g16k.groth16.verify(key, [33], proof), 'G16K_EFORMAT', /^public signals buffer: \[0\]: not a decimal string/);
    await rejectsWith(g16k.groth16.verify({ ...key, curve: 'bn128' }, pub, proof), 'G16K_EFORMAT',
      /^verification key buffer: vk_alpha_1\[0\]: .* below p .*the key says "curve": "bn128" \(BN254\)/);
    await rejectsWith(g16k.groth16.verify({ ...key, curve: 'bn256' }, pub, proof), 'G16K_EFORMAT',
      /^verification key buffer: curve: "bn256", expected "bls12381" or "bn128"/);
    for (const [v, p, q] of [[null, pub, proof], [key, 'x', proof], [key, { 0: '33' }, proof], [key, pub, 42], ['{}', pub, proof]])
      await assert.rejects(g16k.groth16.verify(v, p, q), (e) => e instanceof TypeError && e.code === 'G16K_EINVAL');
  });
});

describe('groth16.fullProve beside snarkjs.groth16.fullProve', () => {
  // first: the first fullProve loads circom's runtime, whose ffjavascript would null the curve
  // snarkjs keeps in globalThis (then its terminate() below would fail and node not exit)
  test("loading circom's runtime leaves snarkjs's curve in place", async () => {
    assert.equal(await verifies('mult', { proof: json('mult', 'proof.json'), publicSignals: json('mult', 'public.json') }), true);
    const curve = globalThis.curve_bls12381;
    assert.ok(curve, 'snarkjs keeps its curve in globalThis.curve_bls12381');
    await g16k.groth16.fullProve(json('mult', 'input.json'), file('mult', 'circuit.wasm'), file('mult', 'circuit_final.zkey'));
    assert.equal(globalThis.curve_bls12381, curve);
  });
  for (const fx of SMALL) {
    test(`${fx}: circom's witness, snarkjs's shape and public signals, snarkjs accepts`, async () => {
      const input = json(fx, 'input.json');
      const ours = await g16k.groth16.fullProve(input, file(fx, 'circuit.wasm'), file(fx, 'circuit_final.zkey'));
      const theirs = await snarkjs.groth16.fullProve(clone(input), file(fx, 'circuit.wasm'), file(fx, 'circuit_final.zkey'));
      assert.deepEqual(shape(ours), shape(theirs));
      assert.deepEqual(ours.publicSignals, theirs.publicSignals);
      assert.deepEqual(ours.publicSignals, json(fx, 'public.json'));
      assert.equal(ours.proof.protocol, theirs.proof.protocol);
      assert.equal(ours.proof.curve, theirs.proof.curve);
      assert.deepEqual(ours.proof.pi_b[2], theirs.proof.pi_b[2]);
      assert.notDeepEqual(ours.proof.pi_a, theirs.proof.pi_a);   // fresh blinding each
      assert.equal(await verifies(fx, ours), true);
      assert.equal(await verifies(fx, theirs), true);
      assert.equal(await g16k.groth16.verify(vk(fx), theirs.publicSignals, theirs.proof), true);
      assert.equal(await g16k.groth16.verify(vk(fx), ours.publicSignals, ours.proof), true);
    });
  }

  test('wasm and zkey as bytes or { type: "mem" }, BigInt inputs, progress and a Prover\'s options', async () => {
    const fx = 'poseidon2';
    const input = json(fx, 'input.json');
    const big = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.map(BigInt) : BigInt(v)]));
    const stages = new Set();
    const r = await g16k.groth16.fullProve(big, fs.readFileSync(file(fx, 'circuit.wasm')),
      { type: 'mem', data: fs.readFileSync(file(fx, 'circuit_final.zkey')) }, { onProgress: (s) => stages.add(s) });
    assert.deepEqual(r.publicSignals, json(fx, 'public.json'));
    assert.equal(await verifies(fx, r), true);
    assert.ok(stages.has('prove'), `stages: ${[...stages]}`);
  });

  test('errors: an unreadable or wrong wasm, inputs circom refuses, wrong types, an aborted signal', async () => {
    const fx = 'mult';
    const input = json(fx, 'input.json');
    const wasm = file(fx, 'circuit.wasm');
    const zkey = file(fx, 'circuit_final.zkey');
    await rejectsWith(g16k.groth16.fullProve(input, '/nonexistent/c.wasm', zkey), 'G16K_EIO', /^\/nonexistent\/c\.wasm: cannot open/);
    await rejectsWith(g16k.groth16.fullProve(input, fs.readFileSync(zkey), zkey), 'G16K_EFORMAT', /^wasm: not a circom witness calculator/);
    // a missing input signal and an unknown one: snarkjs refuses them too
    const [first, ...rest] = Object.keys(input);
    const missing = Object.fromEntries(rest.map((k) => [k, input[k]]));
    const unknown = { ...input, nosuchsignal: '1' };
    for (const bad of [missing, unknown]) {
      await assert.rejects(snarkjs.groth16.fullProve(clone(bad), wasm, zkey));
      await assert.rejects(g16k.groth16.fullProve(bad, wasm, zkey), (e) =>
        e.code === 'G16K_EINVAL' && /^input: circom's witness calculator refused it: /.test(e.message) && e.cause instanceof Error);
    }
    assert.ok(first);
    for (const [i, w, z] of [[null, wasm, zkey], ['x', wasm, zkey], [input, 42, zkey], [input, wasm, 42]])
      await assert.rejects(g16k.groth16.fullProve(i, w, z), (e) => e instanceof TypeError && e.code === 'G16K_EINVAL');
    await rejectsWith(g16k.groth16.fullProve(input, wasm, zkey, { signal: AbortSignal.abort() }), 'G16K_ECANCELED');
  });
});

test("the package's version is the library's", () => {
  const pkg = require(path.join(process.env.G16K_NODE_PACKAGE, 'package.json'));
  assert.equal(pkg.version, g16k.version);
  assert.match(g16k.version, /^\d+\.\d+\.\d+$/);
});

describe('inputs', () => {
  const zkey = fs.readFileSync(file('poseidon2', 'circuit_final.zkey'));
  const wtns = fs.readFileSync(file('poseidon2', 'witness.wtns'));
  test('Buffers, a plain Uint8Array view, and snarkjs {type: "mem"}', async () => {
    const view = new Uint8Array(wtns.buffer, wtns.byteOffset, wtns.byteLength);
    for (const [z, w] of [[zkey, wtns], [{ type: 'mem', data: zkey }, view], [file('poseidon2', 'circuit_final.zkey'), { type: 'mem', data: wtns }]])
      assert.equal(await verifies('poseidon2', await g16k.groth16.prove(z, w)), true);
  });
  test('a key from a Buffer proves while the Buffer is dropped', async () => {
    const p = await g16k.Prover.load(Buffer.from(zkey));
    if (global.gc) global.gc();
    assert.equal(p.nPublic, 1);
    assert.equal(await verifies('poseidon2', await p.prove(wtns)), true);
    p.close();
  });
});

describe('Prover', () => {
  let prover;
  before(async () => { prover = await g16k.Prover.load(file('poseidon2', 'circuit_final.zkey')); });
  after(() => prover.close());

  test('20 concurrent proofs on one Prover, each verified by snarkjs', async () => {
    const wtns = fs.readFileSync(file('poseidon2', 'witness.wtns'));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      prover.prove(i % 2 ? wtns : file('poseidon2', 'witness.wtns'))));
    const seen = new Set();
    for (const r of results) {
      assert.equal(await verifies('poseidon2', r), true);
      seen.add(r.proof.pi_a[0]);
    }
    assert.equal(seen.size, 20);   // 20 proofs, each with its own blinding
  });

  test('errors: bad paths, wrong buffers, another circuit, an unsatisfied witness', async () => {
    const wtns = fs.readFileSync(file('poseidon2', 'witness.wtns'));
    await rejectsWith(prover.prove('/nonexistent/w.wtns'), 'G16K_EIO', /\/nonexistent\/w\.wtns: cannot open/);
    await rejectsWith(prover.prove(fs.readFileSync(file('poseidon2', 'circuit_final.zkey'))), 'G16K_EFORMAT',
      /wtns buffer: header at byte 0: magic is not "wtns"/);
    await rejectsWith(prover.prove(wtns.subarray(0, wtns.length - 1)), 'G16K_EFORMAT', /wtns buffer: /);
    await rejectsWith(prover.prove(Buffer.alloc(0)), 'G16K_EFORMAT', /wtns buffer: /);
    await rejectsWith(prover.prove(file('mult', 'witness.wtns')), 'G16K_EFORMAT',
      /4 witness values, the proving key has 520 variables/);
    // the last witness value changed: still a valid .wtns, no longer a solution
    const bad = Buffer.from(wtns);
    bad[bad.length - 32] ^= 1;
    await rejectsWith(prover.prove(bad), 'G16K_EVERIFY', /the proof failed verification/);
    await rejectsWith(g16k.groth16.prove('/nonexistent/k.zkey', wtns), 'G16K_EIO', /\/nonexistent\/k\.zkey: cannot open/);
    await rejectsWith(g16k.groth16.prove(wtns, wtns), 'G16K_EFORMAT', /zkey buffer: header at byte 0: magic is not "zkey"/);
    await rejectsWith(g16k.Prover.load(wtns, { name: 'my key' }), 'G16K_EFORMAT', /^my key: /);
    await rejectsWith(g16k.groth16.prove(file('poseidon2', 'circuit_final.zkey'), wtns, { config: '/nonexistent/p.ini' }),
      'G16K_EIO', /\/nonexistent\/p\.ini/);
    for (const x of [42, null, undefined, {}, [1, 2], new Uint16Array(4)])
      await assert.rejects(prover.prove(x), (e) => e instanceof TypeError && e.code === 'G16K_EINVAL');
    await assert.rejects(g16k.Prover.load(42), (e) => e instanceof TypeError && e.code === 'G16K_EINVAL');
    await assert.rejects(prover.prove(wtns, { onProgress: 'no' }), (e) => e instanceof TypeError && e.code === 'G16K_EINVAL');
    assert.throws(() => new g16k.Prover({}), (e) => e instanceof TypeError && e.code === 'G16K_EINVAL');
    // and the Prover still works
    assert.equal(await verifies('poseidon2', await prover.prove(wtns)), true);
  });

  test('a closed Prover rejects with G16K_EINVAL', async () => {
    const p = await g16k.Prover.load(file('mult', 'circuit_final.zkey'));
    const inflight = p.prove(file('mult', 'witness.wtns'));
    p.close();   // the proof in flight keeps the key until it is done
    assert.equal(await verifies('mult', await inflight), true);
    await rejectsWith(p.prove(file('mult', 'witness.wtns')), 'G16K_EINVAL', /closed/);
  });

  test('an AbortSignal already aborted rejects with G16K_ECANCELED', async () => {
    await rejectsWith(prover.prove(file('poseidon2', 'witness.wtns'), { signal: AbortSignal.abort() }), 'G16K_ECANCELED');
  });
});

// poseidon_chain (fixtures README: 14 222 wires, 1 public signal, domain 2^14): seconds of point
// checks on two cores.
describe('long work', () => {
  const zkey = file('poseidon_chain', 'circuit_final.zkey');
  const POINTS = 2 + 3 * 14222 + (14222 - 2) + 16384;   // IC, A, B1, B2, C, H
  let prover;
  after(() => prover?.close());

  test('a key load runs off the event loop, reports progress, and an abort cancels it', async () => {
    const calls = [];
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 5);   // cleared even when the test fails
    const ac = new AbortController();
    const load = g16k.Prover.load(zkey, {
      signal: ac.signal,
      onProgress: (stage, done, total) => {
        calls.push([stage, done, total]);
        if (stage === 'check' && done > 0) ac.abort();   // after a first chunk of points
      },
    });
    try {
      await rejectsWith(load, 'G16K_ECANCELED', /key load cancelled while checking points/);
    } finally {
      clearInterval(timer);
    }
    assert.ok(calls.length >= 2, `progress calls: ${JSON.stringify(calls)}`);
    assert.deepEqual(calls[0], ['check', 0, POINTS]);
    assert.ok(ticks >= 2, `the event loop ran ${ticks} timer ticks during the load`);
  });

  test('a whole load: progress to the end, the timers keep running', async () => {
    const calls = [];
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 5);
    const t0 = Date.now();
    try {
      prover = await g16k.Prover.load(zkey, { onProgress: (...a) => calls.push(a) });
    } finally {
      clearInterval(timer);
    }
    const ms = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 50));   // progress may trail the Promise
    const checks = calls.filter((c) => c[0] === 'check');
    const uploads = calls.filter((c) => c[0] === 'upload');
    assert.deepEqual(checks.at(-1), ['check', POINTS, POINTS]);
    assert.deepEqual(uploads.at(-1), ['upload', 7, 7]);
    for (let i = 1; i < checks.length; i++) assert.ok(checks[i][1] >= checks[i - 1][1]);
    // a blocked event loop would run no timer at all until the load returned
    assert.ok(ticks >= ms / 5 / 4, `${ticks} timer ticks in ${ms} ms`);
  });

  test('a proof aborted at its first progress report rejects with G16K_ECANCELED', async () => {
    const w = file('poseidon_chain', 'witness.wtns');
    const calls = [];
    const ac = new AbortController();
    await rejectsWith(prover.prove(w, { signal: ac.signal, onProgress: (s, d, t) => { calls.push([s, d, t]); ac.abort(); } }),
      'G16K_ECANCELED', /proof cancelled/);
    assert.deepEqual(calls[0], ['prove', 0, 8]);
    // the key is intact
    const calls2 = [];
    const r = await prover.prove(w, { onProgress: (...a) => calls2.push(a) });
    assert.equal(await verifies('poseidon_chain', r), true);
    await new Promise((res) => setTimeout(res, 50));
    assert.deepEqual(calls2.at(-1), ['prove', 8, 8]);
  });
});
