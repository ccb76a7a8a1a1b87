import { describe, expect, it } from 'vitest';
import { checkTemplate, checkTemplateWithWarnings, localizeProblems, type TemplateBundle } from '../../../engine/index.ts';
import { validBundle } from './fixtures.ts';

const codes = (bundle: unknown) => checkTemplate(bundle, 'en-US').map((p) => p.code);
const warned = (bundle: unknown) => checkTemplateWithWarnings(bundle, 'en-US').warnings.map((p) => p.code);
const edit = (change: (b: TemplateBundle & { schema: any; views: any; entity: any }) => void): TemplateBundle => {
  const b = validBundle() as TemplateBundle & { schema: any; views: any; entity: any };
  change(b);
  return b;
};

describe('checkTemplate (what stops publishing)', () => {
  it('passes a template using every custom field type', () => {
    expect(checkTemplate(validBundle(), 'en-US')).toEqual([]);
  });

  it('refuses a malformed bundle with the place, never a crash', () => {
    expect(codes(null)).toEqual(['TEMPLATE_SHAPE']);
    expect(codes({ entity: {}, schema: {}, views: {} })[0]).toBe('TEMPLATE_SHAPE');
    expect(codes(edit((b) => delete b.views.list.filters))).toEqual(['TEMPLATE_SHAPE']);
  });

  it('refuses a JSON Schema the draft-07 meta-schema or ajv rejects, with ajv-i18n details in the language', () => {
    const bad = edit((b) => (b.schema.properties.styleNo.type = 'strin'));
    expect(codes(bad)).toEqual(['TEMPLATE_SCHEMA_INVALID']);
    const [zh] = localizeProblems(checkTemplate(bad, 'zh-CN'), 'zh-CN');
    expect(zh!.message).toMatch(/^JSON Schema 无效（schema\.properties\.styleNo\.type）：/);
    expect(codes(edit((b) => (b.schema.properties.styleNo.pattern = '(')))).toEqual(['TEMPLATE_SCHEMA_INVALID']);
  });

  it('takes any key but empty, wants keys unique ignoring case; a missing label is a warning, not a refusal (issue 21)', () => {
    const bundle = edit((b) => {
      b.schema.properties['Style-No'] = { type: 'string', 'x-label': { 'zh-CN': '款', 'en-US': 'Style' } };
      b.schema.properties.STYLENO = { type: 'string', 'x-label': { 'zh-CN': '款', 'en-US': 'Style' } };
      b.schema.properties.constructor = { type: 'string', 'x-label': { 'zh-CN': '构造', 'en-US': 'Ctor' } };
      b.schema.properties[''] = { type: 'string', 'x-label': { 'zh-CN': '空', 'en-US': 'Empty' } };
      delete b.schema.properties.cas['x-label']['en-US'];
      b.schema.properties.fabric['x-enumLabels'].woven = { 'zh-CN': '梭织' };
      b.schema.required = ['styleNo', 'ghost'];
    });
    const checked = checkTemplateWithWarnings(bundle, 'en-US');
    expect(localizeProblems(checked.problems, 'en-US').map((p) => p.message)).toEqual([
      'The field key "STYLENO" duplicates "styleNo" (ignoring case)',
      'The field key "" cannot be used: a key is not empty and not __proto__',
      'The required field "ghost" is not declared',
    ]);
    expect(localizeProblems(checked.warnings, 'en-US').map((p) => p.message)).toEqual(['The field "cas" has no en-US label', 'Option "woven" of "fabric" has no en-US label']);
  });

  it('holds the custom field types to their rules', () => {
    expect(codes(edit((b) => (b.schema.properties.composition.maxItems = 500)))).toEqual(['TEMPLATE_TABLE_ROWS']);
    expect(codes(edit((b) => (b.schema.properties.composition.items.required = ['component'])))).toEqual(['TEMPLATE_SUM_FIELD']);
    expect(codes(edit((b) => (b.schema.properties.photo['x-upload'].maxBytes = 5_000_000)))).toEqual(['TEMPLATE_UPLOAD']);
    expect(codes(edit((b) => (b.schema.properties.photo['x-upload'].accept = ['text/html'])))).toEqual(['TEMPLATE_UPLOAD']);
    expect(codes(edit((b) => (b.schema.properties.composition['x-cas'] = true)))).toEqual(['TEMPLATE_KEYWORD_TYPE']);
    expect(codes(edit((b) => (b.schema.properties.period.maxItems = 3)))).toEqual(['TEMPLATE_DATE_RANGE']);
  });

  it('wants view fields that exist and fitting filter operators; an untitled section is a warning', () => {
    expect(codes(edit((b) => b.views.list.columns.push({ field: 'nope' })))).toEqual(['TEMPLATE_VIEW_FIELD']);
    expect(codes(edit((b) => b.views.list.filters.push({ field: '$status', op: 'in' })))).toEqual(['TEMPLATE_VIEW_FIELD']);
    expect(codes(edit((b) => b.views.list.filters.push({ field: 'fabric', op: 'range' })))).toEqual(['TEMPLATE_FILTER_OP']);
    expect(codes(edit((b) => b.views.form.sections[0].fields.push('composition.percentage')))).toEqual(['TEMPLATE_FORM_FIELD']);
    expect(codes(edit((b) => (b.views.detail.sections[0].label['en-US'] = ' ')))).toEqual([]);
    expect(warned(edit((b) => (b.views.detail.sections[0].label['en-US'] = ' ')))).toEqual(['TEMPLATE_SECTION_LABEL']);
    // A template name missing a language falls back (the other language, the schema title, the code): a warning.
    expect(codes(edit((b) => (b.entity.label['zh-CN'] = '')))).toEqual([]);
    expect(warned(edit((b) => (b.entity.label['zh-CN'] = '')))).toEqual(['TEMPLATE_ENTITY_LABEL']);
    expect(codes(edit((b) => (b.entity.lifecycle = { machine: 'trf', regions: {} })))).toEqual(['TEMPLATE_LIFECYCLE']);
  });

  it('tells the problems in Chinese too', () => {
    const [p] = localizeProblems(checkTemplate(edit((b) => b.views.list.columns.push({ field: 'nope' })), 'zh-CN'), 'zh-CN');
    expect(p).toEqual({ field: 'views.list.columns.3', keyword: 'TEMPLATE_VIEW_FIELD', message: '视图 list.columns 引用了不存在的字段“nope”' });
  });
});
