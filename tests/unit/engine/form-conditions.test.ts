import { describe, expect, it } from 'vitest';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { EntityRegistry, deriveFormSections, TEMPLATE_RECORD_PERMISSIONS, visibilityEntry, withoutHiddenValues, type FieldSchema, type TemplateBundle } from '../../../engine/index.ts';
import { machines } from '../../../workflows/index.ts';
import { formValidatorFor } from '../../../renderers/form/form-validator.ts';
import { mergeDocument } from '../../../renderers/form/form-document.ts';

const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const field = (node: FieldSchema, zh: string, en: string): FieldSchema => ({ ...node, title: en, 'x-label': L(zh, en) });

/** kind (a/b) shows `detail` when "b", required then; the group's `flag` shows `note` when true. */
function bundle(): TemplateBundle {
  return {
    entity: { name: 'condForm', label: L('条件表单', 'Conditional form'), titleField: '$id', permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, access: { visibility: 'authorized' }, routes: { list: '/form/condForm/list', detail: '/form/condForm/detail', form: '/form/condForm/form' } },
    schema: {
      $id: 'https://portico.dev/templates/condForm/v1.json',
      type: 'object',
      properties: {
        kind: field({ type: 'string', enum: ['a', 'b'], 'x-enumLabels': { a: L('甲', 'A'), b: L('乙', 'B') } }, '类别', 'Kind'),
        detail: field({ type: 'string', maxLength: 20 }, '说明', 'Detail'),
        other: field({ type: 'string' }, '其他', 'Other'),
        group: field({
          type: 'object',
          properties: { flag: field({ type: 'boolean' }, '标记', 'Flag'), note: field({ type: 'string' }, '备注', 'Note') },
          allOf: [visibilityEntry({ field: 'note', when: { field: 'flag', value: true }, required: true })],
        }, '分组', 'Group'),
      },
      allOf: [visibilityEntry({ field: 'detail', when: { field: 'kind', value: 'b' }, required: true })],
    },
    views: {
      list: { columns: [], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } },
      detail: { sections: [] },
      form: { sections: [{ id: 'main', label: L('主要', 'Main'), fields: ['kind', 'detail', 'group'] }, { id: 'more', label: L('更多', 'More'), fields: ['other'] }] },
    },
  };
}

const reg = new EntityRegistry(machines).register(bundle());
const shown = (schema: unknown, data: Record<string, unknown>) => {
  const s = retrieveSchema(formValidatorFor(schema), schema as RJSFSchema, schema as RJSFSchema, data);
  return { keys: Object.keys(s.properties ?? {}), required: s.required ?? [], schema: s };
};

