import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry } from '../../engine/index.ts';
import { prepareDatabase } from '../../server/app.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import type { Database } from '../../server/db/database.ts';
import { freshDatabase } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/** The schema a freshDatabase URL points at (its search_path option). */
const schemaOf = (url: string) => /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')![1]!;

/**
 * READ_DATABASE_URL (docs/deployment.md): record lists are read from the replica, a record and
 * every write from the primary. The "replica" here is a second schema of the test server, copied
 * to by hand as replication would, so where each answer came from shows.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('lists read from a read replica', () => {
  let h: ApiHarness;
  let replica: { db: Database; drop(): Promise<void>; url?: string };
  let applicant: string;
  beforeAll(async () => {
    replica = await freshDatabase('postgres');
    await prepareDatabase(replica.db, createStaticRegistry());
    await seedDemoAccounts(replica.db);
    h = await ApiHarness.start('postgres', [], { readDb: replica.db });
    applicant = await h.login('applicant');
  });
  afterAll(async () => {
    await h?.close();
    await replica?.drop();
  });

  it('lists what the replica holds, while a record is read from the primary', async () => {
    const made = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: applicant });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    expect((await h.call({ method: 'GET', url: `/api/entities/trf/${id}`, token: applicant })).status).toBe(200);
    const before = await h.call({ method: 'GET', url: '/api/entities/trf', token: applicant });
    expect(before.body.data.items.map((r: any) => r.id)).not.toContain(id);
    // Replication catches up: the row reaches the replica.
    await replica.db.query(`insert into records select * from ${schemaOf(h.url!)}.records where id = $1`, [id]);
    const after = await h.call({ method: 'GET', url: '/api/entities/trf', token: applicant });
    expect(after.body.data.items.map((r: any) => r.id)).toContain(id);
  });
});
