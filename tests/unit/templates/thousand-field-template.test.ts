import { describe, expect, it } from 'vitest';
import { checkTemplate, createAjv, deriveFormSections, EntityRegistry, type FieldSchema } from '../../../engine/index.ts';
import { BIG_TEMPLATE_SECTIONS, countFields, thousandFieldTemplate } from '../../fixtures/thousand-field-template.ts';

/** The generator of the bench's 1,000-field template (npm run bench, issue 4's speed goals). */
describe('the 1,000-field template of the bench', () => {
  const bundle = thousandFieldTemplate();

  it('is a template checkTemplate lets publish, with 1,000 fields in 20 sections', () => {
    expect(checkTemplate(bundle, 'zh-CN')).toEqual([]);
    expect(countFields(bundle.schema as FieldSchema & Record<string, unknown>)).toBe(1000);
    expect(bundle.views.form.sections).toHaveLength(BIG_TEMPLATE_SECTIONS);
    const reg = new EntityRegistry({}).registerVersion(bundle, 1);
    const sections = deriveFormSections(reg, 'zh-CN', new Set(Object.keys(bundle.schema.properties)));
    expect(sections.map((s) => s.fields.length)).toEqual(Array(BIG_TEMPLATE_SECTIONS).fill(41));
  }, 120_000); // checking and compiling a 1,000-field schema takes seconds on a loaded machine

  it('mixes the palette types, grids with column fields and composition percentages', () => {
    const nodes = Object.values(bundle.schema.properties) as (FieldSchema & Record<string, unknown>)[];
    const kinds = new Set(nodes.map((n) => (n['x-sumTo'] ? 'composition' : n['x-cas'] ? 'cas' : n.enum ? 'select' : String(n['x-widget'] ?? n.format ?? n.type))));
    expect([...kinds].sort()).toEqual(['cas', 'composition', 'date', 'integer', 'multiSelect', 'number', 'object', 'select', 'string', 'switch', 'table', 'textarea']);
    const grid = bundle.schema.properties.s7grid as FieldSchema;
    expect(Object.keys(grid.items!.properties!)).toEqual(['item', 'value', 'verdict']);
  });

  it('shows its conditional fields only when the condition holds (JSON Schema if/then)', () => {
    const ajv = createAjv();
    const group = bundle.schema.properties.s3treatment as FieldSchema & { allOf: { then: FieldSchema }[] };
    expect(Object.keys(group.allOf[0]!.then.properties!)).toEqual(['coating', 'coatedOn']);
    const validate = ajv.compile({ ...group, $id: 'https://portico.dev/test/treatment.json' });
    expect(validate({ treated: 'option1' })).toBe(true);
    expect(validate({ treated: 'option2' })).toBe(false);
    expect(validate({ treated: 'option2', coating: 'PU' })).toBe(true);
  });
});
