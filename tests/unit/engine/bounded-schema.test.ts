import { describe, expect, it } from 'vitest';
import { boundedSchema, createAjv, SCHEMA_LIMITS, SchemaBudgetError, toFieldErrors, type EntitySchema } from '../../../engine/index.ts';

type Node = Record<string, any>;

const FILING = {
  $id: 'bounded-filing',
  type: 'object',
  properties: {
    note: { type: 'string', title: 'Note' },
    long: { type: 'string', maxLength: 50_000 },
    due: { type: 'string', format: 'date' },
    kind: { type: 'string', enum: ['a', 'b'] },
    citations: { type: 'array', title: 'Citations', 'x-label': { 'zh-CN': '法规引用', 'en-US': 'Citations' }, items: { type: 'string', 'x-lookup': 'entity:citation' } },
    many: { type: 'array', maxItems: 5000, items: { type: ['string', 'null'] } },
    companies: { type: 'array', 'x-lookup': 'companies', items: { type: 'string' } },
    samples: { type: 'array', title: 'Samples', items: { type: 'object', properties: { sampleNo: { type: 'string', title: 'Sample no' } } } },
    meta: { type: 'object' },
  },
} as const;

describe('default bounds (engine/validate/bounded-schema.ts)', () => {
  it('bounds every string and list that declares none, by what it holds; declared bounds win', () => {
    const out = boundedSchema(FILING) as Node;
    const p = out.properties;
    expect(p.note.maxLength).toBe(SCHEMA_LIMITS.maxLength);
    expect(p.long.maxLength).toBe(50_000);
    expect(p.due.maxLength).toBe(SCHEMA_LIMITS.formatMaxLength);
    expect(p.kind.maxLength).toBeUndefined();
    expect(p.citations.maxItems).toBe(SCHEMA_LIMITS.maxItems);
    expect(p.citations.items.maxLength).toBe(SCHEMA_LIMITS.idMaxLength);
    expect(p.many.maxItems).toBe(5000);
    expect(p.many.items.maxLength).toBe(SCHEMA_LIMITS.maxLength);
    expect(p.companies.items.maxLength).toBe(SCHEMA_LIMITS.idMaxLength);
    expect(p.samples.items.properties.sampleNo.maxLength).toBe(SCHEMA_LIMITS.maxLength);
  });

  it('leaves the declaration as declared (a copy)', () => {
    const declared = structuredClone(FILING);
    boundedSchema(declared);
    expect(declared).toEqual(FILING);
  });

  it('closes objects that name their keys, list items included; a free-form object stays open', () => {
    const out = boundedSchema(FILING) as Node;
    expect(out.additionalProperties).toBe(false);
    expect(out.properties.samples.items.additionalProperties).toBe(false);
    expect(out.properties.meta.additionalProperties).toBeUndefined();
    expect(boundedSchema({ type: 'object', properties: { a: {} }, additionalProperties: true }).additionalProperties).toBe(true);
  });

  it('refuses undeclared keys and long values with per-field messages naming the field and the limit, in both languages', () => {
    const validate = createAjv().compile(boundedSchema(FILING));
    const doc = { note: 'x'.repeat(10_001), constructor: 'zz', citations: ['c'.repeat(257)], samples: [{ sampleNo: 'S1', constructor: 'zz' }] };
    expect(validate(doc)).toBe(false);
    const en = toFieldErrors(FILING as unknown as EntitySchema, validate.errors, 'en-US');
    expect(en).toEqual(
      expect.arrayContaining([
        { field: 'note', keyword: 'maxLength', message: '"Note" can be at most 10000 characters long' },
        { field: 'constructor', keyword: 'additionalProperties', message: 'This form does not accept the undeclared field "constructor"' },
        { field: 'citations.0', keyword: 'maxLength', message: '"Citations (#1)" can be at most 256 characters long' },
        { field: 'samples.0.constructor', keyword: 'additionalProperties', message: '"Samples (#1)" does not accept the undeclared field "constructor"' },
      ]),
    );
    const zh = toFieldErrors(FILING as unknown as EntitySchema, validate.errors, 'zh-CN');
    expect(zh.find((e) => e.field === 'samples.0.constructor')?.message).toBe('“Samples (#1)”不接受未声明的字段“constructor”');
    expect(zh.find((e) => e.field === 'citations.0')?.message).toMatch(/^“法规引用 \(#1\)”.*256/);
  });

  it('keeps valid data valid across combinators: keys named only by branches, conditions or required are declared', () => {
    const schema = {
      type: 'object',
      properties: { certificateType: { type: 'string' } },
      required: ['legacy'],
      allOf: [{ if: { properties: { certificateType: { const: 'reference' } } }, then: { properties: { referenceId: { type: 'string' } }, required: ['referenceId'] } }, { $ref: '#/definitions/part' }],
      anyOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: { type: 'number' } } }],
      definitions: { part: { properties: { p: { type: 'string', maxLength: 5 } } }, address: { type: 'object', properties: { city: { type: 'string' } } } },
    };
    const out = boundedSchema(schema) as Node;
    // The definition used as a branch stays open; one used as a whole value is closed where it lives.
    expect(out.definitions.part.additionalProperties).toBeUndefined();
    expect(out.definitions.address.additionalProperties).toBe(false);
    expect(out.allOf[0].then.additionalProperties).toBeUndefined();
    const validate = createAjv().compile(out);
    expect(validate({ legacy: 1, certificateType: 'reference', referenceId: 'R', p: 'abc', a: 1 })).toBe(true);
    expect(validate({ legacy: 1, certificateType: 'reference', referenceId: 'R', zz: 1, a: 1 })).toBe(false);
  });

  it('leaves objects open when a branch admits more keys or references another document, and never changes tests', () => {
    const open = boundedSchema({ type: 'object', properties: { a: {} }, anyOf: [{ additionalProperties: true }] }) as Node;
    expect(open.additionalProperties).toBeUndefined();
    const remote = boundedSchema({ type: 'object', properties: { a: {} }, allOf: [{ $ref: 'https://example.com/other.json' }] }) as Node;
    expect(remote.additionalProperties).toBeUndefined();
    const not = { type: 'string' };
    const tested = boundedSchema({ type: 'object', properties: { a: { not } } }) as Node;
    expect(tested.properties.a.not).toBe(not);
  });

  it('a branch under a node declaring a larger bound keeps that bound', () => {
    const out = boundedSchema({ type: 'string', maxLength: 20_000, anyOf: [{ type: 'string' }, { type: 'string', format: 'email' }] }) as Node;
    expect(out.anyOf[0].maxLength).toBe(20_000);
    expect(out.anyOf[1].maxLength).toBe(20_000);
  });
});

