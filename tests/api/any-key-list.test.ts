import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueAt } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { ANY_KEYS, anyKeyTemplate } from '../fixtures/any-key-template.ts';
import { refUiTemplate } from '../fixtures/ref-ui-template.ts';

const CODE = 'anyKeyList';
const brief = (body: unknown) => JSON.stringify(body).slice(0, 1500);

/** Three records; the third leaves the boolean and the nested key out (sorted last either way). */
const DOCS = [
  { 'a.b': 'alpha', $type: 'phone', '2fa': 1, 名称: 'n1', 'with space': '2026-01-01', 'x/y~z': false, 'kebab-case': 'k1', 'meta.data': { $v: 'v1' } },
  { 'a.b': 'bravo', $type: 'tablet', '2fa': 2, 名称: 'n2', 'with space': '2026-02-01', 'x/y~z': true, 'kebab-case': 'k2', 'meta.data': { $v: 'v2' } },
  { 'a.b': 'charlie', $type: 'watch', '2fa': 3, 名称: 'n3', 'with space': '2026-03-01', 'kebab-case': 'k3' },
];

/**
 * Issue 21: keys a dotted path cannot spell (`a.b`, `$type`, `x/y~z`) and keys that are no identifier
 * (`2fa`, `名称`, `with space`, `kebab-case`) are list columns, sorted and filtered by the server, and
 * detail fields — named by their JSON pointer where needed, never taken for a system field.
 */
