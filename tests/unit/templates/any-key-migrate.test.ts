import { describe, expect, it } from 'vitest';
import { collectFields, compileMigrationStep, diffSchemas, TemplateProblemsError, type EntitySchema } from '../../../engine/index.ts';

/** Object and list schemas shorthands. */
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const list = (properties: Record<string, unknown>) => ({ type: 'array', items: obj(properties) });
const schema = (properties: Record<string, unknown>) => ({ $id: 's', ...obj(properties) }) as unknown as EntitySchema;
const str = { type: 'string' };

/** Keys with `.`, `/` and `~` (issue 21): a version renaming, removing, converting or adding such fields moves the right data. */
describe('template versions with keys a dotted path cannot spell', () => {
  it('names such fields by JSON pointer in the field list and the diff', () => {
    const v1 = schema({ 'a.b': str, 'x/y': obj({ 'c~d': str }), rows: list({ 'e.f': str }) });
    expect([...collectFields(v1).keys()]).toEqual(['/a.b', '/x~1y', '/x~1y/c~0d', 'rows', '/rows/e.f']);
    const v2 = schema({ a: obj({ b: str }), 'x/y': obj({ 'c~d': { type: 'integer' } }), rows: list({}) });
    const diff = diffSchemas(v1, v2);
    expect(diff.removed.map((r) => r.path)).toEqual(['/a.b', '/rows/e.f']);
    expect(diff.added.map((r) => r.path)).toEqual(['a']);
    expect(diff.typeChanged.map((r) => r.path)).toEqual(['/x~1y/c~0d']);
  });

  it('renames a dotted key to a plain one and back, without touching a nested field of the same spelling', () => {
    const v1 = schema({ 'a.b': str, a: obj({ b: str }) });
    const v2 = schema({ ab: str, a: obj({ b: str }) });
    const result = compileMigrationStep({ version: 1, schema: v1 }, { version: 2, schema: v2 }, { '/a.b': 'ab' }).apply({ 'a.b': 'flat', a: { b: 'nested' } });
    expect(result.doc).toEqual({ ab: 'flat', a: { b: 'nested' } });
    expect(result.changes).toEqual([{ kind: 'rename', from: '/a.b', to: 'ab' }]);
    const back = compileMigrationStep({ version: 2, schema: v2 }, { version: 3, schema: v1 }, { ab: '/a.b' }).apply(result.doc);
    expect(back.doc).toEqual({ 'a.b': 'flat', a: { b: 'nested' } });
  });

  it('swaps two fields whose keys hold "/" and "~"', () => {
    const s = schema({ 'x/y': str, 'p~q': str });
    const swap = compileMigrationStep({ version: 1, schema: s }, { version: 2, schema: s }, { '/x~1y': '/p~0q', '/p~0q': '/x~1y' });
    expect(swap.apply({ 'x/y': 'X', 'p~q': 'P' }).doc).toEqual({ 'x/y': 'P', 'p~q': 'X' });
  });

  it('renames a parent with a dotted key and a child of it in one step, in lists too', () => {
    const v1 = schema({ 'meta.data': obj({ '$v': str, keep: str }), rows: list({ 'c/d': str }) });
    const v2 = schema({ 'meta.info': obj({ 'v.1': str, keep: str }), rows: list({ 'c.d': str }) });
    const step = compileMigrationStep({ version: 1, schema: v1 }, { version: 2, schema: v2 }, { '/meta.data': '/meta.info', '/meta.data/$v': '/meta.info/v.1', '/rows/c~1d': '/rows/c.d' });
    const result = step.apply({ 'meta.data': { $v: '7', keep: 'k' }, rows: [{ 'c/d': 'one' }, {}, { 'c/d': 'three' }] });
    expect(result.failures).toEqual([]);
    expect(result.doc).toEqual({ 'meta.info': { 'v.1': '7', keep: 'k' }, rows: [{ 'c.d': 'one' }, {}, { 'c.d': 'three' }] });
    expect(result.changes).toContainEqual({ kind: 'rename', from: '/rows/0/c~1d', to: '/rows/0/c.d' });
  });

  it('archives a removed field under such a key with its concrete path, converts one and fills an added default', () => {
    const v1 = schema({ 'a.b': obj({ 'n/m': str, old: str }), rows: list({ 'x.y': str }) });
    const v2 = schema({ 'a.b': obj({ 'n/m': { type: 'integer' }, 'new~': { type: 'string', default: 'd' } }), rows: list({}) });
    const result = compileMigrationStep({ version: 1, schema: v1 }, { version: 2, schema: v2 }).apply({ 'a.b': { 'n/m': '12', old: 'o' }, rows: [{ 'x.y': 'r0' }] });
    expect(result.doc).toEqual({ 'a.b': { 'n/m': 12, 'new~': 'd' }, rows: [{}] });
    expect(result.archived).toEqual([
      { version: 1, path: '/a.b/old', value: 'o' },
      { version: 1, path: '/rows/0/x.y', value: 'r0' },
    ]);
    expect(result.changes).toContainEqual({ kind: 'convert', path: '/a.b/n~1m', from: '12', to: 12 });
    expect(result.changes).toContainEqual({ kind: 'default', path: '/a.b/new~0', value: 'd' });
  });

  it('reads a rename map spelled either way, and refuses one naming no field', () => {
    const v1 = schema({ buyer: obj({ name: str }) });
    const v2 = schema({ buyer: obj({ fullName: str }) });
    const step = compileMigrationStep({ version: 1, schema: v1 }, { version: 2, schema: v2 }, { '/buyer/name': '/buyer/fullName' });
    expect(step.diff.renamed).toEqual([{ from: 'buyer.name', to: 'buyer.fullName' }]);
    expect(step.apply({ buyer: { name: 'W' } }).doc).toEqual({ buyer: { fullName: 'W' } });
    // `a.b` dotted is the field b in a, not the key `a.b`.
    const dotted = schema({ 'a.b': str });
    expect(() => diffSchemas(dotted, schema({ c: str }), { 'a.b': 'c' })).toThrow(TemplateProblemsError);
  });
});
