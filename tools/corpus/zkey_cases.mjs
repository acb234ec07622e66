// Hostile .zkey files made from a real one (docs/formats.md). Every case is proved
// with the fixture's own witness and must be refused with exit 4 (malformed input), naming the
// file and the section or byte; a few controls (sections reordered, section 10 absent) must prove.
import * as bls from './bls.mjs';
import { build, parse, patch, section } from './binfile.mjs';
import { truncations, sizeLies } from './mutate.mjs';

// Section 2 (groth16 header) layout, BLS12-381.
const H = { n8q: 0, q: 4, n8r: 52, r: 56, nVars: 88, nPublic: 92, domain: 96, alpha1: 100,
            beta1: 196, beta2: 292, gamma2: 484, delta1: 676, delta2: 772 };
const SEC = (id) => `section ${id} \\(`;
const ANY = '(section|byte) [0-9]+';

export function zkeyCases(c, fx, buf, wtns, full) {
  const zk = parse(buf);
  const h2 = section(zk, 2).payload;
  const nVars = h2.readUInt32LE(H.nVars), nPublic = h2.readUInt32LE(H.nPublic);
  const domain = h2.readUInt32LE(H.domain);
  const bad = (name, data, place = ANY, exit = 4) =>
    c.prove(`${fx}/zkey/${name}`, { zkey: c.file(fx, `${name}.zkey`, data), wtns }, exit, 'zkey', place);
  const sec = (id, fn) => patch(zk, id, fn);

  // Controls: the order of sections is free, and section 10 is not needed.
  c.prove(`${fx}/zkey/ok_reversed`, { zkey: c.file(fx, 'ok_reversed.zkey',
    build({ ...zk, sections: [...zk.sections].reverse() })), wtns }, 0);
  c.prove(`${fx}/zkey/ok_no_contributions`, { zkey: c.file(fx, 'ok_no_contributions.zkey',
    build({ ...zk, sections: zk.sections.filter((s) => s.id !== 10) })), wtns }, 0);

  // Truncation at and inside the header and every section (entry and payload).
  for (const [name, data] of truncations(buf, zk)) bad(`trunc_${name}`, data, 'byte [0-9]+');
  bad('empty', Buffer.alloc(0), 'byte 0');

  // Container: magic, version, section count.
  const hdr = (fn) => { const b = Buffer.from(buf); fn(b); return b; };
  bad('magic', hdr((b) => b.write('zkex', 0, 'latin1')), 'byte 0');
  bad('magic_wtns', hdr((b) => b.write('wtns', 0, 'latin1')), 'byte 0');
  bad('version0', hdr((b) => b.writeUInt32LE(0, 4)), 'byte 4');
  bad('version2', hdr((b) => b.writeUInt32LE(2, 4)), 'byte 4');
  bad('nsections0', hdr((b) => b.writeUInt32LE(0, 8)), 'byte 12');
  bad('nsections_plus1', hdr((b) => b.writeUInt32LE(zk.sections.length + 1, 8)));
  bad('nsections_max', hdr((b) => b.writeUInt32LE(0xffffffff, 8)));

  // Section sizes that lie in the table (the payloads stay as they are).
  for (const [name, data] of sizeLies(zk, full)) bad(`size_${name}`, data);
  // Sizes that lie consistently: one element more or less in a section, table updated to match.
  const elem = { 3: 96, 4: 44, 5: 96, 6: 96, 7: 192, 8: 96, 9: 96 };
  for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    const e = elem[id] ?? 4;
    bad(`sec${id}_short`, sec(id, (p) => p.subarray(0, Math.max(0, p.length - e))), SEC(id));
    bad(`sec${id}_long`, sec(id, (p) => Buffer.concat([p, Buffer.alloc(e)])), SEC(id));
  }

  // Duplicate, missing and unknown sections.
  for (const id of full ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1, 2, 5]) {
    const s = section(zk, id);
    bad(`dup_sec${id}`, build({ ...zk, sections: [...zk.sections, s] }), 'duplicate section');
  }
  for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9])
    bad(`missing_sec${id}`, build({ ...zk, sections: zk.sections.filter((s) => s.id !== id) }),
        `section ${id} \\([A-Za-z0-9 ]+\\) missing`);
  // Section ids the reader does not know are skipped, as snarkjs does (binfile.h); one whose
  // size runs past the end is still refused, and a known section renamed is then missing.
  for (const id of [0, 11, 0xffffffff])
    c.prove(`${fx}/zkey/ok_unknown_id_${id}`, { zkey: c.file(fx, `ok_unknown_id_${id}.zkey`,
      build({ ...zk, sections: [...zk.sections, { id, payload: Buffer.alloc(id % 7 * 5) }] })), wtns }, 0);
  bad('renamed_sec5', build({ ...zk, sections: zk.sections.map((s) => s.id === 5 ? { ...s, id: 11 } : s) }),
      'section 5 \\(A\\) missing');

  // Section 1: protocol.
  bad('protocol_plonk', sec(1, (p) => p.writeUInt32LE(2, 0)), SEC(1));

  // Section 2: field sizes, primes, counts.
  const h = (off, v) => sec(2, (p) => p.writeUInt32LE(v >>> 0, off));
  bad('n8q_32', h(H.n8q, 32), SEC(2));
  bad('n8r_48', h(H.n8r, 48), SEC(2));
  bad('q_wrong', sec(2, (p) => { p[H.q] ^= 2; }), SEC(2));
  bad('q_bn254', sec(2, (p) => bls.le(0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n, 48).copy(p, H.q)), SEC(2));
  bad('r_wrong', sec(2, (p) => { p[H.r + 31] ^= 1; }), SEC(2));
  bad('r_bn254', sec(2, (p) => bls.le(0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n, 32).copy(p, H.r)), SEC(2));
  bad('nvars_0', h(H.nVars, 0), SEC(2));
  bad('nvars_plus1', h(H.nVars, nVars + 1), SEC(3) + '|' + SEC(5));
  bad('nvars_minus1', h(H.nVars, nVars - 1), SEC(2) + '|' + SEC(5));
  bad('nvars_max', h(H.nVars, 0xffffffff), '(section [0-9] \\()');
  bad('npublic_eq_nvars', h(H.nPublic, nVars), SEC(2));
  bad('npublic_plus1', h(H.nPublic, nPublic + 1), '(section [0-9] \\()');
  bad('npublic_max', h(H.nPublic, 0xffffffff), SEC(2));
  for (const [name, v] of [['0', 0], ['3', 3], ['double', domain * 2], ['half', domain / 2],
                           ['2e28', 1 << 28], ['2e29', 2 ** 29], ['2e31', 2 ** 31], ['max', 0xffffffff]])
    bad(`domain_${name}`, h(H.domain, v), '(section [0-9] \\()');

  // Header points: infinity where not allowed, off the curve, outside the subgroup, >= p.
  const pt = (off, bytes) => sec(2, (p) => { bytes.copy(p, off); });
  bad('alpha1_infinity', pt(H.alpha1, Buffer.alloc(96)), SEC(2) + '.*alpha1');
  bad('alpha1_off_curve', pt(H.alpha1, bls.g1Zkey(bls.g1OffCurve)), SEC(2) + '.*alpha1');
  bad('delta1_off_subgroup', pt(H.delta1, bls.g1Zkey(bls.g1OffSubgroup())), SEC(2) + '.*delta1');
  bad('beta2_off_curve', pt(H.beta2, bls.g2Zkey(bls.g2OffCurve)), SEC(2) + '.*beta2');
  bad('delta2_off_subgroup', pt(H.delta2, bls.g2Zkey(bls.g2OffSubgroup())), SEC(2) + '.*delta2');
  bad('gamma2_x_ge_p', pt(H.gamma2, bls.le(bls.P, 48)), SEC(2) + '.*gamma2');
  bad('beta1_x_all_ff', pt(H.beta1, Buffer.alloc(48, 0xff)), SEC(2) + '.*beta1');

  // Section 4: coefficients.
  const co = (fn) => sec(4, (p) => fn(p, 4));
  bad('coef_count_plus1', co((p) => p.writeUInt32LE(p.readUInt32LE(0) + 1, 0)), SEC(4));
  bad('coef_count_max', co((p) => p.writeUInt32LE(0xffffffff, 0)), SEC(4));
  bad('coef_matrix_2', co((p, o) => p.writeUInt32LE(2, o)), SEC(4));
  bad('coef_row_domain', co((p, o) => p.writeUInt32LE(domain, o + 4)), SEC(4));
  bad('coef_signal_nvars', co((p, o) => p.writeUInt32LE(nVars, o + 8)), SEC(4));
  bad('coef_value_r', co((p, o) => bls.le(bls.R, 32).copy(p, o + 12)), SEC(4));
  bad('coef_value_max', co((p, o) => p.fill(0xff, o + 12, o + 44)), SEC(4));
  const nCoef = section(zk, 4).payload.readUInt32LE(0);
  bad('coef_last_value_r', co((p) => bls.le(bls.R, 32).copy(p, 4 + (nCoef - 1) * 44 + 12)), SEC(4));

  // Point sections: off the curve, outside the subgroup, coordinates >= p, first and last.
  const at = (id, i, bytes) => sec(id, (p) => { bytes.copy(p, i < 0 ? p.length - bytes.length : i * bytes.length); });
  bad('ic0_off_curve', at(3, 0, bls.g1Zkey(bls.g1OffCurve)), SEC(3));
  bad('a0_off_curve', at(5, 0, bls.g1Zkey(bls.g1OffCurve)), SEC(5));
  bad('a_last_x_ge_p', at(5, -1, Buffer.concat([bls.le(bls.P, 48), Buffer.alloc(48)])), SEC(5));
  bad('b1_0_off_subgroup', at(6, 0, bls.g1Zkey(bls.g1OffSubgroup())), SEC(6));
  bad('b2_0_off_curve', at(7, 0, bls.g2Zkey(bls.g2OffCurve)), SEC(7));
  bad('b2_last_off_subgroup', at(7, -1, bls.g2Zkey(bls.g2OffSubgroup())), SEC(7));
  bad('b2_0_y_ge_p', at(7, 0, Buffer.concat([Buffer.alloc(144), bls.le(bls.P + 1n, 48)])), SEC(7));
  if (section(zk, 8).size > 0) {
    bad('c0_off_subgroup', at(8, 0, bls.g1Zkey(bls.g1OffSubgroup(100n))), SEC(8));
    bad('c_last_off_curve', at(8, -1, bls.g1Zkey(bls.g1OffCurve)), SEC(8));
  }
  bad('h0_off_subgroup', at(9, 0, bls.g1Zkey(bls.g1OffSubgroup(1000n))), SEC(9));
  bad('h_last_off_curve', at(9, -1, bls.g1Zkey(bls.g1OffCurve)), SEC(9));
  bad('h_last_half_infinity', at(9, -1, Buffer.concat([Buffer.alloc(48), bls.le(1n, 48)])), SEC(9));
}