describe.each(BACKENDS)('any key as list column, filter and sort on %s', (backend) => {
  let h: ApiHarness;
  let applicant: string;
  let staff: string;
  const ids: string[] = [];
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
    const made = await h.call({ method: 'POST', url: '/api/templates', token: staff, lang: 'en-US', payload: { code: CODE, kind: 'form', bundle: anyKeyTemplate(CODE) } });
    expect(made.status, brief(made.body)).toBe(201);
    const published = await h.call({ method: 'POST', url: `/api/templates/${CODE}/versions/1/publish`, token: staff, lang: 'en-US' });
    expect(published.status, brief(published.body)).toBe(200);
    for (const doc of DOCS) {
      const created = await h.call({ method: 'POST', url: `/api/entities/${CODE}`, token: applicant, lang: 'en-US', payload: { doc } });
      expect(created.status, brief(created.body)).toBe(201);
      ids.push(created.body.data.id as string);
    }
  });
  afterAll(() => h.close());

  const list = async (query: Record<string, string>) => {
    const res = await h.call({ method: 'GET', url: `/api/entities/${CODE}?${new URLSearchParams(query)}`, token: applicant, lang: 'en-US' });
    return res;
  };
  const idsOf = (res: { body: { data: { items: { id: string }[] } } }) => res.body.data.items.map((r) => r.id);

  it.each([...ANY_KEYS.map((k) => k.path), '/meta.data/$v'])('sorts by %s both ways, an absent value last', async (field) => {
    for (const order of ['asc', 'desc'] as const) {
      const res = await list({ sort: `${field}:${order}` });
      expect(res.status, brief(res.body)).toBe(200);
      const value = (i: number) => valueAt(DOCS[i], field) as string | number | boolean | undefined;
      const expected = [0, 1, 2].sort((a, b) => {
        const [va, vb] = [value(a), value(b)];
        if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
        const cmp = va < vb ? -1 : va > vb ? 1 : 0;
        return order === 'asc' ? cmp : -cmp;
      });
      expect(idsOf(res), `${field}:${order}`).toEqual(expected.map((i) => ids[i]));
    }
  });

  it.each([
    ['/a.b', 'rav', [1]],
    ['/$type', 'watch', [2]],
    ['2fa', '2..3', [1, 2]],
    ['名称', 'n1', [0]],
    ['with space', '2026-01-15..', [1, 2]],
    ['/x~1y~0z', 'true', [1]],
    ['/x~1y~0z', 'false', [0]],
    ['kebab-case', 'k3', [2]],
    ['/meta.data/$v', 'v2', [1]],
  ] as const)('filters by %s = %s', async (field, value, expected) => {
    const res = await list({ [`f.${field}`]: value, sort: '2fa:asc' });
    expect(res.status, brief(res.body)).toBe(200);
    expect(idsOf(res)).toEqual(expected.map((i) => ids[i]));
  });

  it('takes `$type` for a system field and `a.b` for the key b inside a: neither is declared, both refused with a message', async () => {
    for (const query of [{ 'f.$type': 'phone' }, { 'f.a.b': 'x' }, { sort: 'a.b:asc' }, { sort: '$type:asc' }] as Record<string, string>[]) {
      const res = await list(query);
      expect(res.status, brief(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).not.toContain('System error');
    }
  });

  it('names the failed fields by their keys exactly: a JSON pointer where a dotted path cannot spell them', async () => {
    const doc = { $type: 'laptop', '2fa': 'two', 'x/y~z': 'no', 'meta.data': { $v: 5 } };
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await h.call({ method: 'POST', url: `/api/entities/${CODE}`, token: applicant, lang, payload: { doc } });
      expect([res.status, res.body.errorCode], brief(res.body)).toEqual([400, 'VALIDATION_FAILED']);
      const fields = (res.body.errors as { field: string; message: string }[]).map((e) => e.field);
      expect(fields.sort()).toEqual(['/$type', '/a.b', '/meta.data/$v', '/x~1y~0z', '2fa']);
      const byField = Object.fromEntries((res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
      expect(byField['/a.b']).toBe(lang === 'en-US' ? 'Please fill in "Dotted"' : '请填写“Dotted”');
      expect(byField['/meta.data/$v']).toMatch(lang === 'en-US' ? /^"Meta · Version" / : /^“Meta · Version”/);
    }
  });

  it('shows the record with every key as stored', async () => {
    for (const [i, id] of ids.entries()) {
      const got = await h.call({ method: 'GET', url: `/api/entities/${CODE}/${id}`, token: applicant, lang: 'en-US' });
      expect(got.status).toBe(200);
      expect(got.body.data.doc).toEqual(DOCS[i]);
    }
  });

  it('asks a nested or any-key field its own code and its siblings the update code (fieldPermissions by path)', async () => {
    const code = 'anyKeyCodes';
    const bundle = anyKeyTemplate(code, { inline: true });
    // A code the applicant lacks (staff hold it): the applicant holds the template's update code.
    const own = { 'buyer.contactName': 'template:design', '/$type': 'template:design' };
    for (const [method, url] of [['POST', '/api/templates'], ['POST', `/api/templates/${code}/versions/1/publish`]] as const) {
      const res = await h.call({ method, url, token: staff, lang: 'en-US', payload: url === '/api/templates' ? { code, kind: 'form', bundle: { ...bundle, entity: { ...bundle.entity, fieldPermissions: own } } } : undefined });
      expect(res.status, brief(res.body)).toBeLessThan(300);
    }
    const made = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, lang: 'en-US', payload: { doc: { 'a.b': 'x', $type: 'phone', buyer: { contactName: 'Ann', phone: '1' } } } });
    expect(made.status, brief(made.body)).toBe(201);
    let record = made.body.data as { id: string; version: number; doc: Record<string, unknown> };
    const put = async (token: string, doc: Record<string, unknown>) => {
      const res = await h.call({ method: 'PUT', url: `/api/entities/${code}/${record.id}`, token, lang: 'en-US', payload: { doc, version: record.version } });
      if (res.status === 200) record = res.body.data;
      return res;
    };
    expect((await put(applicant, { ...record.doc, buyer: { contactName: 'Ann', phone: '2' } })).status).toBe(200);
    for (const doc of [{ ...record.doc, buyer: { contactName: 'Bob', phone: '2' } }, { ...record.doc, $type: 'watch' }]) {
      const refused = await put(applicant, doc);
      expect(refused.status, brief(refused.body)).toBe(403);
      expect(JSON.stringify(refused.body)).toContain('template:design');
    }
    expect((await put(staff, { ...record.doc, buyer: { contactName: 'Bob', phone: '2' } })).status).toBe(200);
    expect(record.doc).toMatchObject({ $type: 'phone', buyer: { contactName: 'Bob', phone: '2' } });
  });

  it('asks the code of a field in each row of a list: changed, or added or removed with its row', async () => {
    const code = 'rowCodes';
    const bundle = refUiTemplate(code);
    const own = { 'people.role': 'template:design' };
    for (const [method, url] of [['POST', '/api/templates'], ['POST', `/api/templates/${code}/versions/1/publish`]] as const) {
      const res = await h.call({ method, url, token: staff, lang: 'en-US', payload: url === '/api/templates' ? { code, kind: 'form', bundle: { ...bundle, entity: { ...bundle.entity, fieldPermissions: own } } } : undefined });
      expect(res.status, brief(res.body)).toBeLessThan(300);
    }
    const made = await h.call({ method: 'POST', url: `/api/entities/${code}`, token: applicant, lang: 'en-US', payload: { doc: { title: 'Rows', people: [{ name: 'Bo', role: 'member' }] } } });
    expect(made.status, brief(made.body)).toBe(201);
    let record = made.body.data as { id: string; version: number; doc: Record<string, unknown> };
    const put = async (token: string, people: Record<string, unknown>[]) => {
      const res = await h.call({ method: 'PUT', url: `/api/entities/${code}/${record.id}`, token, lang: 'en-US', payload: { doc: { ...record.doc, people }, version: record.version } });
      if (res.status === 200) record = res.body.data;
      return res;
    };
    // The applicant renames a person and adds rows without a role or with the declared default; a role changed, or gone with its row, is refused.
    expect((await put(applicant, [{ name: 'Bob', role: 'member' }, { name: 'Al' }, { name: 'Cy', role: 'member' }])).status).toBe(200);
    expect((await put(staff, [{ name: 'Bob', role: 'guest' }, { name: 'Al' }])).status).toBe(200);
    for (const people of [[{ name: 'Bob', role: 'lead' }, { name: 'Al' }], [{ name: 'Al' }], [{ name: 'Bob', role: 'guest' }, { name: 'Al', role: 'guest' }]]) {
      const refused = await put(applicant, people);
      expect(refused.status, brief(refused.body)).toBe(403);
      expect(JSON.stringify(refused.body)).toContain('template:design');
    }
    expect((await put(staff, [{ name: 'Bob', role: 'lead' }, { name: 'Al' }])).status).toBe(200);
    expect(record.doc.people).toEqual([{ name: 'Bob', role: 'lead' }, { name: 'Al' }]);
  });
});
