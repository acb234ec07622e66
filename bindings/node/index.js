// g16k for Node.js: Groth16 proofs on BLS12-381 with libg16k, shaped as snarkjs 0.7.6's.
//
//   const g16k = require('g16k');
//   const { proof, publicSignals } = await g16k.groth16.prove(zkey, wtns, options);
//     // where a project had: await snarkjs.groth16.prove(zkey, wtns)
//   const r = await g16k.groth16.fullProve(input, wasm, zkey, options);
//     // as snarkjs.groth16.fullProve(input, wasm, zkey): circom's witness, then the proof
//   const ok = await g16k.groth16.verify(vk, publicSignals, proof);   // true or false
//     // as snarkjs.groth16.verify(vk, publicSignals, proof)
//   const prover = await g16k.Prover.load(zkey, options);   // the key stays loaded
//   const r = await prover.prove(wtns, options);  // as often as needed, concurrently too
//   prover.close();
//   g16k.version   // the library's version, which is this package's (package.json)
//
// zkey, wtns, wasm: a path (string), the file's bytes (Buffer or any Uint8Array), or snarkjs's
// { type: 'mem', data: Uint8Array }. The result is exactly what snarkjs.groth16.prove returns:
// { proof: { pi_a: [x, y, '1'], pi_b: [[x0, x1], [y0, y1], ['1', '0']], pi_c: [x, y, '1'],
// protocol: 'groth16', curve: 'bls12381' }, publicSignals: ['...', ...] }, decimal strings.
// Each proof is checked with a pairing before it is returned ([core] verify in prover.ini).
// options (all optional):
//   config      prover.ini path (default: $G16K_CONFIG, else the installed conf/cpu.ini, which
//               runs everything on the CPU plugin with all cores)
//   signal      an AbortSignal: aborting cancels the key load or the proof at its next step
//   onProgress  function (stage, done, total): 'check' / 'upload' while a key loads, 'prove'
//               during a proof (see g16k.h); called on the event loop, errors it throws are
//               ignored
//   name        Prover.load of bytes: the key's name in error messages (default 'zkey buffer')
// Loads, proofs and verifications run on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default,
// bounds how many run at once), never on the event loop; fullProve's witness calculation is
// circom's WebAssembly and runs on the event loop, as in snarkjs. Failures reject with an Error
// whose code is the g16k status name (G16K_EIO: a file cannot be read; G16K_EFORMAT: a malformed
// file, or a witness of another circuit; G16K_EVERIFY: the witness does not satisfy the circuit;
// G16K_ECANCELED: aborted; G16K_EINVAL: a bad argument, a closed Prover, an input the witness
// calculator refuses) and whose message says what and where.
//
// groth16.fullProve(input, wasm, zkey, options, wtnsCalcOptions): input is the circuit's input
// object as for snarkjs (numbers, decimal or hex strings, BigInts, nested arrays); wasm the
// circuit's witness calculator (circuit.wasm, from circom 2). The witness comes from circom's own
// calculator, the npm package circom_runtime at the version snarkjs 0.7.6 pins (0.1.28, shipped
// in this package's node_modules), so it is snarkjs's witness; then the proof as groth16.prove
// (options as there; wtnsCalcOptions go to circom's WitnessCalculatorBuilder as snarkjs's fifth
// argument does). The result has snarkjs's shape; with fresh blinding, as snarkjs's, the public
// signals are equal and the proof points differ. Errors: G16K_EIO (wasm unreadable),
// G16K_EFORMAT (wasm not a witness calculator), G16K_EUNSUPPORTED (circom 1's), G16K_EINVAL
// (the calculator refused the input: a missing or unknown signal, a failed assert; its Error
// is the cause), then as groth16.prove.
//
// groth16.verify(vk, publicSignals, proof): the objects snarkjs uses (JSON.parse of
// verification_key.json, public.json, proof.json; BigInts are taken as decimal strings),
// checked by libg16k (g16k_verify_json: its pairing, off the event loop). Resolves true or false
// as snarkjs.groth16.verify does on valid and invalid proofs (a changed signal, a point off the
// curve or subgroup, another statement's proof, a count of signals other than the key's
// nPublic). Rejects with G16K_EFORMAT where the input is malformed rather than a proof that
// fails: not snarkjs's layout, a number that is not a canonical decimal string below the
// modulus (snarkjs also reads 33, "033" and "0x21" as 33), or a key with vk_alpha_1, vk_beta_2,
// vk_gamma_2 or vk_delta_2 at infinity (no setup makes one; snarkjs answers false there); the
// message names "verification key buffer", "public signals buffer" or "proof buffer" and the
// member. Wrong types (not objects, publicSignals not an array) throw a TypeError with code
// G16K_EINVAL.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const addon = require('./g16k.node');
const defaults = require('./defaults.json');

