import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_RECORD_WRITES_SQL, RECORD_WRITES_STALE_SQL } from '../../server/db/record-writes.ts';
import { committedWrites } from '../../server/db/database.ts';
import { listedPage } from '../../server/entities/list-cache.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * Issue 22: a list's ordered ids are kept with the snapshot they were read in, and its pages' rows
 * with them (server/entities/list-cache.ts); any committed write of `records` the snapshot misses —
 * through the API or straight in SQL (another process), or a rename of a row's author — makes the
 * next page read the list again, so pages, their rows and totals stay exact. On PGlite the count of
 * committed writes (Database.committedWrites) says a page is exact without a query.
 */
describe.each(BACKENDS)('kept list ids on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    applicant = await h.login('applicant');
    for (const dueDate of ['2026-11-01', '2026-11-02', '2026-11-03']) {
      const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ dueDate }) }, token: applicant });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => h.close());

  const page = async (page: number, pageSize = 2) => {
    const res = await h.call({ method: 'GET', url: `/api/entities/trf?pageSize=${pageSize}&page=${page}&sort=dueDate:desc`, token: applicant });
    expect(res.status).toBe(200);
    return { total: res.body.data.total as number, dueDates: (res.body.data.items as { doc: { dueDate: string } }[]).map((r) => r.doc.dueDate) };
  };
  /** How many TRFs the applicant sees, counted apart from the kept ids. */
  const everything = async () => (await h.db.query<{ n: number }>("select count(*)::int as n from records where entity = 'trf' and visible_to && array['c-applicant']")).rows[0]!.n;

  it('pages the kept list in order with its exact total, and a page past the end is empty', async () => {
    const total = await everything();
    expect(await page(1)).toEqual({ total, dueDates: ['2026-11-03', '2026-11-02'] });
    expect((await page(2)).total).toBe(total);
    expect((await page(1)).dueDates).toEqual(['2026-11-03', '2026-11-02']);
    expect(await page(total + 5)).toEqual({ total, dueDates: [] });
  });

  it('reads a kept page with one check, and reads the list and the rows again when a write made it stale', async () => {
    const seen: string[] = [];
    const spy = { query: <T,>(sql: string, params?: readonly unknown[]) => (seen.push(sql), h.db.query<T>(sql, params)) };
    const idsSql = "select r.id from records r where r.entity = 'trf' and r.visible_to && $1::text[] order by r.id";
    const rowsRead: string[][] = [];
    const readRows = async (ids: string[]) => (rowsRead.push(ids), ids.map((id) => ({ id })));
    const second = { offset: 1, limit: 2 };
    const first = await listedPage(spy, idsSql, [['c-applicant']], second, readRows);
    expect(first?.total).toBe(await everything());
    expect(first?.rows).toHaveLength(2);
    expect(await listedPage(spy, idsSql, [['c-applicant']], second, readRows)).toEqual(first);
    expect(seen).toEqual([expect.stringContaining('pg_current_snapshot()'), RECORD_WRITES_STALE_SQL]);
    expect(rowsRead).toEqual([first!.rows.map((r) => r.id)]);
    await h.db.query(`update records set updated_at = now() where entity = 'trf' and doc->>'dueDate' = '2026-11-02'`);
    expect(await listedPage(spy, idsSql, [['c-applicant']], second, readRows)).toEqual(first);
    expect(seen.slice(2)).toEqual([RECORD_WRITES_STALE_SQL, expect.stringContaining('pg_current_snapshot()')]);
    expect(rowsRead).toHaveLength(2);
  });

  it('reads a kept page without a query where committed writes are counted (PGlite), and the list again after one', async () => {
    const seen: string[] = [];
    const counting = { query: <T,>(sql: string, params?: readonly unknown[]) => (seen.push(sql), h.db.query<T>(sql, params)), committedWrites: () => committedWrites(h.db) };
    const idsSql = "select r.id from records r where r.entity = 'trf' and r.visible_to && $1::text[] order by r.id desc";
    const readRows = async (ids: string[]) => ids.map((id) => ({ id }));
    const first = await listedPage(counting, idsSql, [['c-applicant']], { offset: 0, limit: 2 }, readRows);
    expect(await listedPage(counting, idsSql, [['c-applicant']], { offset: 0, limit: 2 }, readRows)).toEqual(first);
    const check = backend === 'pglite' ? [] : [RECORD_WRITES_STALE_SQL];
    expect(seen).toEqual([expect.stringContaining('pg_current_snapshot()'), ...check]);
    await h.db.query(`update records set updated_at = now() where entity = 'trf' and doc->>'dueDate' = '2026-11-02'`);
    expect(await listedPage(counting, idsSql, [['c-applicant']], { offset: 0, limit: 2 }, readRows)).toEqual(first);
    expect(seen.slice(1 + check.length)).toEqual([...check, expect.stringContaining('pg_current_snapshot()')]);
  });

  it("shows a kept page's rows as they are now: a record changed or its author renamed in SQL", async () => {
    const rows = async () => {
      const res = await h.call({ method: 'GET', url: '/api/entities/trf?pageSize=2&page=1&sort=dueDate:desc', token: applicant });
      return res.body.data.items as { id: string; createdByName: string; doc: Record<string, unknown> }[];
    };
    const [top] = await rows();
    await h.db.query(`update records set doc = jsonb_set(doc, '{remark}', '"changed in SQL"') where id = $1`, [top!.id]);
    expect((await rows())[0]).toMatchObject({ id: top!.id, doc: { remark: 'changed in SQL' } });
    await h.db.query(`update users set user_name = 'Renamed in SQL' where account = 'applicant'`);
    expect((await rows())[0]).toMatchObject({ id: top!.id, createdByName: 'Renamed in SQL' });
  });

  it('reads the list again after a write through the API', async () => {
    const before = (await page(1)).total;
    const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ dueDate: '2026-12-31' }) }, token: applicant });
    expect(res.status).toBe(201);
    expect(await page(1)).toEqual({ total: before + 1, dueDates: ['2026-12-31', '2026-11-03'] });
  });

  it('reads the list again after writes straight in SQL (another process), deletes and changes of visibility included', async () => {
    const before = (await page(1)).total;
    await h.db.query(`update records set doc = jsonb_set(doc, '{dueDate}', '"2027-01-01"') where entity = 'trf' and doc->>'dueDate' = '2026-11-01'`);
    expect(await page(1)).toEqual({ total: before, dueDates: ['2027-01-01', '2026-12-31'] });
    await h.db.query(`update records set visible_to = array['c-elsewhere'] where entity = 'trf' and doc->>'dueDate' = '2027-01-01'`);
    expect(await page(1)).toEqual({ total: before - 1, dueDates: ['2026-12-31', '2026-11-03'] });
    await h.db.query(`delete from records where entity = 'trf' and doc->>'dueDate' = '2026-12-31'`);
    expect(await page(1)).toEqual({ total: before - 2, dueDates: ['2026-11-03', '2026-11-02'] });
  });

  it('counts a snapshot stale once a write it misses commits, and once pruning passed it', async () => {
    const snapshot = async () => (await h.db.query<{ s: string }>('select pg_current_snapshot()::text as s')).rows[0]!.s;
    const stale = async (s: string) => (await h.db.query<{ stale: boolean }>(RECORD_WRITES_STALE_SQL, [s])).rows[0]!.stale;
    const s1 = await snapshot();
    expect(await stale(s1)).toBe(false);
    await h.db.query(`update records set updated_at = now() where entity = 'trf' and doc->>'dueDate' = '2026-11-02'`);
    expect(await stale(s1)).toBe(true);
    const s2 = await snapshot();
    expect(await stale(s2)).toBe(false);
    // A write of another table is no write of records (a user's name aside: a list's rows carry it).
    await h.db.query(`update users set failed_logins = failed_logins where id = (select id from users limit 1)`);
    expect(await stale(s2)).toBe(false);
    await h.db.query(`update users set user_name = user_name where id = (select id from users limit 1)`);
    expect(await stale(s2)).toBe(true);
    // Pruning forgets what every running snapshot sees: a write an older snapshot misses still counts.
    await h.db.exec(PRUNE_RECORD_WRITES_SQL);
    const { rows } = await h.db.query<{ below: number }>('select count(*)::int as below from record_writes w, record_writes_horizon h where w.xid < h.xid');
    expect(rows[0]!.below).toBe(0);
    expect(await stale(s1)).toBe(true);
    expect(await stale(await snapshot())).toBe(false);
  });

  // Two connections at once: PGlite has one, which a transaction holds.
  if (backend === 'postgres') it('counts a snapshot taken while a writer was open stale once it commits', async () => {
    let commit!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const writer = h.db.transaction(async (tx) => {
      await tx.query(`update records set updated_at = now() where entity = 'trf' and doc->>'dueDate' = '2026-11-03'`);
      written();
      await new Promise<void>((r) => (commit = r));
    });
    await wrote;
    const s = (await h.db.query<{ s: string }>('select pg_current_snapshot()::text as s')).rows[0]!.s;
    expect((await h.db.query<{ stale: boolean }>(RECORD_WRITES_STALE_SQL, [s])).rows[0]!.stale).toBe(false);
    commit();
    await writer;
    expect((await h.db.query<{ stale: boolean }>(RECORD_WRITES_STALE_SQL, [s])).rows[0]!.stale).toBe(true);
  });
});
