import { describe, expect, it } from 'vitest';
import { checkTemplate, compileMigrationStep, TEMPLATE_RECORD_PERMISSIONS, type TemplateBundle } from '../../../engine/index.ts';
import { createDesignerStore, HISTORY_LIMIT } from '../../../renderers/designer/designer-store.ts';
import { FIELD_TYPES } from '../../../renderers/designer/field-types.ts';
import { allPaths, nodeAt, pathKey, viewField } from '../../../renderers/designer/schema-tree.ts';
import { applyDrop, fieldId, paletteId, zoneId } from '../../../renderers/designer/canvas-dnd.ts';
import type { DragEndEvent } from '@dnd-kit/core';
import { anyKeyTemplate } from '../../fixtures/any-key-template.ts';

const L = { 'zh-CN': '字段', 'en-US': 'Field' };
const empty = (): TemplateBundle => ({
  entity: { name: 'demoForm', label: { 'zh-CN': '演示', 'en-US': 'Demo' }, titleField: '$id', permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, routes: { list: '/form/demoForm/list', detail: '/form/demoForm/detail', form: '/form/demoForm/form' } },
  schema: { $id: 'https://portico.dev/templates/demoForm/v1.json', type: 'object', properties: {} },
  views: { list: { columns: [], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } }, detail: { sections: [] }, form: { sections: [] } },
});
const make = () => createDesignerStore({ bundle: empty(), renames: {} });
const keys = (s: ReturnType<typeof make>) => Object.keys(s.getState().doc.bundle.schema.properties);

