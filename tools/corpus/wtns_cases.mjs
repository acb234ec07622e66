// Hostile .wtns files made from a real one (docs/formats.md, ".wtns"), proved against the fixture's
// own zkey. Malformed files must be refused with exit 4 naming the file and section or byte; a
// well-formed witness that does not satisfy the circuit with exit 6; controls must prove.
import * as bls from './bls.mjs';
import { build, parse, patch, section } from './binfile.mjs';
import { truncations, sizeLies } from './mutate.mjs';

const SEC = (id) => `section ${id} \\(`;
const ANY = '(section|byte) [0-9]+';

export function wtnsCases(c, fx, buf, zkey, full) {
  const wt = parse(buf);
  const n = section(wt, 1).payload.readUInt32LE(36);
  const bad = (name, data, place = ANY, exit = 4, blame = 'wtns') =>
    c.prove(`${fx}/wtns/${name}`, { zkey, wtns: c.file(fx, `${name}.wtns`, data) }, exit, blame, place);
  const sec = (id, fn) => patch(wt, id, fn);
  const val = (i, v) => sec(2, (p) => { bls.le(v, 32).copy(p, 32 * i); });

  c.prove(`${fx}/wtns/ok_reversed`, { zkey, wtns: c.file(fx, 'ok_reversed.wtns',
    build({ ...wt, sections: [...wt.sections].reverse() })) }, 0);

  // Every case loads the whole proving key first: the container cases only for the smallest key.
  const cuts = truncations(buf, wt);
  for (const [name, data] of full ? cuts : cuts.slice(-2)) bad(`trunc_${name}`, data, 'byte [0-9]+');
  bad('empty', Buffer.alloc(0), 'byte 0');
  if (full) containerCases(bad, wt, buf);
  // Header: n8, prime, count.
  bad('n8_48', sec(1, (p) => p.writeUInt32LE(48, 0)), SEC(1));
  bad('n8_0', sec(1, (p) => p.writeUInt32LE(0, 0)), SEC(1));
  bad('prime_wrong', sec(1, (p) => { p[4] ^= 1; }), SEC(1));
  bad('prime_bn254', sec(1, (p) => bls.le(0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n, 32).copy(p, 4)), SEC(1));
  bad('header_short', sec(1, (p) => p.subarray(0, 36)), SEC(1));
  bad('count_plus1', sec(1, (p) => p.writeUInt32LE(n + 1, 36)), SEC(2));
  bad('count_max', sec(1, (p) => p.writeUInt32LE(0xffffffff, 36)), SEC(2));
  // Consistent files of the wrong length: one value fewer / more, and none at all.
  const resize = (k) => build({ ...wt, sections: wt.sections.map((s) => s.id === 1
    ? { id: 1, payload: (() => { const p = Buffer.from(s.payload); p.writeUInt32LE(k, 36); return p; })() }
    : { id: 2, payload: k <= n ? s.payload.subarray(0, 32 * k) : Buffer.concat([s.payload, Buffer.alloc(32 * (k - n))]) }) });
  bad('length_minus1', resize(n - 1), SEC(1) + '.*(witness values|variables)');
  bad('length_plus1', resize(n + 1), SEC(1) + '.*(witness values|variables)');
  bad('length_0', resize(0), SEC(1));

  // Values: w[0] must be 1, every value < r.
  bad('w0_zero', val(0, 0n), SEC(2) + '.*w\\[0\\]');
  bad('w0_two', val(0, 2n), SEC(2) + '.*w\\[0\\]');
  bad('w0_r_plus1', val(0, bls.R + 1n), SEC(2) + '.*w\\[0\\]');
  bad('w1_r', val(1, bls.R), SEC(2) + '.*w\\[1\\]');
  bad(`w${n - 1}_max`, val(n - 1, (1n << 256n) - 1n), SEC(2) + `.*w\\[${n - 1}\\]`);
  // Well-formed but unsatisfied (the last wire changed): the proof fails its own check.
  const last = section(wt, 2).payload.subarray(32 * (n - 1));
  const v = BigInt('0x' + Buffer.from(last).reverse().toString('hex'));
  bad('unsatisfied_last', val(n - 1, (v + 1n) % bls.R), 'does not satisfy', 6, '-');
}

function containerCases(bad, wt, buf) {
  const hdr = (fn) => { const b = Buffer.from(buf); fn(b); return b; };
  bad('magic', hdr((b) => b.write('zkey', 0, 'latin1')), 'byte 0');
  bad('version1', hdr((b) => b.writeUInt32LE(1, 4)), 'byte 4');
  bad('version3', hdr((b) => b.writeUInt32LE(3, 4)), 'byte 4');
  bad('nsections_max', hdr((b) => b.writeUInt32LE(0xffffffff, 8)));
  for (const [name, data] of sizeLies(wt, true)) bad(`size_${name}`, data);

  bad('dup_sec1', build({ ...wt, sections: [...wt.sections, section(wt, 1)] }), 'duplicate section');
  bad('missing_sec1', build({ ...wt, sections: wt.sections.filter((s) => s.id !== 1) }), 'section 1 .*missing');
  bad('missing_sec2', build({ ...wt, sections: wt.sections.filter((s) => s.id !== 2) }), 'section 2 .*missing');
  // An unknown section id is skipped, as snarkjs does (a control: it must prove).
  bad('ok_extra_sec3', build({ ...wt, sections: [...wt.sections, { id: 3, payload: Buffer.alloc(4) }] }), '-', 0);
}
