import { describe, expect, it } from 'vitest';
import { diffSchemas, TemplateProblemsError, type EntitySchema } from '../../../engine/index.ts';
import { V1, V2, V2_RENAMES } from './fixtures.ts';

const codesOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (err) {
    if (err instanceof TemplateProblemsError) return err.problems.map((p) => p.code);
    throw err;
  }
  return [];
};

const flat = (props: Record<string, unknown>): EntitySchema => ({ $id: 'x', type: 'object', properties: props as EntitySchema['properties'] });

describe('diffSchemas', () => {
  it('lists added, removed, renamed and type-changed fields, nested paths included', () => {
    const diff = diffSchemas(V1, V2, V2_RENAMES);
    expect(diff.renamed).toEqual([
      { from: 'styleNo', to: 'styleNumber' },
      { from: 'fiber', to: 'composition' },
      { from: 'fiber.percentage', to: 'composition.percent' },
      { from: 'buyer.contact', to: 'buyer.contactName' },
    ]);
    expect(diff.removed).toEqual([
      { path: 'fiber.note', type: 'string' },
      { path: 'legacyCode', type: 'string' },
    ]);
    expect(diff.added).toEqual([{ path: 'season', type: 'string', default: 'SS25' }]);
    expect(diff.typeChanged).toEqual([
      { path: 'qty', fromPath: 'qty', from: 'string', to: 'integer', lossless: false },
      { path: 'washable', fromPath: 'washable', from: 'boolean', to: 'string', lossless: true },
      { path: 'tags', fromPath: 'tags', from: 'string', to: 'array<string>', lossless: true },
      { path: 'launch', fromPath: 'launch', from: 'string(date-time)', to: 'string(date)', lossless: false },
    ]);
    expect(diff.constrained.map((c) => c.path)).toEqual(expect.arrayContaining(['qty', 'composition']));
  });

  it('never guesses a rename: without the map a renamed field is one removed and one added', () => {
    const diff = diffSchemas(V1, V2);
    expect(diff.renamed).toEqual([]);
    expect(diff.removed.map((r) => r.path)).toContain('styleNo');
    expect(diff.added.map((a) => a.path)).toContain('styleNumber');
    // only the topmost of a removed subtree is listed
    expect(diff.removed.map((r) => r.path)).toContain('fiber');
    expect(diff.removed.map((r) => r.path)).not.toContain('fiber.note');
  });

  it('refuses rename maps that do not fit the schemas, naming each problem', () => {
    expect(codesOf(() => diffSchemas(V1, V2, { nope: 'styleNumber' }))).toEqual(['TEMPLATE_RENAME_FROM_UNKNOWN']);
    expect(codesOf(() => diffSchemas(V1, V2, { styleNo: 'nope' }))).toEqual(['TEMPLATE_RENAME_TO_UNKNOWN']);
    expect(codesOf(() => diffSchemas(V1, V2, { styleNo: 'season', legacyCode: 'season' }))).toEqual(['TEMPLATE_RENAME_TARGET_TWICE']);
    expect(codesOf(() => diffSchemas(V1, V2, { fiber: 'composition', 'fiber.note': 'season' }))).toEqual(['TEMPLATE_RENAME_ACROSS_LIST']);
    const a = flat({ a: { type: 'string' }, b: { type: 'string' } });
    expect(codesOf(() => diffSchemas(a, a, { a: 'b' }))).toEqual(['TEMPLATE_RENAME_COLLIDES']);
  });

  it('accepts swaps and moves between plain objects', () => {
    const before = flat({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'number' } });
    const after = flat({ a: { type: 'string' }, b: { type: 'string' }, box: { type: 'object', properties: { c: { type: 'number' } } } });
    const diff = diffSchemas(before, after, { a: 'b', b: 'a', c: 'box.c' });
    expect(diff.renamed).toHaveLength(3);
    expect(diff.added).toEqual([{ path: 'box', type: 'object' }]);
    expect(diff.removed).toEqual([]);
  });

  it('follows $ref definitions and lists nested type changes inside arrays of arrays', () => {
    const before: EntitySchema = {
      $id: 'r1', type: 'object',
      definitions: { row: { type: 'object', properties: { cells: { type: 'array', items: { type: 'object', properties: { v: { type: 'string' } } } } } } },
      properties: { grid: { type: 'array', items: { $ref: '#/definitions/row' } } },
    };
    const after = JSON.parse(JSON.stringify(before).replace('"v":{"type":"string"}', '"v":{"type":"number"}')) as EntitySchema;
    expect(diffSchemas(before, after).typeChanged).toEqual([{ path: 'grid.cells.v', fromPath: 'grid.cells.v', from: 'string', to: 'number', lossless: false }]);
  });
});
