// BLS12-381 constants and just enough BigInt arithmetic to forge hostile points: points off the
// curve, and points on the curve outside the prime-order subgroup (G1 and G2), with their zkey
// encoding (Montgomery, little-endian) and their JSON encoding (canonical decimal).
// Slow and simple on purpose: a handful of points per corpus. docs/proving.md, "The domain"; docs/formats.md, "Encodings".

export const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
export const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const RP = (1n << 384n) % P;            // Montgomery radix of Fp

const mod = (a, m = P) => ((a % m) + m) % m;

export function pow(b, e, m = P) {
  let r = 1n;
  b = mod(b, m);
  for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

const inv = (a) => pow(a, P - 2n);

// Square root in Fp (p = 3 mod 4), or null.
function sqrt(a) {
  const s = pow(a, (P + 1n) / 4n);
  return (s * s) % P === mod(a) ? s : null;
}

// Fp2 = Fp[u]/(u^2 + 1), as [c0, c1].
const f2mul = ([a0, a1], [b0, b1]) => [mod(a0 * b0 - a1 * b1), mod(a0 * b1 + a1 * b0)];
const f2add = ([a0, a1], [b0, b1]) => [mod(a0 + b0), mod(a1 + b1)];

// Square root in Fp2 through the norm (a square iff its norm a0^2 + a1^2 is a square in Fp).
function sqrt2([a0, a1]) {
  const s = sqrt(a0 * a0 + a1 * a1);
  if (s === null) return null;
  const half = inv(2n);
  for (const t of [mod((a0 + s) * half), mod((a0 - s) * half)]) {
    const x0 = sqrt(t);
    if (x0 === null || x0 === 0n) continue;
    const y = [x0, mod(a1 * inv(2n * x0))];
    const sq = f2mul(y, y);
    if (sq[0] === mod(a0) && sq[1] === mod(a1)) return y;
  }
  return null;
}

// G1 point (x, y) with y^2 = x^3 + 4 and x = seed, seed+1, ...: for all practical purposes
// outside the subgroup (the cofactor is about 2^126).
export function g1OffSubgroup(seed = 5n) {
  for (let x = seed; ; x++) {
    const y = sqrt(x * x * x + 4n);
    if (y !== null) return { x, y };
  }
}

// G2 point with y^2 = x^3 + 4(1 + u), x = (seed + k, 1): outside the subgroup likewise.
export function g2OffSubgroup(seed = 3n) {
  for (let c = seed; ; c++) {
    const x = [c, 1n];
    const rhs = f2add(f2mul(f2mul(x, x), x), [4n, 4n]);
    const y = sqrt2(rhs);
    if (y !== null) return { x, y };
  }
}

export const g1OffCurve = { x: 1n, y: 1n };                // 1 != 1 + 4
export const g2OffCurve = { x: [1n, 0n], y: [1n, 0n] };

// Little-endian bytes of a non-negative integer.
export function le(v, n) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++, v >>= 8n) b[i] = Number(v & 0xffn);
  return b;
}

const mont = (v) => (mod(v) * RP) % P;

// zkey encodings: G1 96 bytes, G2 192 bytes, coordinates in Montgomery form.
export const g1Zkey = (pt) => Buffer.concat([le(mont(pt.x), 48), le(mont(pt.y), 48)]);
export const g2Zkey = (pt) =>
  Buffer.concat([...pt.x, ...pt.y].map((c) => le(mont(c), 48)));

// snarkjs JSON encodings (affine, z = 1).
export const g1Json = (pt) => [pt.x.toString(), pt.y.toString(), '1'];
export const g2Json = (pt) => [
  [pt.x[0].toString(), pt.x[1].toString()],
  [pt.y[0].toString(), pt.y[1].toString()],
  ['1', '0'],
];
