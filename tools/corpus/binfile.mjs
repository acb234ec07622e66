// The iden3 binary container of .zkey and .wtns (docs/formats.md, "The binary container"): parse a file into its
// sections, build one back from a (possibly doctored) section list, and patch integers.

// { magic, version, sections: [{ id, entry, offset, size, payload }] } in file order; entry is
// the byte offset of the table entry, offset that of the payload.
export function parse(buf) {
  const magic = buf.subarray(0, 4).toString('latin1');
  const version = buf.readUInt32LE(4);
  const n = buf.readUInt32LE(8);
  const sections = [];
  let pos = 12;
  for (let k = 0; k < n; k++) {
    const id = buf.readUInt32LE(pos);
    const size = Number(buf.readBigUInt64LE(pos + 4));
    sections.push({ id, entry: pos, offset: pos + 12, size, payload: buf.subarray(pos + 12, pos + 12 + size) });
    pos += 12 + size;
  }
  if (pos !== buf.length) throw new Error(`unexpected container layout (${pos} != ${buf.length})`);
  return { magic, version, sections };
}

// Build a container. Each section: { id, payload, lie? } where lie (a BigInt) overrides the
// real payload length in the table, to make a lying entry. nSections overrides the count.
export function build({ magic, version, sections, nSections }) {
  const head = Buffer.alloc(12);
  head.write(magic, 0, 4, 'latin1');
  head.writeUInt32LE(version >>> 0, 4);
  head.writeUInt32LE((nSections ?? sections.length) >>> 0, 8);
  const parts = [head];
  for (const s of sections) {
    const e = Buffer.alloc(12);
    e.writeUInt32LE(s.id >>> 0, 0);
    e.writeBigUInt64LE(s.lie ?? BigInt(s.payload.length), 4);
    parts.push(e, s.payload);
  }
  return Buffer.concat(parts);
}

// A copy of section `id` of a parsed file, with `fn(payloadCopy)` applied (fn edits the copy in
// place or returns a new Buffer). Other sections unchanged; returns the built file.
export function patch(file, id, fn) {
  const sections = file.sections.map((s) => {
    if (s.id !== id) return { id: s.id, payload: s.payload };
    const copy = Buffer.from(s.payload);
    const r = fn(copy);
    return { id: s.id, payload: Buffer.isBuffer(r) ? r : copy };
  });
  return build({ magic: file.magic, version: file.version, sections });
}

export const section = (file, id) => file.sections.find((s) => s.id === id);