describe('conditional fields in the derived form', () => {
  it('keeps the root rule in the section holding both fields, with the field moved into the branch and labelled', () => {
    const [main, more] = deriveFormSections(reg, 'zh-CN', new Set(['kind', 'detail', 'group', 'other']));
    expect(Object.keys(main!.schema.properties)).toEqual(['kind', 'group']);
    expect(main!.schema.allOf).toHaveLength(1);
    expect(main!.schema.allOf![0]!.then!.properties!.detail).toMatchObject({ type: 'string', title: '说明', maxLength: 20 });
    expect(main!.uiSchema['ui:order']).toEqual(['kind', 'detail', 'group']);
    expect(more!.schema.allOf).toBeUndefined();
  });

  it('RJSF hides the field while the condition is false and shows and requires it when true', () => {
    const [main] = deriveFormSections(reg, 'en-US', new Set(['kind', 'detail', 'group']));
    expect(shown(main!.schema, {}).keys).not.toContain('detail');
    expect(shown(main!.schema, { kind: 'a' }).keys).not.toContain('detail');
    const on = shown(main!.schema, { kind: 'b' });
    expect(on.keys).toContain('detail');
    expect(on.required).toContain('detail');
    expect((on.schema.properties!.detail as FieldSchema).title).toBe('Detail');
  });

  it('works for a rule inside a group object too', () => {
    const [main] = deriveFormSections(reg, 'zh-CN', new Set(['kind', 'detail', 'group']));
    const group = main!.schema.properties.group!;
    expect(Object.keys(group.properties!)).toEqual(['flag']);
    expect(group.allOf![0]!.then!.properties!.note).toMatchObject({ title: '备注' });
    expect((main!.uiSchema.group as Record<string, unknown>)['ui:order']).toEqual(['flag', 'note']);
    const off = shown(group, { flag: false });
    expect(off.keys).toEqual(['flag']);
    const on = shown(group, { flag: true });
    expect(on.keys).toEqual(['flag', 'note']);
    expect(on.required).toEqual(['note']);
  });

  it('validates with ajv the same way: required only while shown', () => {
    expect(reg.validate({ kind: 'a' })).toBe(true);
    expect(reg.validate({ kind: 'b' })).toBe(false);
    expect(reg.validate.errors?.some((e) => e.keyword === 'required' && e.params.missingProperty === 'detail')).toBe(true);
    expect(reg.validate({ kind: 'b', detail: 'x' })).toBe(true);
    expect(reg.validate({ group: { flag: false } })).toBe(true);
    expect(reg.validate({ group: { flag: true } })).toBe(false);
    expect(reg.validate({ group: { flag: true, note: 'n' } })).toBe(true);
  });

  it('drops a rule whose fields are split over two sections instead of hiding a field for good', () => {
    const split = bundle();
    split.views.form.sections = [{ id: 'a', label: L('甲', 'A'), fields: ['kind', 'group', 'other'] }, { id: 'b', label: L('乙', 'B'), fields: ['detail'] }];
    const [a, b] = deriveFormSections(new EntityRegistry(machines).register(split), 'en-US', new Set());
    expect(a!.schema.allOf).toBeUndefined();
    expect(Object.keys(b!.schema.properties)).toEqual(['detail']);
  });
});

describe('values of hidden fields', () => {
  const schema = bundle().schema;
  it('drops what a rule hides, in the root and in groups, and keeps what it shows', () => {
    expect(withoutHiddenValues(schema, { kind: 'a', detail: 'typed before', other: 'x', group: { flag: false, note: 'n' } })).toEqual({ kind: 'a', other: 'x', group: { flag: false } });
    expect(withoutHiddenValues(schema, { kind: 'b', detail: 'kept', group: { flag: true, note: 'n' } })).toEqual({ kind: 'b', detail: 'kept', group: { flag: true, note: 'n' } });
    expect(withoutHiddenValues(schema, { detail: 'no kind chosen' })).toEqual({});
  });

  it('a saved form drops the value of an editable hidden field and keeps a locked one', () => {
    const all = new Set(['kind', 'detail', 'group', 'other']);
    const sections = deriveFormSections(reg, 'en-US', all);
    const parts = { main: { kind: 'a', detail: 'typed before', group: { flag: true, note: 'n' } }, more: {} };
    expect(mergeDocument({}, parts, sections, all, reg.schema)).toEqual({ kind: 'a', group: { flag: true, note: 'n' } });
    expect(mergeDocument({ detail: 'stored' }, parts, sections, new Set(['kind']), reg.schema)).toEqual({ kind: 'a', detail: 'stored' });
  });

  it('follows chained rules and table rows', () => {
    const chained: FieldSchema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      allOf: [visibilityEntry({ field: 'c', when: { field: 'b', value: 'y' }, required: false }), visibilityEntry({ field: 'b', when: { field: 'a', value: 'x' }, required: false })],
    };
    expect(withoutHiddenValues(chained, { a: 'other', b: 'y', c: 'shown by b' })).toEqual({ a: 'other' });
    const table: FieldSchema = { type: 'array', items: chained };
    expect(withoutHiddenValues(table, [{ a: 'x', b: 'y', c: 'kept' }, { a: 'z', b: 'y', c: 'dropped' }])).toEqual([{ a: 'x', b: 'y', c: 'kept' }, { a: 'z' }]);
  });
});
