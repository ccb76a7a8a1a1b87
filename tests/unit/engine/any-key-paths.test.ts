import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  deriveDetailSections,
  deriveFilters,
  deriveListColumns,
  EntityRegistry,
  fieldAt,
  fieldPath,
  importSchema,
  parentPath,
  parseListQuery,
  pathKeys,
  recordValue,
  resolveField,
  valueAt,
  type EntityRecord,
} from '../../../engine/index.ts';
import { docTextSql, fieldExpression, indexName } from '../../../server/db/sql-expressions.ts';
import { readListParams, writeListParams } from '../../../renderers/list/list-params.ts';
import { ANY_KEYS, anyKeyTemplate } from '../../fixtures/any-key-template.ts';

const ROUTES = { list: '/t/list', detail: '/t/detail', form: '/t/form' };

describe('field paths: any key, dotted or as a JSON pointer', () => {
  it('spells plain keys dotted and any other key as a pointer, and reads both back', () => {
    expect(fieldPath(['buyer', 'name'])).toBe('buyer.name');
    expect(fieldPath(['2fa'])).toBe('2fa');
    expect(fieldPath(['with space', '名称'])).toBe('with space.名称');
    expect(fieldPath(['kebab-case'])).toBe('kebab-case');
    expect(fieldPath(['a.b'])).toBe('/a.b');
    expect(fieldPath(['$type'])).toBe('/$type');
    expect(fieldPath(['x/y~z', 'c'])).toBe('/x~1y~0z/c');
    expect(fieldPath([''])).toBe('/');
    for (const keys of [['a.b'], ['$type'], ['x/y~z', 'c'], ['buyer', 'name'], ['~01'], ['a', '$b'], ['']]) expect(pathKeys(fieldPath(keys))).toEqual(keys);
    expect(parentPath('/meta.data/$v')).toBe('/meta.data');
    expect(parentPath('buyer.name')).toBe('buyer');
    expect(parentPath('/a.b')).toBe('');
  });

  it('finds schema nodes and values by either spelling, never a system field or an inherited key', () => {
    const reg = new EntityRegistry({}).registerVersion(anyKeyTemplate('anyKeysUnit'), 1);
    const doc = { 'a.b': 'dot', a: { b: 'nested' }, $type: 'phone', 'x/y~z': true, 'meta.data': { $v: '1.2' } };
    expect(valueAt(doc, '/a.b')).toBe('dot');
    expect(valueAt(doc, 'a.b')).toBe('nested');
    expect(valueAt(doc, '/x~1y~0z')).toBe(true);
    expect(valueAt(doc, '/meta.data/$v')).toBe('1.2');
    expect(valueAt(doc, 'constructor')).toBeUndefined();
    expect(fieldAt(reg.schema, '/meta.data/$v')?.title).toBe('Version');
    expect(resolveField(reg.entity, reg.schema, '/$type')).toMatchObject({ system: false, kind: 'enum' });
    expect(resolveField(reg.entity, reg.schema, '$createdAt')).toMatchObject({ system: true });
    const record = { id: 'r1', doc, states: {}, createdAt: '2026-01-01T00:00:00Z' } as unknown as EntityRecord;
    expect(recordValue(record, '/$type')).toBe('phone');
    expect(recordValue(record, '$id')).toBe('r1');
  });

  it('derives list columns, filters and detail fields of such keys, labelled by title, then the key', () => {
    const bundle = anyKeyTemplate('anyKeysViews');
    expect(checkTemplate(bundle, 'en-US')).toEqual([]);
    const reg = new EntityRegistry({}).registerVersion(bundle, 1);
    const columns = deriveListColumns(reg, 'en-US');
    expect(columns.map((c) => [c.field, c.title, c.kind])).toEqual([...ANY_KEYS.map((k) => [k.path, k.key === 'a.b' ? 'Dotted' : expect.any(String), k.kind]), ['/meta.data/$v', 'Meta · Version', 'text']]);
    expect(columns.find((c) => c.field === '/$type')!.title).toBe('$type');
    expect(columns.find((c) => c.field === '/x~1y~0z')!.title).toBe('X/y~z');
    expect(deriveFilters(reg, 'en-US').find((f) => f.field === '/$type')!.options!.map((o) => o.value)).toEqual(['phone', 'tablet', 'watch']);
    expect(deriveDetailSections(reg, 'zh-CN')[0]!.fields.map((f) => f.field)).toEqual([...ANY_KEYS.map((k) => k.path), '/meta.data/$v', '$createdAt']);
  });

  it('parses sort and filters of such keys from the query, and refuses a key no view declares', () => {
    const reg = new EntityRegistry({}).registerVersion(anyKeyTemplate('anyKeysQuery'), 1);
    const ok = parseListQuery(reg, { 'f./a.b': 'do', 'f./$type': 'tablet', 'f.2fa': '1..3', 'f.with space': '2026-01-01..', 'f./x~1y~0z': 'true', 'f./meta.data/$v': '1.2', sort: '/x~1y~0z:desc' }, 'en-US');
    expect(ok.ok && ok.query.sort).toEqual({ field: '/x~1y~0z', order: 'desc', kind: 'boolean' });
    expect(ok.ok && ok.query.filters.map((f) => [f.field, f.values])).toEqual([
      ['/a.b', ['do']],
      ['/$type', ['tablet']],
      ['2fa', [1, 3]],
      ['with space', ['2026-01-01', null]],
      ['/x~1y~0z', [true]],
      ['/meta.data/$v', ['1.2']],
    ]);
    // `$type` is the document's key only as `/$type`; `a.b` dotted is the key `b` inside `a`, which is not declared.
    expect(parseListQuery(reg, { 'f.$type': 'phone' }, 'en-US').ok).toBe(false);
    expect(parseListQuery(reg, { 'f.a.b': 'x' }, 'en-US').ok).toBe(false);
    expect(parseListQuery(reg, { sort: '/$type:sideways' }, 'en-US').ok).toBe(false);
  });

  it('reads such keys in SQL as data, with distinct index names', () => {
    const reg = new EntityRegistry({}).registerVersion(anyKeyTemplate('anyKeysSql'), 1);
    expect(docTextSql('r', '/a.b')).toBe(`(r.doc #>> '{"a.b"}')`);
    expect(docTextSql('r', 'a.b')).toBe(`(r.doc #>> '{"a","b"}')`);
    expect(docTextSql('', '/meta.data/$v')).toBe(`(doc #>> '{"meta.data","$v"}')`);
    expect(fieldExpression(reg, '/$type', 'r').sql).toBe(`(r.doc #>> '{"$type"}')`);
    expect(fieldExpression(reg, '/x~1y~0z').sql).toContain(`(doc #>> '{"x/y~z"}')`);
    expect(indexName('rx', 'e', ['/a.b'])).not.toBe(indexName('rx', 'e', ['a.b']));
  });

  it('keeps a list of such keys in the URL: sort and filters read back as written', () => {
    const reg = new EntityRegistry({}).registerVersion(anyKeyTemplate('anyKeysUrl'), 1);
    const params = { page: 1, pageSize: 20, sort: '/meta.data/$v:asc', filters: { '/a.b': 'x', '/$type': 'phone', 'with space': '2026-01-01..2026-02-01' } };
    expect(readListParams(reg, new URLSearchParams(writeListParams(params).toString()))).toEqual(params);
  });

  it('imports every key into the views: a key a dotted path cannot spell as its pointer', () => {
    const imported = importSchema({ code: 'anyKeysImport', routes: ROUTES, schema: { type: 'object', properties: { 'a.b': { type: 'string' }, $type: { type: 'string', enum: ['x'] }, '2fa': { type: 'number' }, 名称: { type: 'string' } } } });
    if (!('bundle' in imported)) throw new Error(JSON.stringify(imported.refused));
    const views = imported.bundle.views;
    expect(views.list.columns.map((c) => c.field)).toEqual(['/a.b', '/$type', '2fa', '名称', '$createdAt']);
    expect(views.list.filters).toEqual([
      { field: '/a.b', op: 'contains' },
      { field: '/$type', op: 'eq' },
      { field: '2fa', op: 'range' },
    ]);
    expect(views.detail.sections[0]!.fields).toEqual(['/a.b', '/$type', '2fa', '名称', '$createdAt']);
    expect(views.form.sections[0]!.fields).toEqual(['a.b', '$type', '2fa', '名称']);
    expect(imported.notes).toEqual([]);
    expect(checkTemplate(imported.bundle, 'en-US')).toEqual([]);
  });
});
