import { describe, expect, it } from 'vitest';
import { boundFields, cellToValue, createStaticRegistry, importColumns, importMark, lookupContextValues, lookupReferences, lookupSnapshots, valueAt, valueToCell, type EntitySchema, type ImportColumn } from '../../../engine/index.ts';
import { DEMO_MATERIAL_TEMPLATE } from '../../../server/seed/demo-material-template.ts';

const registry = createStaticRegistry();
const reg = registry.prepareVersion(DEMO_MATERIAL_TEMPLATE, 1);
const col = (field: string): ImportColumn => importColumns(reg).find((c) => c.field === field)!;

/** The import's columns and cells (docs/declarations.md §2, imports): what a cell may hold, and what an export writes back. */
describe('import columns', () => {
  it('has one column per field a user fills in, titled in both languages, required ones marked', () => {
    expect(importColumns(reg).map((c) => [c.field, c.kind])).toEqual([
      ['buyer', 'lookup'],
      ['title', 'text'],
      ['materialCode', 'text'],
      ['category', 'option'],
      ['casNo', 'text'],
      ['weight', 'number'],
      ['markets', 'options'],
      ['composition', 'json'],
    ]);
    expect(col('title').titles).toEqual({ 'zh-CN': '物料名称 *', 'en-US': 'Material name *' });
    expect(col('casNo').titles['en-US']).toBe('CAS number');
    expect(importMark(reg)).toBe('portico:materialTextile:v1');
    // The server's own fields are no columns.
    expect(importColumns(registry.get('trf')).map((c) => c.field)).not.toContain('trfNo');
  });

  it('reads labels in either language or values, numbers, dates and JSON, saying what is wrong in the language', () => {
    expect(cellToValue(col('category'), '面料', 'en-US')).toEqual({ ok: true, value: 'fabric' });
    expect(cellToValue(col('category'), 'trim', 'en-US')).toEqual({ ok: true, value: 'trim' });
    expect(cellToValue(col('category'), 'Leather', 'zh-CN')).toEqual({ ok: false, message: '“Leather”不是可选项（可选：面料, 辅料, 化学品）' });
    expect(cellToValue(col('markets'), 'China，欧盟; US', 'en-US')).toEqual({ ok: true, value: ['CN', 'EU', 'US'] });
    expect(cellToValue(col('weight'), '12.5', 'en-US')).toEqual({ ok: true, value: 12.5 });
    expect(cellToValue(col('weight'), 'heavy', 'en-US')).toEqual({ ok: false, message: 'must be a number' });
    expect(cellToValue(col('composition'), '[{"component":"cotton","percentage":100}]', 'en-US')).toEqual({ ok: true, value: [{ component: 'cotton', percentage: 100 }] });
    expect(cellToValue(col('composition'), 'cotton 100%', 'en-US').ok).toBe(false);
    expect(cellToValue(col('title'), '   ', 'en-US')).toEqual({ ok: true, value: undefined });
    expect(cellToValue(col('title'), { error: '#REF!' }, 'en-US')).toEqual({ ok: false, message: 'the cell holds an Excel error' });
    const date: ImportColumn = { field: 'd', kind: 'date', required: false, titles: { 'zh-CN': 'd', 'en-US': 'd' } };
    expect(cellToValue(date, 45996, 'en-US')).toEqual({ ok: true, value: '2025-12-05' });
    expect(cellToValue(date, '2024/3/5', 'en-US')).toEqual({ ok: true, value: '2024-03-05' });
    expect(cellToValue(date, '2024-02-30', 'en-US').ok).toBe(false);
  });

  it('writes back what it reads', () => {
    for (const [field, value] of [['category', 'chemical'], ['markets', ['CN', 'US']], ['weight', 150], ['composition', [{ component: 'wool', percentage: 100 }]]] as const) {
      const c = col(field);
      expect(cellToValue(c, valueToCell(c, value, 'zh-CN'), 'en-US')).toEqual({ ok: true, value });
    }
  });
});

describe('bound fields (x-refuseDelete, x-refuseChange)', () => {
  it('finds the TRF sample material and the JSON that holds a given id there', () => {
    const bound = boundFields(registry).find((f) => f.entity === 'trf')!;
    expect(bound.path).toBe('samples.materialId');
    expect(bound.contains('m-1')).toEqual({ samples: [{ materialId: 'm-1' }] });
    expect(bound.message?.['en-US']).toBe('The selected material has been bounded to TRF');
    expect(bound.changeMessage?.['en-US']).toBe('The selected material has been bounded to TRF');
    expect(bound.source).toBe('materials');
    const product = boundFields(registry).find((f) => f.path === 'samples.productId')!;
    expect(product.contains('p-1')).toEqual({ samples: [{ productId: 'p-1' }] });
  });
});

describe('lookup references (picked materials and products)', () => {
  it('finds the TRF sample fields picking through the named sources, and the ids a document holds there', () => {
    const refs = lookupReferences(registry.get('trf').schema, new Set(['materials', 'products']));
    expect(refs.map((r) => [r.path, r.source])).toEqual([['samples.materialId', 'materials'], ['samples.productId', 'products']]);
    const doc = { samples: [{ materialId: 'm-1', productId: '' }, { materialId: 'm-2' }, {}] };
    expect(refs[0]!.idsIn(doc)).toEqual(['m-1', 'm-2']);
    expect(refs[1]!.idsIn(doc)).toEqual([]);
    expect(refs[0]!.idsIn({ samples: 'not a list' })).toEqual([]);
  });
});

describe('lookup fields under keys a dotted path cannot spell', () => {
  const schema = {
    type: 'object',
    properties: {
      'lot.info': {
        type: 'object',
        properties: {
          'material.id': { type: 'string', 'x-lookup': 'materials', 'x-lookupContext': { buyer: '/party.x/id' } },
          pick: { type: 'string', 'x-lookup': 'entity:material', 'x-lookupVersion': 'v', 'x-lookupFill': { v: '$version' } },
          v: { type: 'integer' },
        },
      },
      'party.x': { type: 'object', properties: { id: { type: 'string' } } },
    },
  } as unknown as EntitySchema;
  const doc = { 'lot.info': { 'material.id': 'm-9', pick: 'm-1' }, 'party.x': { id: 'c-buyer' }, lot: { info: { 'material.id': 'wrong' } } };

  it('names them by JSON pointer and reads the values there', () => {
    const [ref] = lookupReferences(schema, new Set(['materials']));
    expect(ref!.path).toBe('/lot.info/material.id');
    expect(ref!.idsIn(doc)).toEqual(['m-9']);
    expect(valueAt(doc, ref!.path)).toBe('m-9');
    expect(lookupContextValues(ref!.context, doc)).toEqual({ buyer: 'c-buyer' });
    const [snap] = lookupSnapshots(schema);
    expect([snap!.at, snap!.field]).toEqual(['/lot.info', 'pick']);
    expect(valueAt(doc, snap!.at)).toEqual(doc['lot.info']);
  });
});
