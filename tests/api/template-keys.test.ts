import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_RECORD_PERMISSIONS, type TemplateBundle } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/** Keys that are data, not identifiers (issue 21): each is filtered and sorted through SQL, URLs and index names. */
const KEYS = ['enable-beta-ecosystems', '2fa', 'a b', '名称', "it's", 'a,b{c}"d\\e', 'ns:key'];
/** Kept in the data and the form; views cannot name them (a dot joins path keys, `$` names a system field). */
const UNVIEWABLE = ['$type', 'a.b'];

function keysBundle(): TemplateBundle {
  const properties = Object.fromEntries([...KEYS, ...UNVIEWABLE].map((k) => [k, { type: 'string' as const, maxLength: 50 }]));
  const section = { 'zh-CN': '字段', 'en-US': 'Fields' };
  return {
    entity: { name: 'x', label: { 'zh-CN': '键', 'en-US': 'Keys' }, titleField: KEYS[0]!, permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, routes: { list: '/form/keyForm/list', detail: '/form/keyForm/detail', form: '/form/keyForm/form' } },
    schema: { $id: 'x', type: 'object', properties },
    views: {
      list: { columns: KEYS.map((field, i) => ({ field, sortable: true, ...(i === 0 ? { link: true } : {}) })), filters: KEYS.map((field) => ({ field, op: 'contains' as const })), defaultSort: { field: '$createdAt', order: 'desc' } },
      detail: { sections: [{ id: 'main', label: section, fields: KEYS }] },
      form: { sections: [{ id: 'main', label: section, fields: [...KEYS, ...UNVIEWABLE] }] },
    },
    uiSchema: {},
  };
}

describe.each(BACKENDS)('any field key (issue 21) on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('publishes, stores, filters, sorts and reads back keys with dashes, digits first, spaces, non-ASCII, quotes, commas and colons', async () => {
    const created = await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code: 'keyForm', bundle: keysBundle() } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.problems).toEqual([]);
    // No field has an x-label: each is a warning, not a refusal.
    expect(created.body.data.warnings.map((w: { keyword: string }) => w.keyword)).toContain('TEMPLATE_FIELD_LABEL');
    const published = await h.call({ method: 'POST', url: '/api/templates/keyForm/versions/1/publish', token: staff });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.warnings.length).toBeGreaterThan(0);
    // Every list index was built: one per key, under distinct names.
    const indexes = await h.db.query<{ indexname: string }>(`select indexname from pg_indexes where indexname like 'rx_keyform_%'`);
    expect(indexes.rows.length).toBe(KEYS.length);

    const docOf = (n: number) => Object.fromEntries([...KEYS, ...UNVIEWABLE].map((k) => [k, `${k}-${n}`]));
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await h.call({ method: 'POST', url: '/api/entities/keyForm', token: applicant, payload: { doc: docOf(n) } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id);
    }
    for (const key of KEYS) {
      const query = new URLSearchParams({ [`f.${key}`]: `${key}-2`, sort: `${key}:desc` });
      const list = await h.call({ method: 'GET', url: `/api/entities/keyForm?${query}`, token: applicant });
      expect(list.status, `${key}: ${JSON.stringify(list.body)}`).toBe(200);
      expect(list.body.data.items.map((r: { id: string }) => r.id), key).toEqual([ids[1]]);
      const sorted = await h.call({ method: 'GET', url: `/api/entities/keyForm?${new URLSearchParams({ sort: `${key}:asc` })}`, token: applicant });
      expect(sorted.body.data.items.map((r: { id: string }) => r.id), key).toEqual(ids);
    }
    const got = await h.call({ method: 'GET', url: `/api/entities/keyForm/${ids[2]}`, token: applicant });
    expect(got.status).toBe(200);
    expect(got.body.data.doc).toEqual(docOf(3));
  });

  it('refuses only the unusable keys: empty (a problem on publish) and __proto__ (the request parser refuses it)', async () => {
    for (const key of ['', '__proto__']) {
      const bundle = keysBundle();
      bundle.views = { ...bundle.views, list: { columns: [{ field: '$createdAt', sortable: true, link: true }], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } }, detail: { sections: [] }, form: { sections: [] } };
      bundle.entity.titleField = '$id';
      const body = JSON.stringify({ code: key ? 'protoKey' : 'emptyKey', bundle }).replace('"properties":{', `"properties":{${JSON.stringify(key)}:{"type":"string"},`);
      const res = await h.call({ method: 'POST', url: '/api/templates', token: staff, lang: 'en-US', headers: { 'content-type': 'application/json' }, payload: body });
      if (key) {
        expect(res.status).toBe(400);
        expect(res.body.errorCode).toBe('MALFORMED_JSON');
        continue;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.problems.map((p: { keyword: string }) => p.keyword)).toEqual(['TEMPLATE_FIELD_KEY']);
    }
  });
});
