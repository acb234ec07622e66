// Hostile proof.json, public.json and verification_key.json (docs/formats.md, "JSON files") for
// `g16k verify`. Malformed files: exit 4, one error line naming the file and the JSON path (or
// byte). Well-formed files with a bad verdict: exit 1, "INVALID: ..." (points off the curve or
// outside the subgroup, as commit 82324a4 decided, wrong signals). Controls: exit 0.
import * as bls from './bls.mjs';

const clone = (o) => JSON.parse(JSON.stringify(o));
const esc = (s) => s.replace(/[[\]().*+?^$|\\]/g, '\\$&');

export function jsonCases(c, fx, vkText, pubText, proofText, full) {
  const vk0 = JSON.parse(vkText), pub0 = JSON.parse(pubText), proof0 = JSON.parse(proofText);
  const files = {
    vk: c.file(fx, 'vk.json', vkText), pub: c.file(fx, 'public.json', pubText),
    proof: c.file(fx, 'proof.json', proofText),
  };
  // blame: which file the message names (default: the one changed; '-': none).
  const run = (kind, name, text, exit, place, blame = kind) => {
    const f = { ...files, [kind]: c.file(fx, `${kind}_${name}.json`, text) };
    c.verify(`${fx}/${kind}/${name}`, f, exit, exit === 0 ? '-' : blame, place);
  };
  // edit(kind, name, fn, exit, place): fn changes a clone of the parsed file.
  const base = { vk: vk0, pub: pub0, proof: proof0 };
  const edit = (kind, name, fn, exit, place, blame) => {
    const o = clone(base[kind]);
    const r = fn(o);
    run(kind, name, JSON.stringify(r === undefined ? o : r, null, 1), exit, place, blame);
  };

  c.verify(`${fx}/json/ok`, files, 0);
  // Key order and whitespace are free; z = "1" may be any affine z in snarkjs, here only 1.
  edit('proof', 'ok_reordered', (o) => ({ curve: o.curve, pi_c: o.pi_c, protocol: o.protocol, pi_b: o.pi_b, pi_a: o.pi_a }), 0);

  // Text-level damage, for each file.
  for (const [kind, text] of [['proof', proofText], ['pub', pubText], ['vk', vkText]]) {
    run(kind, 'empty', '', 4, 'byte 0');
    run(kind, 'truncated', text.slice(0, Math.floor(text.length / 2)), 4, 'byte [0-9]+');
    run(kind, 'trailing', text + '\n}x', 4, 'byte [0-9]+');
    run(kind, 'bom', '\ufeff' + text, 4, 'byte 0');
    run(kind, 'nul', text.slice(0, 1) + '\0' + text.slice(1), 4, 'byte [0-9]+');
    run(kind, 'deep', '['.repeat(100000), 4, 'byte [0-9]+');
    // json-c reports a bare scalar at the end of the file as "unexpected end of file" (byte N).
    run(kind, 'number', '1', 4, '\\(root\\)|byte [0-9]+');
    run(kind, 'string', '"x"', 4, '\\(root\\)');
    run(kind, 'null', 'null', 4, '\\(root\\)|byte [0-9]+');
    run(kind, 'comment', '/* c */' + text, 4, 'byte [0-9]+');
    // Bigger than the reader's limit (16 MiB; 64 MiB for the vk): sparse, costs no disk where
    // the file system has holes; made once (full) in case it has not.
    if (!full) continue;
    const big = c.file(fx, `${kind}_huge.json`, '[');
    c.truncate(big, (kind === 'vk' ? 65 : 17) << 20);
    c.verify(`${fx}/${kind}/huge`, { ...files, [kind]: big }, 4, kind, 'bytes');
  }

  // proof.json: structure, types, numbers.
  for (const k of ['pi_a', 'pi_b', 'pi_c']) {
    edit('proof', `${k}_missing`, (o) => { delete o[k]; }, 4, `${k}: missing`);
    edit('proof', `${k}_string`, (o) => { o[k] = 'x'; }, 4, k);
    edit('proof', `${k}_object`, (o) => { o[k] = {}; }, 4, k);
    edit('proof', `${k}_short`, (o) => { o[k].pop(); }, 4, k);
    edit('proof', `${k}_long`, (o) => { o[k].push(o[k][0]); }, 4, k);
  }
  edit('proof', 'root_array', (o) => [o], 4, '\\(root\\)');
  const coord = [
    ['number', () => 1], ['float', () => 1.5], ['null', () => null], ['array', () => ['1']],
    ['empty', () => ''], ['minus', () => '-1'], ['plus', () => '+1'], ['hex', () => '0x1f'],
    ['space', (v) => ' ' + v], ['exp', () => '1e3'], ['p', () => bls.P.toString()],
    ['p_plus1', () => (bls.P + 1n).toString()], ['huge', () => '9'.repeat(5000)],
    ['nul', (v) => v + '\u0000'],
  ];
  for (const [name, f] of coord) {
    edit('proof', `pi_a0_${name}`, (o) => { o.pi_a[0] = f(o.pi_a[0]); }, 4, esc('pi_a[0]'));
    edit('proof', `pi_b10_${name}`, (o) => { o.pi_b[1][0] = f(o.pi_b[1][0]); }, 4, esc('pi_b[1][0]'));
  }
  edit('proof', 'pi_b0_flat', (o) => { o.pi_b[0] = o.pi_b[0][0]; }, 4, esc('pi_b[0]'));
  edit('proof', 'pi_b2_short', (o) => { o.pi_b[2] = ['1']; }, 4, esc('pi_b[2]'));
  edit('proof', 'pi_c2_number', (o) => { o.pi_c[2] = 1; }, 4, esc('pi_c[2]'));
  // Well-formed, but not a valid proof: exit 1, INVALID naming the file and the point.
  edit('proof', 'pi_a_off_curve', (o) => { o.pi_a = bls.g1Json(bls.g1OffCurve); }, 1, 'pi_a');
  edit('proof', 'pi_a_off_subgroup', (o) => { o.pi_a = bls.g1Json(bls.g1OffSubgroup()); }, 1, 'pi_a');
  edit('proof', 'pi_c_z2', (o) => { o.pi_c[2] = '2'; }, 1, 'pi_c');
  edit('proof', 'pi_b_off_curve', (o) => { o.pi_b = bls.g2Json(bls.g2OffCurve); }, 1, 'pi_b');
  edit('proof', 'pi_b_off_subgroup', (o) => { o.pi_b = bls.g2Json(bls.g2OffSubgroup()); }, 1, 'pi_b');
  // The pairing check fails: a verdict on the three files together, naming none.
  edit('proof', 'pi_a_infinity', (o) => { o.pi_a = ['0', '1', '0']; }, 1, 'pairing', '-');
  edit('proof', 'swapped_a_c', (o) => { [o.pi_a, o.pi_c] = [o.pi_c, o.pi_a]; }, 1, 'pairing', '-');

  // public.json.
  edit('pub', 'object', () => ({ a: '1' }), 4, '\\(root\\)');
  edit('pub', 'inner_array', (o) => [o], 4, esc('[0]'));
  for (const [name, v] of [['number', 33], ['null', null], ['minus', '-1'], ['hex', '0x21'],
                           ['r', bls.R.toString()], ['p', bls.P.toString()], ['empty', ''],
                           ['huge', '1'.repeat(100000)]])
    edit('pub', `elem_${name}`, (o) => (o.length ? [...o.slice(0, -1), v] : [v]), 4, '\\[[0-9]+\\]');
  edit('pub', 'one_more', (o) => [...o, '1'], 1, 'public');
  if (pub0.length > 0) {
    edit('pub', 'one_less', (o) => o.slice(1), 1, 'public signals');
    // Only the canonical spelling of a signal (snarkjs takes these as the same number).
    for (const [name, f] of [['leading_zero', (v) => `0${v}`], ['plus', (v) => `+${v}`],
                             ['space', (v) => ` ${v}`]])
      edit('pub', `elem_${name}`, (o) => { o[o.length - 1] = f(o[o.length - 1]); }, 4,
           '\\[[0-9]+\\]: .* is not a canonical decimal');
    edit('pub', 'changed', (o) => { o[0] = ((BigInt(o[0]) + 1n) % bls.R).toString(); }, 1, 'pairing', '-');
  }

  // verification_key.json.
  edit('vk', 'protocol_plonk', (o) => { o.protocol = 'plonk'; }, 4, 'protocol');
  edit('vk', 'curve_bn128', (o) => { o.curve = 'bn128'; }, 4, 'curve');
  edit('vk', 'curve_missing', (o) => { delete o.curve; }, 4, 'curve: missing');
  for (const [name, v] of [['string', '1'], ['minus', -1], ['float', 1.5], ['u32max', 4294967295],
                           ['huge', 1e30], ['null', null]])
    edit('vk', `npublic_${name}`, (o) => { o.nPublic = v; }, 4, 'nPublic');
  edit('vk', 'npublic_plus1', (o) => { o.nPublic += 1; }, 4, 'IC');
  edit('vk', 'ic_missing', (o) => { delete o.IC; }, 4, 'IC: missing');
  edit('vk', 'ic_extra', (o) => { o.IC.push(o.IC[0]); }, 4, 'IC');
  edit('vk', 'ic0_short', (o) => { o.IC[0] = o.IC[0].slice(0, 2); }, 4, esc('IC[0]'));
  edit('vk', 'ic0_x_p', (o) => { o.IC[0][0] = bls.P.toString(); }, 4, esc('IC[0][0]'));
  edit('vk', 'alpha_number', (o) => { o.vk_alpha_1[1] = 7; }, 4, esc('vk_alpha_1[1]'));
  edit('vk', 'delta2_pair_short', (o) => { o.vk_delta_2[0] = [o.vk_delta_2[0][0]]; }, 4, esc('vk_delta_2[0]'));
  edit('vk', 'beta2_missing', (o) => { delete o.vk_beta_2; }, 4, 'vk_beta_2: missing');
  // A key point off its curve or subgroup makes the key malformed (exit 4), not the proof invalid.
  edit('vk', 'alpha_off_curve', (o) => { o.vk_alpha_1 = bls.g1Json(bls.g1OffCurve); }, 4, 'vk_alpha_1');
  edit('vk', 'ic0_off_subgroup', (o) => { o.IC[0] = bls.g1Json(bls.g1OffSubgroup()); }, 4, esc('IC[0]'));
  edit('vk', 'gamma2_off_subgroup', (o) => { o.vk_gamma_2 = bls.g2Json(bls.g2OffSubgroup()); }, 4, 'vk_gamma_2');
}
