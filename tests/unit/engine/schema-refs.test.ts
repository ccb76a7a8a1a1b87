import { describe, expect, it } from 'vitest';
import {
  EntityRegistry,
  checkTemplate,
  deriveDetailSections,
  deriveFormSections,
  deriveListColumns,
  localizeProblems,
  localizeSchema,
  refTarget,
  resolveNode,
  tryResolveNode,
  unresolvedRefs,
  valueOption,
  type EntitySchema,
  type FieldSchema,
} from '../../../engine/index.ts';
import { refUiTemplate } from '../../fixtures/ref-ui-template.ts';

const schema = (extra: Record<string, unknown>): EntitySchema => ({ $id: 'https://portico.dev/test/refs.json', type: 'object', properties: {}, ...extra }) as EntitySchema;

describe('one resolver for local references', () => {
  const root = schema({
    definitions: { a: { type: 'string', title: 'A' }, chain: { $ref: '#/$defs/b' } },
    $defs: { b: { type: 'number', title: 'B' }, 'x/y': { type: 'boolean' }, 'til~de': { type: 'integer' }, 'sp ace': { type: 'null' } },
    properties: { list: { type: 'array', items: { type: 'string', title: 'Item' } } },
  });

  it('follows #/definitions/, #/$defs/ and JSON pointers with ~0, ~1 and %-escapes', () => {
    expect(refTarget(root, '#/definitions/a')).toEqual({ type: 'string', title: 'A' });
    expect(refTarget(root, '#/$defs/b')).toEqual({ type: 'number', title: 'B' });
    expect(refTarget(root, '#/$defs/x~1y')).toEqual({ type: 'boolean' });
    expect(refTarget(root, '#/$defs/til~0de')).toEqual({ type: 'integer' });
    expect(refTarget(root, '#/$defs/sp%20ace')).toEqual({ type: 'null' });
    expect(refTarget(root, '#/properties/list/items')).toEqual({ type: 'string', title: 'Item' });
    expect(refTarget(root, '#')).toBe(root);
  });

  it('answers nothing for what does not resolve: missing names, other files, prototype keys, bad escapes', () => {
    for (const ref of ['#/definitions/nope', 'other.json#/definitions/a', '#/definitions/constructor', '#/$defs/%E0%A4%A', 'https://x.test/s.json']) {
      expect(refTarget(root, ref)).toBeUndefined();
    }
  });

  it('keeps the referring node own keywords and follows chains, refusing a loop', () => {
    expect(resolveNode(root, { $ref: '#/definitions/a', title: 'Mine' })).toEqual({ type: 'string', title: 'Mine' });
    expect(resolveNode(root, { $ref: '#/definitions/chain' })).toEqual({ type: 'number', title: 'B' });
    const loop = schema({ definitions: { p: { $ref: '#/definitions/q' }, q: { $ref: '#/definitions/p' } } });
    expect(tryResolveNode(loop, { $ref: '#/definitions/p' })).toBeUndefined();
    expect(() => resolveNode(root, { $ref: '#/definitions/nope' })).toThrow(/Unresolved \$ref '#\/definitions\/nope'/);
  });

  it('finds every dangling reference with its path, wherever it is', () => {
    const bad = schema({
      definitions: { ok: { type: 'string' }, inner: { properties: { x: { $ref: '#/definitions/gone1' } } } },
      properties: {
        a: { type: 'array', items: { $ref: '#/definitions/gone2' } },
        b: { oneOf: [{ $ref: '#/definitions/ok' }, { $ref: '#/$defs/gone3' }] },
        c: { type: 'object', additionalProperties: { $ref: '#/definitions/gone4' }, patternProperties: { '^x': { $ref: '#/definitions/gone5' } } },
        d: { if: { $ref: '#/definitions/ok' }, then: { $ref: '#/definitions/gone6' } },
      },
      dependencies: { a: { $ref: '#/definitions/gone7' } },
    });
    expect(unresolvedRefs(bad)).toEqual([
      { at: 'schema.properties.a.items', ref: '#/definitions/gone2' },
      { at: 'schema.properties.b.oneOf.1', ref: '#/$defs/gone3' },
      { at: 'schema.properties.c.additionalProperties', ref: '#/definitions/gone4' },
      { at: 'schema.properties.c.patternProperties.^x', ref: '#/definitions/gone5' },
      { at: 'schema.properties.d.then', ref: '#/definitions/gone6' },
      { at: 'schema.definitions.inner.properties.x', ref: '#/definitions/gone1' },
      { at: 'schema.dependencies.a', ref: '#/definitions/gone7' },
    ]);
    expect(unresolvedRefs(refUiTemplate('refs').schema)).toEqual([]);
  });
});

