import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { publishSampleForm, sampleFormV2, V2_RENAMES } from './templates-fixture.ts';

/** Fails any update of a record whose title is 'C': a migration that breaks on its third record. */
const FAULT = `
  create function portico_test_fault() returns trigger language plpgsql as $$
  begin
    if new.doc ->> 'title' = 'C' then raise exception 'injected failure'; end if;
    return new;
  end $$;
  create trigger portico_test_fault before update on records for each row execute function portico_test_fault();
`;
const NO_FAULT = 'drop trigger portico_test_fault on records; drop function portico_test_fault();';

describe.each(BACKENDS)('template migrations on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  const ids: Record<string, string> = {};
  const record = async (title: string) => (await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ids[title]}`, token: staff })).body.data;
  const snapshot = async () => ({
    records: await Promise.all(['A', 'B', 'C', 'D'].map(record)),
    archive: (await h.db.query('select * from template_archive')).rows,
    runs: (await h.db.query('select * from template_migrations')).rows,
    audit: (await h.db.query(`select count(*)::int as n from audit where entity = 'sampleForm'`)).rows,
  });

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
    await publishSampleForm(h, staff);
    const docs = [
      { title: 'A', color: 'red', qty: '3', legacy: 'L-1' },
      { title: 'B', color: 'blue' },
      { title: 'C', qty: '2', legacy: 'L-3' },
      { title: 'D', qty: 'many' },
    ];
    for (const doc of docs) {
      const res = await h.call({ method: 'POST', url: '/api/entities/sampleForm', token: applicant, payload: { doc } });
      ids[doc.title] = res.body.data.id;
    }
  });
  afterAll(() => h.close());

  it('diffs a v2 that renames one field, removes another and changes a type, and previews the impact (dry run)', async () => {
    const draft = await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions', token: staff });
    expect(draft.body.data.version.version).toBe(2);
    const saved = await h.call({ method: 'PUT', url: '/api/templates/sampleForm/versions/2', token: staff, payload: { bundle: sampleFormV2(), renames: V2_RENAMES } });
    expect(saved.body.data.problems).toEqual([]);
    const diff = await h.call({ method: 'GET', url: '/api/templates/sampleForm/versions/2/diff', token: staff });
    expect(diff.body.data).toMatchObject({
      from: 1,
      to: 2,
      diff: {
        renamed: [{ from: 'color', to: 'colour' }],
        removed: [{ path: 'legacy', type: 'string' }],
        added: [],
        typeChanged: [{ path: 'qty', from: 'string', to: 'integer', lossless: false }],
      },
    });
    const before = await snapshot();
    const preview = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations/preview', token: staff, payload: { from: 1, to: 2 }, lang: 'en-US' });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ from: 1, to: 2, total: 4, migrate: 3, blocked: 1, unchanged: 0, archived: 2, truncated: false });
    const d = preview.body.data.records.find((r: any) => r.id === ids.D);
    expect(d).toMatchObject({ outcome: 'blocked', problems: [{ field: 'qty', keyword: 'MIGRATION_NOT_CONVERTIBLE', message: 'The value "many" of "qty" cannot be converted from string to integer' }] });
    const a = preview.body.data.records.find((r: any) => r.id === ids.A);
    expect(a.changes).toEqual([
      { kind: 'archive', path: 'legacy', value: 'L-1' },
      { kind: 'rename', from: 'color', to: 'colour' },
      { kind: 'convert', path: 'qty', from: '3', to: 3 },
    ]);
    expect(await snapshot()).toEqual(before); // a dry run changes nothing
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: 1, to: 2 } })).status).toBe(400); // v2 is a draft still
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleForm/versions/2/publish', token: staff })).status).toBe(200);
  });

  it('refuses the run while a record cannot migrate without loss, changing nothing', async () => {
    const before = await snapshot();
    const res = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: 1, to: 2 }, lang: 'zh-CN' });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('MIGRATION_BLOCKED');
    expect(res.body.message).toBe('1 条记录无法无损迁移，已全部保持不变；请先修正，或选择让它们保留旧版本');
    expect(res.body.data.records.map((r: any) => r.id)).toEqual([ids.D]);
    expect(res.body.data.records[0].problems[0].message).toBe('“qty”的值 "many" 无法从 string 转换为 integer');
    expect(await snapshot()).toEqual(before);
  });

  it('rolls everything back when the run fails midway (all or nothing)', async () => {
    const before = await snapshot();
    expect(before.records.map((r) => r.templateVersion)).toEqual([1, 1, 1, 1]);
    await h.db.exec(FAULT);
    try {
      const res = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: 1, to: 2, keepBlocked: true }, lang: 'en-US' });
      expect(res.status).toBe(500); // A and B were already moved and archived inside the transaction
      expect(res.body.message).toBe('System error. Please try again later or contact SGS administrator.');
    } finally {
      await h.db.exec(NO_FAULT);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('moves data under the new name, archives the removed field and moves the records to v2 in one run', async () => {
    const res = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: 1, to: 2, keepBlocked: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: 1, to: 2, migrated: 3, kept: 1, archived: 2 });
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map(record));
    expect(a).toMatchObject({ templateVersion: 2, version: 2, doc: { title: 'A', colour: 'red', qty: 3 } });
    expect(a.doc).not.toHaveProperty('color');
    expect(a.doc).not.toHaveProperty('legacy');
    expect(b).toMatchObject({ templateVersion: 2, doc: { title: 'B', colour: 'blue' } });
    expect(c).toMatchObject({ templateVersion: 2, doc: { title: 'C', qty: 2 } });
    expect(d).toMatchObject({ templateVersion: 1, version: 1, doc: { title: 'D', qty: 'many' } }); // kept on its version
    const archive = await h.call({ method: 'GET', url: `/api/templates/sampleForm/archive?record=${ids.A}`, token: staff });
    expect(archive.body.data).toMatchObject([{ recordId: ids.A, version: 1, path: 'legacy', value: 'L-1', migrationId: res.body.data.migrationId }]);
    expect((await h.call({ method: 'GET', url: '/api/templates/sampleForm/archive', token: staff })).body.data.map((e: any) => e.value)).toEqual(['L-1', 'L-3']);
    const history = await h.call({ method: 'GET', url: `/api/entities/sampleForm/${ids.A}/history`, token: staff });
    expect(history.body.data.at(-1)).toMatchObject({ kind: 'update', version: 2, changedFields: expect.arrayContaining(['color', 'colour', 'legacy', 'qty']), payload: { templateMigration: { from: 1, to: 2 } } });
    const runs = await h.call({ method: 'GET', url: '/api/templates/sampleForm/migrations', token: staff });
    expect(runs.body.data).toMatchObject([{ from: 1, to: 2, migrated: 3, kept: 1, archived: 2 }]);
    // the new version's list filter sees the migrated data
    const reds = await h.call({ method: 'GET', url: '/api/entities/sampleForm?f.colour=red', token: applicant });
    expect(reds.body.data.items.map((i: any) => i.id)).toEqual([ids.A]);
  });

  it('migrates the kept record once it is fixed under its own version', async () => {
    const d = await record('D');
    const fixed = await h.call({ method: 'PUT', url: `/api/entities/sampleForm/${ids.D}`, token: applicant, payload: { version: d.version, doc: { ...d.doc, qty: '12' } } });
    expect(fixed.body.data.templateVersion).toBe(1);
    const res = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations', token: staff, payload: { from: 1, to: 2 } });
    expect(res.body.data).toMatchObject({ migrated: 1, kept: 0 });
    expect(await record('D')).toMatchObject({ templateVersion: 2, doc: { qty: 12 } });
    const empty = await h.call({ method: 'POST', url: '/api/templates/sampleForm/migrations/preview', token: staff, payload: { from: 1, to: 2 } });
    expect(empty.body.data).toMatchObject({ total: 0 });
  });
});
