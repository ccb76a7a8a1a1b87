import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font (W3C WOFF File Format 1.0) as the plain sfnt (OpenType/TrueType) it wraps: each
 * table inflated once and laid out 4-byte aligned behind a fresh table directory. fontkit reads a
 * WOFF by inflating a table on every access, which makes pdfkit's subsetting of a large CJK font
 * take tens of seconds; the sfnt is read in place.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(at + d)) as [number, number, number, number, number];
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error(`WOFF table ${tag.toString(16)}: ${data.length} bytes, ${origLength} expected`);
    tables.push({ tag, checksum, data });
  }
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  const directory = Buffer.alloc(12 + numTables * 16);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(numTables, 4);
  directory.writeUInt16BE(searchRange * 16, 6);
  directory.writeUInt16BE(entrySelector, 8);
  directory.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    directory.writeUInt32BE(t.tag, at);
    directory.writeUInt32BE(t.checksum, at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(t.data.length, at + 12);
    const pad = (4 - (t.data.length % 4)) % 4;
    parts.push(t.data, Buffer.alloc(pad));
    offset += t.data.length + pad;
  });
  return Buffer.concat(parts);
}