describe('publishing and rendering a schema with references anywhere', () => {
  it('publishes refs in items, oneOf, between definitions, recursive and in $defs; refuses a dangling one with its path', () => {
    const bundle = refUiTemplate('refsOk');
    expect(checkTemplate(bundle, 'en-US')).toEqual([]);
    const broken = { ...bundle, schema: { ...bundle.schema, properties: { ...bundle.schema.properties, lost: { type: 'array', 'x-label': { 'zh-CN': '丢失', 'en-US': 'Lost' }, items: { $ref: '#/definitions/missing' } } } } } as typeof bundle;
    const problems = checkTemplate(broken, 'en-US').filter((p) => p.code === 'TEMPLATE_REF_UNRESOLVED');
    expect(problems).toEqual([{ at: 'schema.properties.lost.items', code: 'TEMPLATE_REF_UNRESOLVED', params: { path: 'schema.properties.lost.items', ref: '#/definitions/missing' } }]);
    expect(localizeProblems(problems, 'zh-CN')[0]!.message).toBe('引用“#/definitions/missing”（schema.properties.lost.items）找不到目标：本模板中没有这个定义');
    expect(localizeProblems(problems, 'en-US')[0]!.message).toBe('The reference "#/definitions/missing" at schema.properties.lost.items does not resolve: the template defines nothing there');
  });

  const reg = new EntityRegistry({}).registerVersion(refUiTemplate('refsForm'), 1);

  it('keeps the definitions and $defs, localized, on the form and each section; a tree stays a reference', () => {
    const { schema: localized } = localizeSchema(reg, 'zh-CN');
    const defs = localized.definitions!;
    expect(defs.person!.properties!.name!.title).toBe('姓名');
    // Between definitions: the reference on a field is inlined with its labels.
    expect(defs.person!.properties!.home).toMatchObject({ title: '住址', properties: { city: { title: '城市' } } });
    expect(defs.node!.properties!.children!.items).toEqual({ $ref: '#/definitions/node' });
    expect((localized as { $defs?: Record<string, FieldSchema> }).$defs!.size!.enum).toEqual(['S', 'M']);
    // A recursive reference stays one: RJSF breaks the cycle there and opens it on demand (issue 52:
    // inlined, the copy hid the cycle from RJSF, which rendered some trees without end). Its labels are the definition's.
    expect(localized.properties.tree).toMatchObject({ $ref: '#/definitions/node' });
    expect(defs.node!.properties!.label!.title).toBe('节点');
    // items and oneOf: inlined on the list's items and in the oneOf (the engine's widgets apply inside), the option keeping its own title.
    expect(localized.properties.people!.items!.properties!.name!.title).toBe('姓名');
    expect(localized.properties.contact!.oneOf![0]).toMatchObject({ title: 'By post', required: ['city'], properties: { city: { title: '城市' } } });
    expect(localized.properties.contact!.oneOf![0]!.$ref).toBeUndefined();
    const [section] = deriveFormSections(reg, 'en-US', new Set(Object.keys(reg.schema.properties)));
    expect(Object.keys(section!.schema.definitions!)).toEqual(['address', 'person', 'node']);
    expect(Object.keys((section!.schema as { $defs?: object }).$defs!)).toEqual(['size']);
  });

  it('lays the declared uiSchema over the derived one, section by section, and on detail and list', () => {
    const [section] = deriveFormSections(reg, 'en-US', new Set(Object.keys(reg.schema.properties).filter((f) => f !== 'secret')));
    expect(section!.uiSchema['ui:order']).toEqual(['title', 'priority', 'notes', 'secret', 'internalCode', 'region', 'size', 'people', 'contact', 'tree']);
    expect(section!.uiSchema.notes).toEqual({ 'ui:widget': 'textarea', 'ui:placeholder': 'Anything to add', 'ui:options': { rows: 4 } });
    // Not editable in the state: disabled whatever the declaration says.
    expect(section!.uiSchema.secret).toEqual({ 'ui:widget': 'password', 'ui:help': 'Never shown again', 'ui:disabled': true });
    expect(section!.uiSchema.internalCode).toEqual({ 'ui:widget': 'hidden' });
    expect(section!.uiSchema.region).toEqual({ 'ui:title': 'Sales region' });
    const detail = deriveDetailSections(reg, 'en-US')[0]!.fields;
    expect(detail.map((f) => f.field)).toEqual(['title', 'priority', 'notes', 'secret', 'region', 'size', 'people', 'contact', 'tree', '$createdAt']);
    expect(detail.find((f) => f.field === 'region')!.label).toBe('Sales region');
    expect(deriveListColumns(reg, 'en-US').map((c) => c.title)).toEqual(['Title', 'Priority']);
  });
});

