// One process, a loop of proofs on one key, for throughput.sh:
//   node loop.js binding PACKAGE_DIR ZKEY WTNS N    g16k's Prover: the key loaded once
//   node loop.js snarkjs SNARKJS_DIR ZKEY WTNS N    snarkjs.groth16.prove(zkey, wtns) N times
// Prints one JSON line: {"mode", "proofs", "seconds"} (seconds of the N proofs, key load
// excluded for the binding; snarkjs reads the key in every call, as its API does).
'use strict';
const [mode, pkg, zkey, wtns, n] = process.argv.slice(2);
(async () => {
  const lib = require(pkg);
  let prove, done = () => {};
  if (mode === 'binding') {
    const prover = await lib.Prover.load(zkey);
    prove = () => prover.prove(wtns);
    done = () => prover.close();
  } else {
    prove = () => lib.groth16.prove(zkey, wtns);
    done = async () => { await globalThis.curve_bls12381?.terminate(); };
  }
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < Number(n); i++) await prove();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  await done();
  console.log(JSON.stringify({ mode, proofs: Number(n), seconds }));
})().catch((e) => { console.error(e); process.exit(1); });
