#!/usr/bin/env node
// Malformed-input corpus for the g16k command, made from the real fixtures at test time.
//
// usage: node tools/corpus/make_corpus.mjs FIXTURES OUT
//   FIXTURES: a fixtures folder (tests/fixtures; mult, nopub and poseidon2 are used)
//   OUT:      a build folder; emptied, then filled with the case files and OUT/cases.tsv
//
// cases.tsv, one case a line, tab-separated (tests/reliability/run_corpus.sh runs them):
//   id  command  exit  blame  place  A  B  C
//   command prove:  A = prover.ini, B = zkey, C = wtns
//   command verify: A = verification_key.json, B = public.json, C = proof.json
//   exit:  the documented exit code (README.md "Exit codes"); 0 for controls
//   blame: which of A/B/C the message must name (ini, zkey, wtns, vk, pub, proof; '-' none)
//   place: extended regex the message must match as well (section/byte, JSON path, ini line)
// Everything is derived from the fixtures; nothing random, so a failing case can be rerun by id.
// Size: about 1,000 files, 75 MB on disk plus 100 MB of sparse "huge" JSON files.
import fs from 'node:fs';
import path from 'node:path';

import { iniCases, GOOD_INI } from './ini_cases.mjs';
import { jsonCases } from './json_cases.mjs';
import { wtnsCases } from './wtns_cases.mjs';
import { zkeyCases } from './zkey_cases.mjs';

const [fixtures, out] = process.argv.slice(2);
if (!fixtures || !out) {
  console.error('usage: make_corpus.mjs FIXTURES OUT');
  process.exit(2);
}

class Corpus {
  constructor(root) {
    this.root = path.resolve(root);
    this.rows = [];
    fs.rmSync(this.root, { recursive: true, force: true });
    fs.mkdirSync(this.root, { recursive: true });
    this.ini = this.file('.', 'ok.ini', GOOD_INI);
  }
  path(group, name) {
    fs.mkdirSync(path.join(this.root, group), { recursive: true });
    return path.join(this.root, group, name);
  }
  file(group, name, data) {
    const p = this.path(group, name);
    fs.writeFileSync(p, data);
    return p;
  }
  dir(group, name) {
    const p = this.path(group, name);
    fs.mkdirSync(p, { recursive: true });
    return p;
  }
  truncate(p, size) {
    fs.truncateSync(p, size);
  }
  row(id, cmd, exit, blameFile, place, a, b, c) {
    for (const f of [id, blameFile, place, a, b, c])
      if (/[\t\n]/.test(f)) throw new Error(`case ${id}: tab or newline in a field`);
    this.rows.push([id, cmd, exit, blameFile || '-', place || '.', a, b, c].join('\t'));
  }
  // f: { ini?, zkey, wtns }; blame: key of f or '-'.
  prove(id, f, exit, blame = '-', place = '') {
    const files = { ini: this.ini, ...f };
    this.row(id, 'prove', exit, files[blame], place, files.ini, files.zkey, files.wtns);
  }
  // f: { vk, pub, proof }.
  verify(id, f, exit, blame = '-', place = '') {
    this.row(id, 'verify', exit, f[blame], place, f.vk, f.pub, f.proof);
  }
  finish() {
    fs.writeFileSync(path.join(this.root, 'cases.tsv'), this.rows.join('\n') + '\n');
    console.log(`${this.rows.length} cases in ${this.root}`);
  }
}

const c = new Corpus(out);
const read = (fx, f) => fs.readFileSync(path.join(fixtures, fx, f));
for (const fx of ['mult', 'nopub', 'poseidon2']) {
  const full = fx === 'mult';        // every section for the smallest key, a sample for the others
  const zkey = c.file(fx, 'circuit_final.zkey', read(fx, 'circuit_final.zkey'));
  const wtns = c.file(fx, 'witness.wtns', read(fx, 'witness.wtns'));
  zkeyCases(c, fx, read(fx, 'circuit_final.zkey'), wtns, full);
  wtnsCases(c, fx, read(fx, 'witness.wtns'), zkey, full);
  jsonCases(c, fx, read(fx, 'verification_key.json').toString(), read(fx, 'public.json').toString(),
            read(fx, 'proof.json').toString(), full);
}
// A witness of another circuit, and the files given in each other's place.
const m = (f) => path.join(c.root, 'mult', f), p2 = (f) => path.join(c.root, 'poseidon2', f);
c.prove('cross/wtns_of_other_circuit', { zkey: p2('circuit_final.zkey'), wtns: m('witness.wtns') }, 4, 'wtns', 'section 1 \\(');
c.prove('cross/zkey_as_wtns', { zkey: m('circuit_final.zkey'), wtns: m('circuit_final.zkey') }, 4, 'wtns', 'byte 0');
c.prove('cross/wtns_as_zkey', { zkey: m('witness.wtns'), wtns: m('witness.wtns') }, 4, 'zkey', 'byte 0');
c.prove('cross/json_as_zkey', { zkey: m('vk.json'), wtns: m('witness.wtns') }, 4, 'zkey', 'byte 0');
c.prove('cross/zkey_missing', { zkey: m('nonexistent.zkey'), wtns: m('witness.wtns') }, 5, 'zkey', 'cannot open');
c.prove('cross/zkey_directory', { zkey: c.dir('mult', 'dir.zkey'), wtns: m('witness.wtns') }, 5, 'zkey', '');
c.prove('cross/wtns_directory', { zkey: m('circuit_final.zkey'), wtns: c.dir('mult', 'dir.wtns') }, 5, 'wtns', '');
c.verify('cross/vk_of_other_circuit', { vk: p2('vk.json'), pub: m('public.json'), proof: m('proof.json') }, 1, '-', '');
c.verify('cross/zkey_as_vk', { vk: m('circuit_final.zkey'), pub: m('public.json'), proof: m('proof.json') }, 4, 'vk', 'byte 0');
c.verify('cross/proof_missing', { vk: m('vk.json'), pub: m('public.json'), proof: m('nonexistent.json') }, 5, 'proof', 'cannot open');
iniCases(c, m('circuit_final.zkey'), m('witness.wtns'));
c.finish();
