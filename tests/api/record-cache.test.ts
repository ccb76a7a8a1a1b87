import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord } from '../../engine/index.ts';
import { committedWrites } from '../../server/db/database.ts';
import { keptRecord } from '../../server/entities/record-cache.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * Issue 22: on PGlite, the one process that opens the database hears each committed write of
 * records, companies or a user's name as it commits (Database.committedWrites), so a record read
 * for its detail page is kept and read again only after such a write (server/entities/record-cache.ts),
 * and a kept list's page needs no staleness query. On PostgreSQL nothing is counted: other processes
 * write too. Either way every answer is exact, whoever wrote and however.
 */
describe.each(BACKENDS)('records kept between writes on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let id: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ remark: 'first' }) }, token: applicant });
    expect(res.status).toBe(201);
    id = res.body.data.id as string;
  });
  afterAll(() => h.close());

  const detail = async () => {
    const res = await h.call({ method: 'GET', url: `/api/entities/trf/${id}`, token: applicant });
    return { status: res.status, record: res.body.data as EntityRecord };
  };

  it('counts committed writes of records, companies and user names on PGlite only, each before its writer goes on', async () => {
    const count = () => committedWrites(h.db);
    if (backend === 'postgres') {
      expect(count()).toBeUndefined();
      return;
    }
    const start = count()!;
    expect(start).toBeTypeOf('number');
    await h.db.query(`update records set updated_at = now() where id = $1`, [id]);
    expect(count()).toBe(start + 1);
    // One transaction is one write, counted when it commits; a rolled-back one is none.
    await h.db.transaction(async (tx) => {
      await tx.query(`update records set updated_at = now() where id = $1`, [id]);
      await tx.query(`update companies set name = name where id = 'c-applicant'`);
      expect(count()).toBe(start + 1);
    });
    expect(count()).toBe(start + 2);
    await expect(
      h.db.transaction(async (tx) => {
        await tx.query(`update records set updated_at = now() where id = $1`, [id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(count()).toBe(start + 2);
    // A write of users other than a name is no write a record shows.
    await h.db.query(`update users set failed_logins = failed_logins where account = 'applicant'`);
    expect(count()).toBe(start + 2);
    await h.db.query(`update users set user_name = user_name where account = 'applicant'`);
    expect(count()).toBe(start + 3);
    // A transaction's own Queryable counts nothing: reads inside it are never kept.
    await h.db.transaction(async (tx) => expect(committedWrites(tx)).toBeUndefined());
  });

  it('reads a kept record again only after a committed write (every time where nothing is counted)', async () => {
    const reg = h.registry.get('trf');
    let reads = 0;
    const record = { id: 'x' } as EntityRecord;
    const read = async () => (reads++, record);
    const key = () => `test\u0000${backend}`;
    expect(await keptRecord(h.db, reg, key, read)).toBe(record);
    expect(await keptRecord(h.db, reg, key, read)).toBe(record);
    expect(reads).toBe(backend === 'pglite' ? 1 : 2);
    await h.db.query(`update records set updated_at = now() where id = $1`, [id]);
    await keptRecord(h.db, reg, key, read);
    expect(reads).toBe(backend === 'pglite' ? 2 : 3);
    // Another registration of the entity (a template published again) is not served another's record.
    await keptRecord(h.db, { ...reg }, key, read);
    expect(reads).toBe(backend === 'pglite' ? 3 : 4);
  });

  it('shows the record as it is now after writes through the API and straight in SQL', async () => {
    expect((await detail()).record.doc.remark).toBe('first');
    const before = (await detail()).record;
    const put = await h.call({ method: 'PUT', url: `/api/entities/trf/${id}`, payload: { doc: { ...before.doc, remark: 'second' }, version: before.version }, token: applicant });
    expect(put.status).toBe(200);
    expect((await detail()).record).toMatchObject({ doc: { remark: 'second' }, version: before.version + 1 });
    await h.db.query(`update records set doc = jsonb_set(doc, '{remark}', '"changed in SQL"') where id = $1`, [id]);
    expect((await detail()).record.doc.remark).toBe('changed in SQL');
    await h.db.query(`update users set user_name = 'Renamed in SQL' where account = 'applicant'`);
    expect((await detail()).record.createdByName).toBe('Renamed in SQL');
    await h.db.query(`update companies set name = 'Renamed Co.' where id = 'c-applicant'`);
    expect((await detail()).record.companyName).toBe('Renamed Co.');
  });

  it('stops showing a record its reader no longer sees, and shows it again when it is shared back', async () => {
    expect((await detail()).status).toBe(200);
    const { rows } = await h.db.query<{ visible_to: string[] }>('select visible_to from records where id = $1', [id]);
    await h.db.query(`update records set visible_to = array['c-elsewhere'] where id = $1`, [id]);
    expect((await detail()).status).toBe(404);
    await h.db.query(`update records set visible_to = $2::text[] where id = $1`, [id, rows[0]!.visible_to]);
    expect((await detail()).status).toBe(200);
  });

  it('answers requests reading at once alike, and a copy made of a kept record leaves it as it was', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => detail()));
    expect(new Set(answers.map((a) => JSON.stringify(a.record))).size).toBe(1);
    const kept = (await detail()).record;
    const copy = await h.call({ method: 'POST', url: `/api/entities/trf/${id}/copy`, token: applicant });
    expect(copy.status).toBe(201);
    expect(copy.body.data.id).not.toBe(id);
    expect((await detail()).record.doc).toEqual(kept.doc);
  });
});
