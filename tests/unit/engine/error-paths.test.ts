import { describe, expect, it } from 'vitest';
import { arrayIndexes, createAjv, docKeys, errorPlace, joinPath, pointerKeys, toFieldErrors, type EntitySchema } from '../../../engine/index.ts';
import { placeErrors, toErrorSchema } from '../../../renderers/form/error-schema.ts';
import { inlineMessage, shownField } from '../../../renderers/form/inline-message.ts';

/** Keys a dotted path cannot spell, nested under a dotted key and inside a list (issue 21). */
const SCHEMA = {
  $id: 'error-paths', type: 'object', required: ['a.b', '$type'],
  properties: {
    'a.b': { type: 'string', title: 'Dotted' },
    $type: { type: 'string', enum: ['phone', 'watch'], title: 'Kind' },
    '2fa': { type: 'integer', title: 'Two factor' },
    'x/y~z': { type: 'boolean', title: 'Slash' },
    'meta.data': { type: 'object', title: 'Meta', required: ['$v'], properties: { $v: { type: 'string', minLength: 2, title: 'Version' } } },
    samples: { type: 'array', title: 'Samples', items: { type: 'object', required: ['sampleNo'], properties: { sampleNo: { type: 'string', title: 'Sample no' }, 'c.d': { type: 'integer', title: 'Count' } } } },
    years: { type: 'object', title: 'Years', properties: { 2024: { type: 'integer', title: 'Year 2024' } } },
  },
} as unknown as EntitySchema;

const errorsOf = (doc: unknown) => {
  const validate = createAjv().compile(SCHEMA);
  validate(doc);
  return toFieldErrors(SCHEMA, validate.errors, 'en-US');
};

describe('validation error paths: any key', () => {
  it('reads ajv pointers into keys and joins paths in the field-path spelling', () => {
    expect(pointerKeys('')).toEqual([]);
    expect(pointerKeys('/a.b/0/x~1y~0z')).toEqual(['a.b', '0', 'x/y~z']);
    expect(docKeys('')).toEqual([]);
    expect(docKeys('samples.0.sampleNo')).toEqual(['samples', '0', 'sampleNo']);
    expect(joinPath('dff', 'colour')).toBe('dff.colour');
    expect(joinPath('dff', '/a.b')).toBe('/dff/a.b');
    expect(joinPath('body', '')).toBe('body');
  });

  it('names each failed field by its field path: dotted for plain keys, else a JSON pointer', () => {
    const errors = errorsOf({ $type: 'laptop', '2fa': 'two', 'x/y~z': 'no', 'meta.data': { $v: 'v' }, samples: [{ sampleNo: 'S1', 'c.d': 'x' }, {}], years: { 2024: 'x' } });
    expect(errors.map((e) => e.field).sort()).toEqual(['/$type', '/a.b', '/meta.data/$v', '/samples/0/c.d', '/x~1y~0z', '2fa', 'samples.1.sampleNo', 'years.2024'].sort());
    const message = (field: string) => errors.find((e) => e.field === field)?.message;
    expect(message('/a.b')).toBe('Please fill in "Dotted"');
    expect(message('/meta.data/$v')).toMatch(/^"Meta · Version" /);
    expect(message('/samples/0/c.d')).toMatch(/^"Samples · Count \(#1\)" /);
    expect(message('samples.1.sampleNo')).toBe('Please fill in "Samples · Sample no (#2)"');
    // A digit key of an object is a key, not an item number.
    expect(message('years.2024')).toMatch(/^"Years · Year 2024" /);
    expect(errorsOf({ $type: 'phone' }).map((e) => e.field)).toEqual(['/a.b']);
    expect(errorsOf({ 'a.b': 'x', $type: 'phone', 'meta.data': {} }).map((e) => e.field)).toEqual(['/meta.data/$v']);
  });

  it('tells array indexes from digit keys by the schema', () => {
    expect(arrayIndexes(SCHEMA, ['samples', '0', 'c.d'])).toEqual([false, true, false]);
    expect(arrayIndexes(SCHEMA, ['years', '2024'])).toEqual([false, false]);
    expect(errorPlace(SCHEMA, '/samples/1/c.d', 'zh-CN')).toBe('Samples · Count (#2)');
    expect(errorPlace(SCHEMA, '', 'en-US')).toBe('');
  });

  it('puts each error under its field in the form, whatever its keys', () => {
    const errors = errorsOf({ $type: 'laptop', 'meta.data': { $v: 'v' }, samples: [{ sampleNo: 'S1', 'c.d': 'x' }] });
    expect(toErrorSchema(errors.map((e) => ({ field: e.field, message: inlineMessage(SCHEMA, 'en-US', e.field, e.message) })))).toEqual({
      'a.b': { __errors: ['Please fill in "Dotted"'] },
      $type: { __errors: ['Please choose "Kind" from: phone, watch'] },
      'meta.data': { $v: { __errors: ['"Meta · Version" needs at least 2 characters'] } },
      samples: { 0: { 'c.d': { __errors: ['"Samples · Count (#1)" needs to be a whole number'] } } },
    });
    // Plain paths as before, and a key such as `__proto__` stays an own key.
    expect(toErrorSchema([{ field: 'parts.0.partNo', message: 'missing' }])).toEqual({ parts: { 0: { partNo: { __errors: ['missing'] } } } });
    const odd = toErrorSchema([{ field: '/__proto__/x', message: 'bad' }]) as Record<string, unknown>;
    expect(Object.hasOwn(odd, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('places errors in the section of their top-level key', () => {
    const sections = [{ id: 'main', fields: ['a.b', 'meta.data'] }, { id: 'list', fields: ['samples'] }];
    const placed = placeErrors(sections, [
      { field: '/a.b', message: 'required' },
      { field: '/meta.data/$v', message: 'short' },
      { field: 'samples.0.sampleNo', message: 'required' },
      { field: '/x~1y~0z', message: 'not on the form' },
      { field: '', message: 'whole document' },
    ]);
    expect(placed.bySection).toEqual({
      main: { 'a.b': { __errors: ['required'] }, 'meta.data': { $v: { __errors: ['short'] } } },
      list: { samples: { 0: { sampleNo: { __errors: ['required'] } } } },
    });
    expect(placed.unplaced.map((e) => e.field)).toEqual(['/x~1y~0z', '']);
  });

  it('shows an item error of a one-widget field under that field, in its spelling', () => {
    const schema = { $id: 's', type: 'object', properties: { 'd.r': { type: 'array', 'x-widget': 'dateRange', items: { type: 'string', format: 'date' } } } } as unknown as EntitySchema;
    expect(shownField(schema, '/d.r/1')).toBe('/d.r');
    expect(shownField(SCHEMA, '/samples/0/c.d')).toBe('/samples/0/c.d');
  });
});
