// The Node.js binding (bindings/node) judged by the pinned snarkjs 0.7.6 in the same process:
// results shaped exactly as snarkjs.groth16.prove's (key order, z coordinates, protocol and
// curve fields, the same public signals) and accepted by snarkjs.groth16.verify; paths, Buffers,
// Uint8Arrays and { type: 'mem' } inputs; 20 concurrent proofs on one Prover; the work off the
// event loop; cancellation with an AbortSignal; progress; and the errors: bad paths, wrong
// buffers, a witness of another circuit, a witness that does not satisfy the circuit, wrong
// types, a closed Prover, each with its g16k status name as `code`.
// Environment (tests/node/CMakeLists.txt): G16K_NODE_PACKAGE (the built package folder),
// G16K_SNARKJS_DIR (tools/snarkjs/node_modules/snarkjs), G16K_FIXTURES, G16K_CONFIG. The key
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
  // snarkjs keeps its curve's worker threads alive otherwise
  if (globalThis.curve_bls12381) await globalThis.curve_bls12381.terminate();
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
