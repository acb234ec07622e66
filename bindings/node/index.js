// g16k for Node.js: Groth16 proofs on BLS12-381 with libg16k, shaped as snarkjs 0.7.6's.
//
//   const g16k = require('g16k');
//   const { proof, publicSignals } = await g16k.groth16.prove(zkey, wtns, options);
//     // where a project had: await snarkjs.groth16.prove(zkey, wtns)
//   const prover = await g16k.Prover.load(zkey, options);   // the key stays loaded
//   const r = await prover.prove(wtns, options);  // as often as needed, concurrently too
//   prover.close();
//
// zkey, wtns: a path (string), the file's bytes (Buffer or any Uint8Array), or snarkjs's
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
// Loads and proofs run on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default, bounds how many
// run at once), never on the event loop. Failures reject with an Error whose code is the g16k
// status name (G16K_EIO: a file cannot be read; G16K_EFORMAT: a malformed file, or a witness of
// another circuit; G16K_EVERIFY: the witness does not satisfy the circuit; G16K_ECANCELED:
// aborted; G16K_EINVAL: a bad argument, a closed Prover) and whose message says what and where.
'use strict';

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
};

module.exports = { groth16, Prover, version: addon.version };