function g16kError(code, message, Type = Error) {
  const e = new Type(message);
  e.code = code;
  return e;
}

// A path or bytes for the addon; snarkjs's { type: 'mem', data } is unwrapped.
function source(x, what) {
  if (x && typeof x === 'object' && !(x instanceof Uint8Array) && x.type === 'mem') x = x.data;
  if (typeof x === 'string') return x;
  if (x instanceof Uint8Array) return x;   // Buffer too
  throw g16kError('G16K_EINVAL', `${what} must be a path (string), a Buffer or Uint8Array, or { type: 'mem', data }`, TypeError);
}

function configOf(options) {
  if (options.config !== undefined) {
    if (typeof options.config !== 'string') throw g16kError('G16K_EINVAL', 'options.config must be a path (string)', TypeError);
    return options.config;
  }
  return process.env.G16K_CONFIG || path.resolve(__dirname, defaults.config);
}

// Runs start(token, progress) with options.signal and options.onProgress wired in.
async function run(options, start) {
  if (options === null || typeof options !== 'object') options = {};
  const { signal, onProgress } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw g16kError('G16K_EINVAL', 'options.onProgress must be a function', TypeError);
  if (signal?.aborted) throw g16kError('G16K_ECANCELED', 'aborted before it started');
  const token = signal ? new addon.CancelToken() : undefined;
  const abort = () => token.cancel();
  signal?.addEventListener('abort', abort, { once: true });
  const progress = onProgress && ((stage, done, total) => {
    try { onProgress(stage, done, total); } catch { /* a display must not break a proof */ }
  });
  try {
    return await start(token, progress);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

class Prover {
  #native;

  // Use Prover.load.
  constructor(native) {
    if (!(native instanceof addon.NativeProver)) throw g16kError('G16K_EINVAL', 'use Prover.load(zkey, options)', TypeError);
    this.#native = native;
  }

  // Load and check the proving key once (every point on the curve and in the subgroup, unless
  // prover.ini's key_cache knows it), and hand it to the providers.
  static async load(zkey, options = {}) {
    options = options ?? {};
    const z = source(zkey, 'zkey');
    const config = configOf(options);
    if (options.name !== undefined && typeof options.name !== 'string')
      throw g16kError('G16K_EINVAL', 'options.name must be a string', TypeError);
    const native = await run(options, (token, progress) => addon.load(config, z, options.name, token, progress));
    return new Prover(native);
  }

  // Number of public signals of the key.
  get nPublic() {
    return this.#native.nPublic;
  }

  // One proof: { proof, publicSignals } as snarkjs.groth16.prove returns them.
  async prove(wtns, options = {}) {
    const w = source(wtns, 'wtns');
    const r = await run(options ?? {}, (token, progress) => this.#native.prove(w, token, progress));
    return { proof: JSON.parse(r.proof), publicSignals: JSON.parse(r.publicSignals) };
  }

  // Free the key (once the proofs in flight are done); prove() then rejects.
  close() {
    this.#native.close();
  }
}

// The JSON text of a snarkjs object for libg16k: BigInts as decimal strings.
function jsonText(x, what, array) {
  if (x === null || typeof x !== 'object' || (array && !Array.isArray(x)))
    throw g16kError('G16K_EINVAL', `${what} must be ${array ? 'an array' : 'an object'}, as snarkjs's`, TypeError);
  return JSON.stringify(x, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

// The bytes of circuit.wasm from a path, bytes, or { type: 'mem', data }.
async function wasmBytes(wasm) {
  const w = source(wasm, 'wasm');
  if (typeof w !== 'string') return w;
  try {
    return await fs.promises.readFile(w);
  } catch (e) {
    throw g16kError('G16K_EIO', `${w}: cannot open: ${e.message}`);
  }
}

// circom_runtime, loaded on the first fullProve. Its ffjavascript (this package's own copy, in
// node_modules here) sets globalThis.curve_bn128 and curve_bls12381 to null as it loads, which
// would orphan the curve (and its worker threads) of a snarkjs already used in this process:
// its caller's `await globalThis.curve_bls12381.terminate()` would then fail and the process
// not exit. So the two are put back as they were.
function circomRuntime() {
  const saved = { curve_bn128: globalThis.curve_bn128, curve_bls12381: globalThis.curve_bls12381 };
  const runtime = require('circom_runtime');
  for (const [k, v] of Object.entries(saved)) if (v) globalThis[k] = v;
  return runtime;
}

// circom's witness (a .wtns file's bytes) for input, from the calculator in code.
async function witnessOf(input, code, wtnsCalcOptions) {
  const { WitnessCalculatorBuilder } = circomRuntime();
  let wc;
  try {
    wc = await WitnessCalculatorBuilder(code, wtnsCalcOptions);
  } catch (e) {
    throw Object.assign(g16kError('G16K_EFORMAT', `wasm: not a circom witness calculator: ${e.message}`), { cause: e });
  }
  if (wc.circom_version() !== 2)
    throw g16kError('G16K_EUNSUPPORTED', `wasm: a circom ${wc.circom_version()} witness calculator; fullProve takes circom 2's`);
  try {
    return await wc.calculateWTNSBin(input);
  } catch (e) {
    throw Object.assign(g16kError('G16K_EINVAL', `input: circom's witness calculator refused it: ${e.message}`), { cause: e });
  }
}

const groth16 = {
  // snarkjs.groth16.prove(zkey, wtns) with a key loaded for this one proof; a third argument
  // that is snarkjs's logger is ignored. For many proofs, keep a Prover.
  async prove(zkey, wtns, options = {}) {
    const prover = await Prover.load(zkey, options ?? {});
    try {
      return await prover.prove(wtns, options ?? {});
    } finally {
      prover.close();
    }
  },

  // snarkjs.groth16.fullProve(input, wasm, zkey): circom's witness, then groth16.prove; a fourth
  // argument that is snarkjs's logger is ignored, the fifth goes to circom's calculator.
  async fullProve(input, wasm, zkey, options = {}, wtnsCalcOptions = undefined) {
    options = options ?? {};
    if (input === null || typeof input !== 'object')
      throw g16kError('G16K_EINVAL', "input must be an object of the circuit's input signals", TypeError);
    source(zkey, 'zkey');   // a wrong type is refused before the witness is computed
    if (options.signal?.aborted) throw g16kError('G16K_ECANCELED', 'aborted before it started');
    const wtns = await witnessOf(input, await wasmBytes(wasm), wtnsCalcOptions);
    return groth16.prove(zkey, wtns, options);
  },

  // snarkjs.groth16.verify(vk, publicSignals, proof): true or false; a fourth argument that is
  // snarkjs's logger is ignored.
  async verify(vk, publicSignals, proof) {
    const texts = [jsonText(vk, 'vk'), jsonText(publicSignals, 'publicSignals', true), jsonText(proof, 'proof')];
    return addon.verify(...texts);
  },
};

module.exports = { groth16, Prover, version: addon.version };
