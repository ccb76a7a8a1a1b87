import { describe, expect, it } from 'vitest';
import { enumLabel, fieldLabel, formatScalar, missingTranslations, readableKey, type FieldSchema } from '../../../engine/index.ts';
import { refUiTemplate } from '../../fixtures/ref-ui-template.ts';

describe('labels without demands', () => {
  it('makes a key readable', () => {
    expect(readableKey('enable-beta-ecosystems')).toBe('Enable beta ecosystems');
    expect(readableKey('camelCase')).toBe('Camel case');
    expect(readableKey('snake_case_key')).toBe('Snake case key');
    expect(readableKey('userID')).toBe('User ID');
    expect(readableKey('HTTPServer')).toBe('HTTP server');
    expect(readableKey('2fa')).toBe('2fa');
    expect(readableKey('$type')).toBe('$type');
    expect(readableKey('标题')).toBe('标题');
  });

  it('falls back from x-label (the language, then the other) to title, then the key made readable', () => {
    expect(fieldLabel({ 'x-label': { 'zh-CN': '款号', 'en-US': 'Style no.' }, title: 'T' }, 'en-US', 'styleNo')).toBe('Style no.');
    expect(fieldLabel({ 'x-label': { 'zh-CN': '款号', 'en-US': '' }, title: 'T' }, 'en-US', 'styleNo')).toBe('款号');
    expect(fieldLabel({ title: 'Style' }, 'zh-CN', 'styleNo')).toBe('Style');
    expect(fieldLabel({ type: 'string' }, 'zh-CN', 'enable-beta-ecosystems')).toBe('Enable beta ecosystems');
  });

  it('labels enum options by x-enumLabels, then enumNames, then oneOf/anyOf const + title, then the value', () => {
    const labelled: FieldSchema = { enum: ['a', 'b'], 'x-enumLabels': { a: { 'zh-CN': '甲', 'en-US': 'A' } }, enumNames: ['Alpha', 'Beta'] } as FieldSchema;
    expect(enumLabel(labelled, 'a', 'zh-CN')).toBe('甲');
    expect(enumLabel(labelled, 'b', 'zh-CN')).toBe('Beta');
    const choices = { type: 'string', oneOf: [{ const: 'low', title: 'Low' }, { const: 'high' }] } as FieldSchema;
    expect(enumLabel(choices, 'low', 'en-US')).toBe('Low');
    expect(enumLabel(choices, 'high', 'en-US')).toBe('high');
    expect(enumLabel({ type: 'integer', anyOf: [{ const: 1, title: 'One' }] } as FieldSchema, 1, 'en-US')).toBe('One');
    expect(enumLabel({ type: 'array', items: { type: 'string', enum: ['x'], enumNames: ['Ex'] } } as unknown as FieldSchema, 'x', 'en-US')).toBe('Ex');
    expect(enumLabel({ enum: ['z'] }, 'z', 'en-US')).toBe('z');
    // List cells and detail values read the same fallbacks.
    expect(formatScalar('text', choices, 'low', 'en-US')).toBe('Low');
  });

  it('lists what lacks zh-CN or en-US text as warnings: fields, options, sections, the template', () => {
    const bundle = refUiTemplate('translations');
    expect(missingTranslations(bundle)).toEqual([]);
    const props = bundle.schema.properties;
    const partial = {
      ...bundle,
      entity: { ...bundle.entity, label: { 'zh-CN': '引用', 'en-US': '' } },
      schema: { ...bundle.schema, properties: { ...props, title: { type: 'string' }, size: { $ref: '#/$defs/size', 'x-label': { 'zh-CN': '尺码', 'en-US': 'Size' } }, kind: { type: 'string', enum: ['p', 'q'], 'x-label': { 'zh-CN': '类', 'en-US': 'Kind' }, 'x-enumLabels': { p: { 'zh-CN': '皮', 'en-US': '' } } } } },
      views: { ...bundle.views, form: { sections: [{ id: 'main', label: { 'zh-CN': '', 'en-US': 'Main' }, fields: ['title'] }] } },
    } as typeof bundle;
    expect(missingTranslations(partial)).toEqual([
      { kind: 'entity', path: '', missing: ['en-US'] },
      { kind: 'field', path: 'title', missing: ['zh-CN', 'en-US'] },
      { kind: 'option', path: 'kind', value: 'p', missing: ['en-US'] },
      { kind: 'option', path: 'kind', value: 'q', missing: ['zh-CN', 'en-US'] },
      { kind: 'section', path: 'main', missing: ['zh-CN'] },
    ]);
  });
});