describe('engine widgets inside options and recursive parts (issue 21)', () => {
  const bundle = refUiTemplate('refsWidgets');
  const schema = structuredClone(bundle.schema) as unknown as { definitions: Record<string, FieldSchema>; properties: Record<string, FieldSchema> };
  schema.definitions.stamp = { type: 'object', properties: { on: { type: 'string', format: 'date' }, pin: { type: 'string', 'x-secret': true } } } as FieldSchema;
  schema.definitions.node!.properties!.due = { type: 'string', format: 'date' } as FieldSchema;
  schema.properties.when = { oneOf: [{ $ref: '#/definitions/stamp', title: 'Stamp' }, { type: 'string', format: 'date', title: 'Day' }] } as FieldSchema;
  const fields = [...bundle.views.form.sections[0]!.fields, 'when'];
  const reg = new EntityRegistry({}).registerVersion({ ...bundle, schema: schema as never, views: { ...bundle.views, form: { sections: [{ ...bundle.views.form.sections[0]!, fields }] } } }, 1);
  const [section] = deriveFormSections(reg, 'en-US', new Set(fields));
  const ui = section!.uiSchema as Record<string, any>;

  it('gives each oneOf option its widgets: a referenced object’s fields, a value’s own', () => {
    expect(ui.when.on).toEqual({ 'ui:widget': 'date' });
    expect(ui.when.pin).toEqual({ 'ui:widget': 'secret' });
    // RJSF gives an option its entry of ui.oneOf when there is one: the shared fields are in each.
    expect(ui.when.oneOf).toEqual([
      { on: { 'ui:widget': 'date' }, pin: { 'ui:widget': 'secret' } },
      { on: { 'ui:widget': 'date' }, pin: { 'ui:widget': 'secret' }, 'ui:widget': 'date' },
    ]);
    expect((section!.schema.properties.when!.oneOf![0] as FieldSchema).title).toBe('Stamp');
  });

  it('follows a recursive reference in the uiSchema a few levels deep, the schema left for RJSF to resolve', () => {
    expect(section!.schema.properties.tree).toMatchObject({ $ref: '#/definitions/node' });
    expect(section!.schema.definitions!.node!.properties!.children!.items).toEqual({ $ref: '#/definitions/node' });
    expect(ui.tree.due).toEqual({ 'ui:widget': 'date' });
    expect(ui.tree.children.items.due).toEqual({ 'ui:widget': 'date' });
    expect(ui.tree.children.items.children.items.children.items.children.items.due).toEqual({ 'ui:widget': 'date' });
    // Past the depth followed, no widgets: only the rows' untitling.
    expect(ui.tree.children.items.children.items.children.items.children.items.children).toEqual({ items: { 'ui:label': false } });
    // A node's row is untitled, as a table row is (RJSF would title it "Children-1").
    expect(ui.tree.children.items['ui:label']).toBe(false);
    expect(ui.tree.children.items.children.items['ui:label']).toBe(false);
  });

  it('lays a declared widget inside an option over every option’s own uiSchema (RJSF reads that one)', () => {
    const declared = refUiTemplate('refsDeclaredInOption', { widgets: true });
    const [own] = deriveFormSections(new EntityRegistry({}).registerVersion(declared, 1), 'zh-CN', new Set(declared.views.form.sections[0]!.fields));
    const when = (own!.uiSchema as Record<string, any>).when;
    const note = { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } };
    expect(when.note).toEqual(note);
    expect(when.oneOf).toEqual([
      { on: { 'ui:widget': 'date' }, note },
      { on: { 'ui:widget': 'date' }, note, 'ui:widget': 'date' },
    ]);
    expect(own!.schema.properties.when!.oneOf!.map((o) => (o as FieldSchema).title)).toEqual(['盖章', '某日']);
  });

  it('finds the option a stored value is, for the detail page: a referenced object, a date, never a labelled choice', () => {
    const declared = refUiTemplate('refsValueOption', { widgets: true });
    const { schema } = new EntityRegistry({}).registerVersion(declared, 1);
    const when = schema.properties.when!;
    expect(valueOption(schema, when, { on: '2026-04-05', note: 'n' })?.properties?.on).toMatchObject({ format: 'date' });
    expect(valueOption(schema, when, '2026-06-07')).toMatchObject({ type: 'string', format: 'date' });
    expect(valueOption(schema, when, { on: '2026-04-05', other: 1 })).toBeUndefined();
    expect(valueOption(schema, when, 7)).toBeUndefined();
    expect(valueOption(schema, schema.properties.priority, 'high')).toBeUndefined();
    expect(valueOption(schema, schema.properties.contact, { phone: '1' })).toMatchObject({ required: ['phone'] });
  });
});