describe('designer store', () => {
  it('adds fields and keeps the form section in step', () => {
    const s = make();
    s.getState().add('text', [], L);
    s.getState().add('number', [], L, 0);
    expect(keys(s)).toEqual(['number1', 'text1']);
    expect(s.getState().doc.bundle.views.form.sections[0]!.fields).toEqual(['number1', 'text1']);
    expect(s.getState().selected).toEqual(['number1']);
  });

  it('every palette type makes a bundle checkTemplate accepts', () => {
    const s = make();
    for (const type of FIELD_TYPES) s.getState().add(type, [], L);
    s.getState().add('text', ['table1'], L);
    s.getState().add('date', ['section1'], L);
    expect(checkTemplate(s.getState().doc.bundle, 'en-US')).toEqual([]);
  });

  it('moves, nests into sections and tables, refuses a section inside a table', () => {
    const s = make();
    s.getState().add('text', [], L);
    s.getState().add('section', [], L);
    s.getState().add('table', [], L);
    s.getState().moveBy(['text1'], 1);
    expect(keys(s)).toEqual(['section1', 'text1', 'table1']);
    expect(s.getState().move(['text1'], ['section1'], 0)).toEqual(['section1', 'text1']);
    expect(nodeAt(s.getState().doc.bundle, ['section1', 'text1'])).toBeDefined();
    expect(s.getState().move(['section1'], ['table1'], 0)).toBeUndefined();
    expect(s.getState().move(['section1'], ['section1', 'text1'], 0)).toBeUndefined();
    expect(s.getState().move(['section1', 'text1'], ['table1'], 0)).toEqual(['table1', 'text1']);
  });

  it('edits properties, required, list flags and keys (with renames from the previous version)', () => {
    const s = make();
    s.getState().add('text', [], L);
    s.getState().load(s.getState().doc, new Set(['text1']));
    s.getState().update(['text1'], { 'x-label': { 'zh-CN': '款号', 'en-US': 'Style no.' }, maxLength: 20 });
    s.getState().setRequired(['text1'], true);
    s.getState().setListFlag(['text1'], 'filter', true);
    s.getState().renameKey(['text1'], 'styleNo');
    const { bundle, renames } = s.getState().doc;
    expect(bundle.schema.properties.styleNo).toMatchObject({ title: 'Style no.', maxLength: 20 });
    expect(bundle.schema.required).toEqual(['styleNo']);
    expect(bundle.views.list.filters).toEqual([{ field: 'styleNo', op: 'contains' }]);
    expect(renames).toEqual({ text1: 'styleNo' });
  });

  it('keeps views naming any key (a JSON pointer where a dotted path cannot spell it) through edits, flags and renames', () => {
    const s = createDesignerStore({ bundle: anyKeyTemplate('anyKeyDesigner'), renames: {} });
    s.getState().update(['2fa'], { 'x-label': { 'zh-CN': '因素', 'en-US': 'Factors' } });
    const columns = () => s.getState().doc.bundle.views.list.columns.map((c) => c.field);
    expect(columns()).toEqual(['/a.b', '/$type', '2fa', '名称', 'with space', '/x~1y~0z', 'kebab-case', '/meta.data/$v']);
    s.getState().setListFlag(['a.b'], 'column', false);
    expect(columns()).not.toContain('/a.b');
    s.getState().setListFlag(['a.b'], 'column', true);
    expect(columns().at(-1)).toBe('/a.b');
    s.getState().renameKey(['kebab-case'], 'kebab');
    expect(columns()).toContain('kebab');
    expect(s.getState().doc.bundle.views.list.filters.map((f) => f.field)).toContain('kebab');
    expect(checkTemplate(s.getState().doc.bundle, 'en-US')).toEqual([]);
  });

  it('records renames of keys a dotted path cannot spell as field paths the migration reads', () => {
    const before = anyKeyTemplate('anyKeyRenames');
    const s = createDesignerStore({ bundle: before, renames: {} });
    s.getState().load(s.getState().doc, new Set(allPaths(before).map(viewField)));
    s.getState().renameKey(['meta.data', '$v'], 'v.2');
    s.getState().renameKey(['a.b'], 'ab');
    const { bundle, renames } = s.getState().doc;
    expect(renames).toEqual({ '/meta.data/$v': '/meta.data/v.2', '/a.b': 'ab' });
    const step = compileMigrationStep({ version: 1, schema: before.schema }, { version: 2, schema: bundle.schema }, renames);
    expect(step.apply({ 'a.b': 'alpha', a: { b: 'kept' }, 'meta.data': { $v: 'v1' } }).doc).toEqual({ ab: 'alpha', a: { b: 'kept' }, 'meta.data': { 'v.2': 'v1' } });
  });

  it('drags fields whose keys hold dots: ids name the keys, not a dotted path', () => {
    const s = createDesignerStore({ bundle: anyKeyTemplate('anyKeyDrag'), renames: {} });
    const drop = (active: string, over: string) => applyDrop(s.getState(), { active: { id: active }, over: { id: over } } as unknown as DragEndEvent, () => L);
    drop(fieldId(['kebab-case']), fieldId(['a.b']));
    expect(keys(s).slice(0, 2)).toEqual(['kebab-case', 'a.b']);
    s.getState().add('section', [], L);
    drop(fieldId(['a.b']), zoneId(['section1']));
    expect(Object.keys(nodeAt(s.getState().doc.bundle, ['section1'])!.properties as object)).toEqual(['a.b']);
    drop(paletteId('text'), zoneId(['meta.data']));
    expect(Object.keys(nodeAt(s.getState().doc.bundle, ['meta.data'])!.properties as object)).toEqual(['$v', 'text1']);
    expect(pathKey(['a.b'])).not.toBe(pathKey(['a', 'b']));
  });

  it('deletes, undoes and redoes every step', () => {
    const s = make();
    s.getState().add('text', [], L);
    s.getState().add('integer', [], L);
    s.getState().remove(['text1']);
    expect(keys(s)).toEqual(['integer1']);
    s.getState().undo();
    expect(keys(s)).toEqual(['text1', 'integer1']);
    s.getState().undo();
    s.getState().undo();
    expect(keys(s)).toEqual([]);
    s.getState().redo();
    s.getState().redo();
    expect(keys(s)).toEqual(['text1', 'integer1']);
    s.getState().add('date', [], L);
    expect(s.getState().future).toEqual([]);
  });

  it('keeps at most HISTORY_LIMIT (≥ 50) undo steps', () => {
    const s = make();
    s.getState().add('text', [], L);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) s.getState().update(['text1'], { maxLength: i + 1 });
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    expect(s.getState().past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT; i++) s.getState().undo();
    expect(nodeAt(s.getState().doc.bundle, ['text1'])?.maxLength).toBe(20);
  });
});
