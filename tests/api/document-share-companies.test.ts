import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_CAP } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

type Option = { value: string; label: string };

/**
 * Sharing a document with a company among many (issue 18): the `companies` lookup answers at most
 * LOOKUP_CAP options and searches all approved companies by the text typed (what the form's lookup
 * asks once a full answer came), so a company past the first answer is found by its name or customer
 * number and the document shared with it.
 */
describe.each(BACKENDS)('document share with one of many companies on %s', (backend) => {
  let h: ApiHarness;
  let staff = '';
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    await h.db.query(
      `insert into companies (id, name, name_en, customer_no, roles, approval_status)
       select 'c-many-' || lpad(i::text, 3, '0'), '批量客户 ' || lpad(i::text, 3, '0'), 'Bulk Customer ' || lpad(i::text, 3, '0'), 'BULK-' || lpad(i::text, 4, '0'), array['buyer'], 'approved'
       from generate_series(1, 260) i`,
    );
  });
  afterAll(() => h.close());

  const lookup = async (q: string, lang = 'en-US') => (await h.call({ method: 'GET', url: `/api/lookups/companies?q=${encodeURIComponent(q)}`, token: staff, lang })).body.data as Option[];

  it('finds a company past the first answer by its name or customer number, and shares the document with it', async () => {
    const first = await lookup('');
    expect(first.length).toBe(LOOKUP_CAP);
    const shown = new Set(first.map((o) => o.value));
    const { rows } = await h.db.query<{ id: string; name_en: string; customer_no: string }>("select id, name_en, customer_no from companies where id like 'c-many-%' order by id");
    const hidden = rows.filter((r) => !shown.has(r.id));
    expect(hidden.length).toBeGreaterThan(0);
    const target = hidden[hidden.length - 1]!;
    expect((await lookup(target.name_en)).map((o) => [o.value, o.label])).toEqual([[target.id, target.name_en]]);
    expect((await lookup(target.customer_no, 'zh-CN')).map((o) => o.value)).toEqual([target.id]);
    // By its id too: what the form asks to fill a pick's data when the pick came from a search.
    expect((await lookup(target.id)).map((o) => o.value)).toEqual([target.id]);
    // Saved values labelled by value, however far past the first answer, in one request (a detail page, a list's rows); an unknown id is left out.
    const values = [target.id, hidden[0]!.id, rows[0]!.id, 'c-none'];
    const labelled = (await h.call({ method: 'GET', url: `/api/lookups/companies?values=${values.map(encodeURIComponent).join(',')}&q=ignored`, token: staff, lang: 'en-US' })).body.data as Option[];
    expect(labelled.map((o) => [o.value, o.label]).sort()).toEqual([target, hidden[0]!, rows[0]!].map((r) => [r.id, r.name_en]).sort());
    // More than 50 companies named alike are all offered (Bulk Customer 100–199: the cap is LOOKUP_CAP, not 50).
    expect((await lookup('Bulk Customer 1')).length).toBe(100);

    const doc = await h.call({ method: 'POST', url: '/api/entities/document', payload: { doc: { theme: 'regulation', productLine: 'softlines', name: 'Bulk notice', url: 'https://www.sgs.com/bulk' } }, token: staff });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const share = await h.call({ method: 'POST', url: '/api/entities/documentShare', payload: { doc: { documentId: doc.body.data.id, companyIds: [target.id, rows[0]!.id] } }, token: staff });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    const seen = await h.db.query<{ visible_to: string[] }>('select visible_to from records where id = $1', [share.body.data.id]);
    expect(seen.rows[0]!.visible_to).toEqual(expect.arrayContaining([target.id, rows[0]!.id]));
    // An entity's records are asked by value (their ids) the same way: the share's document by its title.
    const picked = (await h.call({ method: 'GET', url: `/api/lookups/entity:document?values=${doc.body.data.id}`, token: staff })).body.data as Option[];
    expect(picked.map((o) => [o.value, o.label])).toEqual([[doc.body.data.id, 'Bulk notice']]);
  });
});