describe('the bounded walk', () => {
  it('terminates on recursive schemas (a $ref is not followed) and on cyclic objects', () => {
    const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };
    const out = boundedSchema(tree) as Node;
    expect(out.properties.children.items).toEqual({ $ref: '#' });
    expect(out.additionalProperties).toBe(false);
    const validate = createAjv().compile({ ...out, $id: 'bounded-tree' });
    expect(validate({ name: 'a', children: [{ name: 'b', children: [{ name: 'c', zz: 1 }] }] })).toBe(false);
    expect(validate({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] })).toBe(true);

    const cyclic: Node = { type: 'object', properties: { name: { type: 'string' } } };
    cyclic.properties.self = cyclic;
    const copied = boundedSchema(cyclic) as Node;
    expect(copied.properties.self).toBe(copied);
    expect(copied.properties.name.maxLength).toBe(SCHEMA_LIMITS.maxLength);
  });

  it('throws the coded SCHEMA_TOO_COMPLEX error past the node budget or the depth', () => {
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, { type: 'string' }])) };
    expect(() => boundedSchema(wide, { nodeBudget: 20 })).toThrow(SchemaBudgetError);
    let deep: Node = { type: 'string' };
    for (let i = 0; i < 2_000; i++) deep = { type: 'object', properties: { a: deep } };
    try {
      boundedSchema(deep);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SchemaBudgetError);
      expect((err as SchemaBudgetError).code).toBe('SCHEMA_TOO_COMPLEX');
    }
    expect(() => boundedSchema(wide)).not.toThrow();
  });
});
