import { describe, expect, it } from 'vitest';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import {
  boundFields,
  checkTemplateWithWarnings,
  collectFields,
  compileMigrationStep,
  createStaticRegistry,
  deriveDetailSections,
  deriveFormSections,
  deriveListColumns,
  diffSchemas,
  enter,
  importSchema,
  isRecursive,
  localizeSchema,
  lookupReferences,
  lookupSnapshots,
  migrateThrough,
  missingTranslations,
  RefTrail,
  SchemaBudgetError,
  WalkBudget,
  type EntitySchema,
} from '../../../engine/index.ts';
import { checkFields } from '../../../engine/templates/check-fields.ts';
import { CYCLIC_SCHEMAS, hostileBundle, hugeSchemas, RECURSIVE_SCHEMAS } from '../../fixtures/hostile-schemas.ts';



/**
 * Issue 52: every walk over a schema finishes on hostile input. Before the cycle guard, the first
 * schema (three properties referring to the root) took the template check past 60 s and gigabytes.
 * The timeouts here catch a hang (the whole file runs in a few seconds on an idle machine).
 */
describe('hostile schemas through every schema walk', () => {
  it.each(RECURSIVE_SCHEMAS.map((h) => [h.name, h] as const))('%s: accepted, derived, diffed and migrated', (_, h) => {
    const bundle = hostileBundle(h);
    expect(checkTemplateWithWarnings(bundle, 'en-US').problems).toEqual([]);
    expect(checkFields(bundle.schema).problems).toEqual([]);
    const fields = collectFields(bundle.schema);
    // Every top-level field is listed, recursive ones included, and a recursive field's insides once.
    for (const key of Object.keys(bundle.schema.properties)) expect(fields.has(key), key).toBe(true);
    expect(fields.size).toBeLessThan(100);
    expect(diffSchemas(bundle.schema, bundle.schema).typeChanged).toEqual([]);
    const step = compileMigrationStep({ version: 1, schema: bundle.schema }, { version: 2, schema: bundle.schema });
    expect(migrateThrough([step], h.sample!).doc).toEqual(h.sample);
    expect(missingTranslations(bundle).length).toBeLessThan(100);
    expect(lookupReferences(bundle.schema, new Set(['materials']))).toEqual([]);
    expect(lookupSnapshots(bundle.schema)).toEqual([]);

    const registry = createStaticRegistry([]);
    const reg = registry.registerVersion(bundle, 1);
    expect(reg.validate(h.sample), JSON.stringify(reg.validate.errors)).toBe(true);
    expect(reg.validate({ ...h.sample, name: 42, title: 42, product: 42 })).toBe(false);
    expect(boundFields(registry).filter((f) => f.entity === 'hostile')).toEqual([]);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { uiSchema } = localizeSchema(reg, lang);
      expect(JSON.stringify(uiSchema).length).toBeLessThan(100_000);
      expect(deriveFormSections(reg, lang, new Set(Object.keys(bundle.schema.properties)))).toHaveLength(1);
      expect(deriveDetailSections(reg, lang)).toHaveLength(1);
      expect(deriveListColumns(reg, lang)).toHaveLength(2);
    }
  }, 60_000);

  it('leaves a recursive reference in place for the form to open on demand', () => {
    const reg = createStaticRegistry([]).registerVersion(hostileBundle(RECURSIVE_SCHEMAS[0]!), 1);
    const { schema } = localizeSchema(reg, 'en-US');
    expect(schema.properties.a).toMatchObject({ $ref: '#' });
  });

  it.each(CYCLIC_SCHEMAS.map((h) => [h.name, h] as const))('%s: refused with the reference that closes the loop, in both languages', (_, h) => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { problems } = checkTemplateWithWarnings(hostileBundle(h), lang);
      expect(problems.map((p) => p.code)).toContain('TEMPLATE_REF_CYCLE');
    }
    // The walks themselves still end: a loop is not followed.
    expect(collectFields(hostileBundle(h).schema).size).toBeLessThan(10);
    expect(missingTranslations(hostileBundle(h)).length).toBeLessThan(10);
  });

  it.each(hugeSchemas().map((h) => [h.name, h] as const))('%s: checked within its limits', (_, h) => {
    const bundle = hostileBundle(h);
    const { problems } = checkTemplateWithWarnings(bundle, 'en-US');
    if (Object.keys(bundle.schema.properties).length > 2_000) expect(problems.map((p) => p.code)).toEqual(['TEMPLATE_TOO_MANY_FIELDS']);
    // Past every limit of the request (2 MB, 20,000 values, 32 levels) the server refuses these first; the walks still end here.
    expect(collectFields(bundle.schema).size).toBeGreaterThan(0);
    expect(importSchema({ code: 'hostile', schema: h.schema, label: {}, routes: bundle.entity.routes })).toBeDefined();
  }, 120_000);

  it('stops a walk past its budget with a coded error', () => {
    // 12 definitions each holding all 12: the paths without a repeated reference number 12!, far past any budget.
    const names = Array.from({ length: 12 }, (_, i) => `d${i}`);
    const defs = Object.fromEntries(names.map((n) => [n, { type: 'object', properties: Object.fromEntries(names.map((m) => [m, { $ref: `#/$defs/${m}` }])) }]));
    const schema = { $id: 'https://portico.local/schemas/wide', type: 'object', $defs: defs, properties: { start: { $ref: '#/$defs/d0' } } } as unknown as EntitySchema;
    expect(() => collectFields(schema, new WalkBudget(10_000))).toThrow(SchemaBudgetError);
    const { problems } = checkTemplateWithWarnings({ ...hostileBundle({ name: 'wide', schema: schema as never, verdict: 'accepted' }) }, 'zh-CN');
    expect(problems.map((p) => p.code)).toEqual(['SCHEMA_TOO_COMPLEX']);
  }, 120_000);

  it('follows each reference once per path', () => {
    const root = RECURSIVE_SCHEMAS[0]!.schema as unknown as EntitySchema;
    const budget = new WalkBudget();
    const a = enter(root, { $ref: '#' }, RefTrail.ROOT, budget);
    expect(isRecursive(a)).toBe(true);
    const deep = RECURSIVE_SCHEMAS[1]!.schema as unknown as EntitySchema;
    const node = enter(deep, { $ref: '#/properties/node' }, RefTrail.ROOT, budget);
    expect(node && !isRecursive(node) && node.trail.has('#/properties/node')).toBe(true);
    expect(isRecursive(enter(deep, { $ref: '#/properties/node' }, (node as { trail: RefTrail }).trail, budget))).toBe(true);
  });

  it('generates TypeScript types for recursive schemas', async () => {
    for (const h of RECURSIVE_SCHEMAS) {
      const ts = await compile({ ...(h.schema as JSONSchema), title: 'Hostile' }, 'Hostile', { bannerComment: '', additionalProperties: true, unknownAny: true, declareExternallyReferenced: true, ignoreMinAndMaxItems: true });
      expect(ts, h.name).toContain('export interface Hostile');
    }
  }, 60_000);
});
