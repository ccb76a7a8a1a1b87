import { describe, expect, it } from 'vitest';
import { compileMigrationStep, createAjv, migrateThrough, planMigration, toFieldErrors, type EntitySchema } from '../../../engine/index.ts';
import { V1, V1_DOC, V2, V2_RENAMES } from './fixtures.ts';

const step = () => compileMigrationStep({ version: 1, schema: V1 }, { version: 2, schema: V2 }, V2_RENAMES);

describe('migrating a stored document across versions', () => {
  it('moves renamed data, archives removed values, converts types and fills declared defaults', () => {
    const input = structuredClone(V1_DOC);
    const result = step().apply(input);
    expect(result.failures).toEqual([]);
    expect(result.doc).toEqual({
      styleNumber: 'ST-001',
      qty: 12,
      composition: [
        { component: 'Cotton', percent: 95 },
        { component: 'Spandex', percent: 5 },
      ],
      buyer: { contactName: 'Wang', phone: '021-1234' },
      washable: 'true',
      tags: ['summer'],
      launch: '2025-03-01',
      season: 'SS25',
    });
    expect(result.archived).toEqual([
      { version: 1, path: 'fiber.0.note', value: 'combed' },
      { version: 1, path: 'legacyCode', value: 'OLD-9' },
    ]);
    expect(result.changes).toContainEqual({ kind: 'rename', from: 'composition.1.percentage', to: 'composition.1.percent' });
    expect(result.changes).toContainEqual({ kind: 'convert', path: 'qty', from: '12', to: 12 });
    expect(input).toEqual(V1_DOC); // the input is not touched
  });

  it('lists values it cannot convert instead of dropping them', () => {
    const result = step().apply({ ...structuredClone(V1_DOC), qty: 'a dozen', launch: '2025-03-01T10:30:00Z' });
    expect(result.failures).toEqual([
      { path: 'qty', value: 'a dozen', from: 'string', to: 'integer' },
      { path: 'launch', value: '2025-03-01T10:30:00Z', from: 'string(date-time)', to: 'string(date)' },
    ]);
    expect(result.doc.qty).toBe('a dozen');
  });

  it('swaps two fields without losing either', () => {
    const s: EntitySchema = { $id: 's', type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
    const swap = compileMigrationStep({ version: 1, schema: s }, { version: 2, schema: s }, { a: 'b', b: 'a' });
    expect(swap.apply({ a: 'A', b: 'B' }).doc).toEqual({ a: 'B', b: 'A' });
  });

  it('renames inside arrays of arrays, item by item', () => {
    const make = (key: string): EntitySchema => ({
      $id: key, type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: { cells: { type: 'array', items: { type: 'object', properties: { [key]: { type: 'string' } } } } } } } },
    });
    const s = compileMigrationStep({ version: 1, schema: make('v') }, { version: 2, schema: make('value') }, { 'rows.cells.v': 'rows.cells.value' });
    const doc = { rows: [{ cells: [{ v: 'a' }, { v: 'b' }] }, { cells: [] }, { cells: [{ v: 'c' }] }] };
    expect(s.apply(doc).doc).toEqual({ rows: [{ cells: [{ value: 'a' }, { value: 'b' }] }, { cells: [] }, { cells: [{ value: 'c' }] }] });
  });

  it('chains steps v1 → v2 → v3, archiving each value under the version it was stored with', () => {
    const v3: EntitySchema = { ...V2, $id: 'v3', properties: { ...V2.properties } };
    delete (v3.properties as Record<string, unknown>).season;
    const steps = [step(), compileMigrationStep({ version: 2, schema: V2 }, { version: 3, schema: v3 })];
    const result = migrateThrough(steps, structuredClone(V1_DOC));
    expect(result.archived.map((a) => `${a.version}:${a.path}`)).toEqual(['1:fiber.0.note', '1:legacyCode', '2:season']);
    expect(result.doc.season).toBeUndefined();
  });

  it('plans a migration: unchanged, migrated and blocked records, checked against the new version', () => {
    const validate = createAjv().compile(V2);
    const plan = planMigration(
      [step()],
      [
        { id: 'ok', doc: structuredClone(V1_DOC) },
        { id: 'bad-qty', doc: { ...structuredClone(V1_DOC), qty: 'many' } },
        { id: 'bad-sum', doc: { ...structuredClone(V1_DOC), fiber: [{ component: 'Cotton', percentage: 90 }] } },
      ],
      (doc) => (validate(doc) ? [] : toFieldErrors(V2, validate.errors, 'en-US')),
    );
    expect(plan).toMatchObject({ from: 1, to: 2, total: 3, migrate: 1, blocked: 2, unchanged: 0, archived: 2 });
    expect(plan.records.find((r) => r.id === 'bad-qty')!.failures).toHaveLength(1);
    expect(plan.records.find((r) => r.id === 'bad-sum')!.errors[0]!.message).toBe('The percentages of "Composition" need to add up to 100 (now 90)');
    const same = compileMigrationStep({ version: 2, schema: V2 }, { version: 3, schema: { ...V2, $id: 'v3b' } });
    const unchanged = planMigration([same], [{ id: 'x', doc: { styleNumber: 'A', season: 'FW' } }], () => []);
    expect(unchanged).toMatchObject({ unchanged: 1, migrate: 0, blocked: 0 });
  });
});
