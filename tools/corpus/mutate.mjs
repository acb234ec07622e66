// Container-level mutations shared by the .zkey and .wtns cases: truncations and lying section
// sizes. Each function returns [name, Buffer] pairs.
import { build } from './binfile.mjs';

// Cut the file at and inside the 12-byte header and every section: at the table entry, inside
// it (after the id), at the payload, in the middle of the payload and one byte before its end.
export function truncations(buf, file) {
  const cuts = new Map([[3, 'magic'], [6, 'version'], [11, 'nsections']]);
  for (const s of file.sections) {
    const add = (pos, what) => {
      if (pos > 0 && pos < buf.length && !cuts.has(pos)) cuts.set(pos, `sec${s.id}_${what}`);
    };
    add(s.entry, 'entry');
    add(s.entry + 4, 'in_entry');
    add(s.offset, 'payload');
    add(s.offset + Math.floor(s.size / 2), 'mid');
    add(s.offset + s.size - 1, 'end_minus1');
  }
  return [...cuts].map(([pos, name]) => [`${name}_at${pos}`, buf.subarray(0, pos)]);
}

// Table sizes that do not match the payloads: +1, -1, 0, 2^63, 2^64 - 1 (all sections when
// `all`, else the first, the largest and the last in file order).
export function sizeLies(file, all) {
  let ids = file.sections.map((s) => s.id);
  if (!all) {
    const largest = file.sections.reduce((a, b) => (b.size > a.size ? b : a)).id;
    ids = [...new Set([ids[0], largest, ids[ids.length - 1]])];
  }
  const out = [];
  for (const id of ids) {
    const s = file.sections.find((x) => x.id === id);
    const lies = [['plus1', BigInt(s.size) + 1n], ['zero', 0n], ['2e63', 1n << 63n],
                  ['max', (1n << 64n) - 1n]];
    if (s.size > 0) lies.push(['minus1', BigInt(s.size) - 1n]);
    for (const [name, size] of lies) {
      if (size === BigInt(s.size)) continue;
      const sections = file.sections.map((x) => ({ id: x.id, payload: x.payload, lie: x.id === id ? size : undefined }));
      out.push([`sec${id}_${name}`, build({ ...file, sections })]);
    }
  }
  return out;
}
