import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import type { Database } from '../../server/db/database.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';

const run = async (db: Database, m: (typeof MIGRATIONS)[number]) => {
  for (const statement of m.statements ?? m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await db.query(statement);
};

/** Migration 046 on a table kept before it: the repeats kept as rows of their own become one row with their count. */
describe.each(BACKENDS)('migration 046_error_logs_cap on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(backend));
    const at = MIGRATIONS.findIndex((m) => m.id === '046_error_logs_cap');
    for (const m of MIGRATIONS.slice(0, at)) await run(db, m);
    const legacy = (message: string, url: string, seen: string) =>
      db.query("insert into error_logs (url, type, message, stack, info, received_at) values ($1, 'error', $2, 'Error\n    at f (a.js:1:1)', '\"i\"', $3)", [url, message, seen]);
    await legacy('old', 'http://a.example/trf?x=1', '2026-11-01T00:00:00Z');
    await legacy('old', 'https://b.example/trf#top', '2026-11-03T00:00:00Z');
    await legacy('other', 'http://a.example/trf', '2026-11-02T00:00:00Z');
    await legacy('old', '/trf', '2026-11-02T00:00:00Z');
    await run(db, MIGRATIONS[at]!);
  });
  afterAll(() => drop());

  it('merges the repeats kept before into their earliest row, counting them, and sizes every row', async () => {
    const { rows } = await db.query<{ message: string; url: string; count: number; first_seen: Date; last_seen: Date; bytes: number }>(
      'select message, url, count, first_seen, last_seen, bytes from error_logs order by id',
    );
    expect(rows.map(({ message, url, count }) => ({ message, url, count }))).toEqual([
      { message: 'old', url: 'http://a.example/trf?x=1', count: 3 },
      { message: 'other', url: 'http://a.example/trf', count: 1 },
    ]);
    expect(new Date(rows[0]!.first_seen).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(rows[0]!.last_seen).toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(new Date(rows[1]!.last_seen).toISOString()).toBe('2026-11-02T00:00:00.000Z');
    // url + type + message + stack + info as JSON text
    expect(rows[1]!.bytes).toBe('http://a.example/trf'.length + 5 + 5 + 'Error\n    at f (a.js:1:1)'.length + 3);
  });

  it('refuses a second row with a merged row\'s fingerprint (the unique index repeats are counted by)', async () => {
    await expect(db.query("insert into error_logs (url, type, message, stack) values ('/trf', 'error', 'old', 'Error\n    at f (a.js:1:1)')")).rejects.toThrow();
  });
});
