import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';
import { publishSampleForm, sampleFormV1, sampleFormV2, V2_RENAMES } from './templates-fixture.ts';
import { eventually } from '../support/eventually.ts';

/**
 * Issue 11's holes around stored data: files read by reference, records shared further, input the
 * database cannot store, uploads that lie about their type, registration rewriting what was sent,
 * template bundles sent whole to everyone, and demo accounts sharing a salt.
 */
describe.each(BACKENDS)('security: stored data on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['applicant', 'buyer', 'supplier', 'manufacturer', 'staff']) tokens[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const upload = (account: string, type: string, bytes: Buffer, name = 'letter.pdf') =>
    h.app.inject({ method: 'POST', url: `/api/files?name=${encodeURIComponent(name)}`, headers: { 'portico-auth': `bearer ${tokens[account]}`, 'content-type': type }, payload: bytes });
  const readFile = async (account: string, id: string) => h.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { 'portico-auth': `bearer ${tokens[account]}` } });
  const create = (account: string, doc: Record<string, unknown>, lang = 'en-US') => h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc }, token: tokens[account], lang });
  /** Submits a draft: a draft is its own company's alone, a submitted TRF is shared with the parties it names. */
  const submit = async (account: string, record: { id: string; version: number }) => {
    const res = await h.call({ method: 'POST', url: `/api/entities/trf/${record.id}/events`, payload: { type: 'SUBMIT', version: record.version }, token: tokens[account] });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    return res.body.data as { id: string; version: number; doc: Record<string, unknown> };
  };

  it('refuses a record naming a file its writer may not read, and a typed-in id opens nothing', async () => {
    const file = (await upload('applicant', 'application/pdf', fileBytes('pdf', 200))).json().data;
    expect((await readFile('supplier', file.fileId)).statusCode).toBe(404);
    const stolen = await create('supplier', validTrf({ buyer: undefined, applicant: { companyId: 'c-supplier', name: 'S' }, attachments: [file] }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.errorCode).toBe('FILE_NOT_READABLE');
    expect(stolen.body.errors?.[0]?.field).toBe('attachments.0.fileId');
    const typed = await create('supplier', validTrf({ buyer: undefined, applicant: { companyId: 'c-supplier', name: `see ${file.fileId}` } }));
    expect(typed.status).toBe(201);
    expect((await readFile('supplier', file.fileId)).statusCode, 'an id typed into a text field').toBe(404);
    // The applicant's own record shares it, once submitted, with the buyer the record names, and with no one else.
    const own = await create('applicant', validTrf({ attachments: [file] }));
    expect(own.status).toBe(201);
    expect((await readFile('buyer', file.fileId)).statusCode, 'a draft is not shared yet').toBe(404);
    await submit('applicant', own.body.data);
    expect((await readFile('buyer', file.fileId)).statusCode).toBe(200);
    expect((await readFile('manufacturer', file.fileId)).statusCode).toBe(404);
  });

  it('lets only the owning company change the companies a record is shared with, and only to real ones', async () => {
    // Returned by the lab: every field is editable again, and the TRF is shared with its buyer.
    const created = await create('applicant', validTrf());
    const submitted = await submit('applicant', created.body.data);
    const returned = await h.call({ method: 'POST', url: `/api/entities/trf/${submitted.id}/events`, payload: { type: 'RETURN', version: submitted.version, payload: { reason: 'Please check' } }, token: tokens.staff });
    expect(returned.status, JSON.stringify(returned.body).slice(0, 300)).toBe(200);
    const { id, version, doc } = returned.body.data;
    const put = (account: string, next: Record<string, unknown>, v = version) => h.call({ method: 'PUT', url: `/api/entities/trf/${id}`, payload: { doc: next, version: v }, token: tokens[account], lang: 'en-US' });
    const byBuyer = await put('buyer', { ...doc, payer: { companyId: 'c-manufacturer', name: 'M' } });
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body.errorCode).toBe('PARTY_NOT_CHANGEABLE');
    expect((await readFile('manufacturer', 'none')).statusCode).toBe(404);
    const manufacturerList = await h.call({ method: 'GET', url: '/api/entities/trf', token: tokens.manufacturer });
    expect(manufacturerList.body.data.items.map((r: { id: string }) => r.id)).not.toContain(id);
    const dangling = await put('applicant', { ...doc, payer: { companyId: 'c-nowhere', name: 'X' } });
    expect(dangling.status).toBe(400);
    expect(dangling.body.errorCode).toBe('COMPANY_UNKNOWN');
    const huge = await put('applicant', { ...doc, payer: { companyId: 'c'.repeat(4000), name: 'X' } });
    expect(huge.status).toBe(400);
    const byOwner = await put('applicant', { ...doc, payer: { companyId: 'c-manufacturer', name: 'M' } });
    expect(byOwner.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/trf/${id}`, token: tokens.manufacturer })).status).toBe(200);
  });

  it('answers 400, never 500, for text and numbers the database cannot store', async () => {
    const bad = [
      { doc: validTrf({ applicant: { companyId: 'c-applicant', name: 'A\u0000B' } }) },
      { doc: validTrf({ applicant: { companyId: 'c-applicant', name: 'lone \ud800 surrogate' } }) },
      { doc: validTrf({ samples: [{ sampleNo: 'S', description: 'x'.repeat(10) }], ['key\u0000']: 1 }) },
      { doc: validTrf({ buyer: { companyId: 'b'.repeat(3500), name: 'B' } }) },
    ];
    for (const payload of bad) {
      const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload, token: tokens.applicant, lang: 'zh-CN' });
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const page of ['1e300', '99999999999999999999', '-1', 'NaN']) {
      expect((await h.call({ method: 'GET', url: `/api/entities/trf?page=${page}`, token: tokens.applicant })).status, `page=${page}`).toBe(400);
    }
    const nul = await upload('applicant', 'application/pdf', fileBytes('pdf', 100), 'a\u0000.pdf');
    expect(nul.statusCode).toBe(400);
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 3000; i++) at = (at.child = {}) as Record<string, unknown>;
    const created = await h.call({ method: 'POST', url: '/api/templates', token: tokens.staff, payload: { code: 'deep_form', kind: 'form', bundle: { ...sampleFormV1(), uiSchema: deep } } });
    expect(created.status).toBe(400);
    const normal = await h.call({ method: 'POST', url: '/api/templates', token: tokens.staff, payload: { code: 'afterDeep', kind: 'form', label: { 'zh-CN': '后来', 'en-US': 'After' } } });
    expect(normal.status, JSON.stringify(normal.body)).toBe(201);
  });

  it('checks an upload\'s bytes against its declared kind and serves files as downloads unless safe to show', async () => {
    const lies: [string, Buffer][] = [
      ['application/pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['application/pdf', fileBytes('jpg', 100)],
      ['image/jpeg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['image/jpeg', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      ['application/pdf', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ];
    for (const [type, bytes] of lies) {
      const res = await upload('applicant', type, bytes);
      expect(res.statusCode, `${type} ${bytes.subarray(0, 4).toString('hex')}`).toBe(415);
      expect(res.json().errorCode).toBe('FILE_CONTENT');
    }
    const pdf = (await upload('applicant', 'application/pdf', fileBytes('pdf', 100))).json().data;
    const served = await readFile('applicant', pdf.fileId);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    const download = await h.app.inject({ method: 'GET', url: `/api/files/${pdf.fileId}?download=1`, headers: { 'portico-auth': `bearer ${tokens.applicant}` } });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses, rather than rewrites, names it cannot store or that are blank', async () => {
    const email = 'blank@example.com';
    await h.call({ method: 'POST', url: '/api/accounts/codes', payload: { email, purpose: 'register' } });
    const mail = await h.call({ method: 'GET', url: `/api/outbox?to=${email}`, token: tokens.staff });
    const code = /(\d{6})/.exec(mail.body.data[0].subject)![1]!;
    const form = async (over: Record<string, unknown>) => ({
      email, userName: 'Blank Tester', companyName: 'Blank Co.', termsAccepted: true, code,
      password: await h.encrypt('Secret#2024'), passwordRepeat: await h.encrypt('Secret#2024'), ...over,
    });
    const simple = async (over: Record<string, unknown>) => h.call({ method: 'POST', url: '/api/accounts/simple-register', payload: await form(over), lang: 'en-US' });
    const surrogate = await simple({ userName: 'Bad \udc00 name' });
    expect(surrogate.status).toBe(400);
    const blank = await simple({ companyName: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.map((e) => e.field)).toContain('companyName');
    const ok = await simple({ userName: '  Trimmed Name ' });
    expect(ok.status).toBe(201);
    const { rows } = await h.db.query<{ user_name: string }>('select user_name from users where email = $1', [email]);
    expect(rows[0]!.user_name).toBe('Trimmed Name');
  });

  it('sends a user the newest published version of each template, and an older one on demand', async () => {
    const staff = tokens.staff!;
    await publishSampleForm(h, staff, 'sampleBundles');
    expect((await h.call({ method: 'POST', url: '/api/templates/sampleBundles/versions', token: staff })).status).toBe(201);
    const saved = await h.call({ method: 'PUT', url: '/api/templates/sampleBundles/versions/2', token: staff, payload: { bundle: sampleFormV2(), renames: V2_RENAMES } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    const published = await h.call({ method: 'POST', url: '/api/templates/sampleBundles/versions/2/publish', token: staff });
    expect(published.status, JSON.stringify(published.body).slice(0, 300)).toBe(200);
    const bundles = (await h.call({ method: 'GET', url: '/api/template-bundles', token: staff })).body.data as { code: string; version: number }[];
    expect(bundles.filter((b) => b.code === 'sampleBundles').map((b) => b.version)).toEqual([2]);
    const old = await h.call({ method: 'GET', url: '/api/template-bundles/sampleBundles/1', token: staff });
    expect(old.body.data).toMatchObject({ code: 'sampleBundles', version: 1 });
    expect((await h.call({ method: 'GET', url: '/api/template-bundles/sampleBundles/9', token: staff })).status).toBe(404);
    // The staff's list comes a page at a time.
    for (const code of ['pageOne', 'pageTwo']) await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, kind: 'form', label: { 'zh-CN': code, 'en-US': code } } });
    const all = (await h.call({ method: 'GET', url: '/api/templates', token: staff })).body.data as unknown[];
    const first = (await h.call({ method: 'GET', url: '/api/templates?page=1&pageSize=2', token: staff })).body.data;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(all.length);
    const named = (await h.call({ method: 'GET', url: '/api/templates?page=1&pageSize=20&q=pagetwo', token: staff })).body.data;
    expect(named.items.map((t: { code: string }) => t.code)).toEqual(['pageTwo']);
    expect((await h.call({ method: 'GET', url: '/api/templates?page=1&pageSize=1000', token: staff })).status).toBe(400);
  });

  it('computes a user\'s permission codes from the roles the dimensions mark at every session read, storing none with the user', async () => {
    const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from users where permissions <> '{}' or buttons <> '{}'");
    expect(rows[0]!.n).toBe(0);
    const me = async () => (await h.call({ method: 'GET', url: '/api/auth/me', token: tokens.supplier })).body.data.permissions.split(',');
    expect(await me()).toContain('trf:list');
    expect(await me()).not.toContain('template:design');
    await h.db.query(`update users set dimensions = dimensions || '{"SGSUserRole":"SgsAdmin"}'::jsonb where account = 'supplier'`);
    // Written straight in SQL, the change reaches the cached session by its notification (migration 039): at the next request once notified.
    expect(await eventually(async () => (await me()).includes('template:design')), 'a role given now counts once notified').toBe(true);
    await h.db.query(`update users set dimensions = dimensions - 'SGSUserRole' where account = 'supplier'`);
    expect(await eventually(async () => !(await me()).includes('template:design'))).toBe(true);
  });

  it('gives every seeded account its own salt', async () => {
    const { rows } = await h.db.query<{ password_hash: string }>('select password_hash from users');
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(rows.length);
  });
});
