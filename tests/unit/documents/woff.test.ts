import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from '../../../server/documents/woff.ts';

const FONT = createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');

/** The sfnt's tables by tag: offset and length, from its table directory. */
function tablesOf(sfnt: Buffer): Map<string, { offset: number; length: number; checksum: number }> {
  const out = new Map<string, { offset: number; length: number; checksum: number }>();
  for (let i = 0; i < sfnt.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    out.set(sfnt.toString('latin1', at, at + 4), { checksum: sfnt.readUInt32BE(at + 4), offset: sfnt.readUInt32BE(at + 8), length: sfnt.readUInt32BE(at + 12) });
  }
  return out;
}

/** OpenType's table checksum: the sum of its big-endian 32-bit words, zero padded. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('woffToSfnt', () => {
  it('unwraps the documents font: every table inflated, aligned, and matching its checksum', () => {
    const woff = readFileSync(FONT);
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const tables = tablesOf(sfnt);
    expect(tables.size).toBe(woff.readUInt16BE(12));
    for (const tag of ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post']) expect(tables.has(tag), tag).toBe(true);
    expect(tables.has('CFF ') || tables.has('glyf')).toBe(true);
    const head = tables.get('head')!;
    expect(sfnt.readUInt32BE(head.offset + 12), "head's magic number").toBe(0x5f0f3cf5);
    for (const [tag, t] of tables) {
      expect(t.offset % 4, tag).toBe(0);
      expect(t.offset + t.length).toBeLessThanOrEqual(sfnt.length);
      // head's checksum is taken with checksumAdjustment zeroed.
      const data = Buffer.from(sfnt.subarray(t.offset, t.offset + t.length));
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(checksum(data), tag).toBe(t.checksum);
    }
  });

  it('keeps a table stored uncompressed as it is, and refuses what is not WOFF or is damaged', () => {
    const data = Buffer.from('abcdefgh');
    const packed = deflateSync(Buffer.alloc(64, 7));
    const woff = Buffer.alloc(44 + 2 * 20);
    woff.write('wOFF', 0, 'latin1');
    woff.writeUInt32BE(0x00010000, 4);
    woff.writeUInt16BE(2, 12);
    const entry = (i: number, tag: string, offset: number, comp: number, orig: number) => {
      woff.write(tag, 44 + i * 20, 'latin1');
      woff.writeUInt32BE(offset, 44 + i * 20 + 4);
      woff.writeUInt32BE(comp, 44 + i * 20 + 8);
      woff.writeUInt32BE(orig, 44 + i * 20 + 12);
    };
    entry(0, 'aaaa', woff.length, data.length, data.length);
    entry(1, 'bbbb', woff.length + data.length, packed.length, 64);
    const sfnt = woffToSfnt(Buffer.concat([woff, data, packed]));
    const tables = tablesOf(sfnt);
    expect(sfnt.toString('latin1', tables.get('aaaa')!.offset, tables.get('aaaa')!.offset + 8)).toBe('abcdefgh');
    expect(sfnt.subarray(tables.get('bbbb')!.offset, tables.get('bbbb')!.offset + 64)).toEqual(Buffer.alloc(64, 7));
    expect(() => woffToSfnt(Buffer.from('OTTO not a woff at all, just some bytes here....'))).toThrow('not a WOFF');
    entry(1, 'bbbb', woff.length + data.length, packed.length, 65);
    expect(() => woffToSfnt(Buffer.concat([woff, data, packed]))).toThrow('65 expected');
  });
});
