import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes } from '../support/api-harness.ts';

type Lang = 'zh-CN' | 'en-US';
type Item = { id: string; doc: Record<string, unknown>; titleOnly?: boolean };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The document library's read rules (issue 18, SPEC §5): declared by schemas/document (access.readGrants)
 * and served by the generic routes. A document no authorization names is open to all; one an
 * authorization names is read in full by the customer groups, companies and accounts it names, within
 * its dates; others see the title alone when the document says so, else nothing; shares open it to a
 * company; every file read is checked on the server.
 */
describe.each(BACKENDS)('document authorization on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let buyer: string; // c-buyer, customer group CG-RETAIL
  let applicant: string; // c-applicant, no customer group
  let admin: string; // c-applicant too
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    buyer = await h.login('buyer');
    applicant = await h.login('applicant');
    admin = await h.login('admin');
  });
  afterAll(() => h.close());

  const create = (entity: string, doc: object, token = staff, lang: Lang = 'en-US') => h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang });
  const get = (id: string, token: string) => h.call({ method: 'GET', url: `/api/entities/document/${id}`, token });
  const listed = async (token: string, query = 'pageSize=100') => (await h.call<{ items: Item[] }>({ method: 'GET', url: `/api/entities/document?${query}`, token })).body.data.items;
  const upload = async (token = staff) =>
    (await h.app.inject({ method: 'POST', url: '/api/files?name=guide.pdf', headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/pdf' }, payload: fileBytes('pdf', 256) })).json()
      .data as { fileId: string; fileName: string; contentType: string; size: number };
  const attachment = async () => [await upload()];
  const readFile = (fileId: string, token: string) => h.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { 'portico-auth': `bearer ${token}` } });
  const base = { theme: 'regulation', productLine: 'softlines' };

  it('takes a URL or an attachment, exactly one, with the message in the request language', async () => {
    const both = await create('document', { ...base, name: 'Both', url: 'https://www.sgs.com/a', attachment: await attachment() }, staff, 'zh-CN');
    expect([both.status, both.body.errors?.map((e) => [e.field, e.message])]).toEqual([400, [['attachment', '附件: 链接与附件只能二选一']]]);
    const neither = await create('document', { ...base, name: 'Neither' });
    expect([neither.status, neither.body.errors?.map((e) => [e.field, e.message])]).toEqual([400, [['attachment', 'Attachment: Give a URL or an attachment']]]);
    expect((await create('document', { ...base, name: 'By URL', url: 'https://www.sgs.com/a' })).status).toBe(201);
    expect((await create('document', { ...base, name: 'By file', attachment: await attachment() })).status).toBe(201);
    // Customers read the library; only staff write it.
    expect((await create('document', { ...base, name: 'Mine', url: 'https://www.sgs.com/b' }, buyer)).status).toBe(403);
  });

  it('opens a document no authorization names to every reader, files included', async () => {
    const file = await attachment();
    const open = (await create('document', { ...base, name: 'Open guide', attachment: file })).body.data;
    for (const token of [buyer, applicant]) {
      expect((await get(open.id, token)).body.data.doc.attachment).toEqual(file);
      expect((await readFile(file[0]!.fileId, token)).statusCode).toBe(200);
    }
  });

  it('lets a customer group read a restricted document; others see its title only, never its file', async () => {
    const file = await attachment();
    const doc = (await create('document', { ...base, name: 'Retail handbook', attachment: file, titleOnly: true, description: 'For retail brands' })).body.data;
    expect((await create('documentAuthorization', { documentId: doc.id, customerGroups: ['CG-RETAIL'] })).status).toBe(201);
    // A member reads it in full, its file too.
    const member = await get(doc.id, buyer);
    expect([member.status, member.body.data.doc.description, member.body.data.titleOnly]).toEqual([200, 'For retail brands', undefined]);
    expect((await readFile(file[0]!.fileId, buyer)).statusCode).toBe(200);
    // A non-member lists and opens the title alone; the file, the history and a copy are refused.
    const item = (await listed(applicant)).find((i) => i.id === doc.id)!;
    expect([item.doc, item.titleOnly]).toEqual([{ name: 'Retail handbook', titleOnly: true }, true]);
    const detail = await get(doc.id, applicant);
    expect([detail.status, detail.body.data.doc, detail.body.data.snapshot]).toEqual([200, { name: 'Retail handbook', titleOnly: true }, null]);
    expect((await readFile(file[0]!.fileId, applicant)).statusCode).toBe(404);
    expect((await h.call({ method: 'GET', url: `/api/entities/document/${doc.id}/history`, token: applicant })).status).toBe(404);
    // Staff see everything.
    expect((await get(doc.id, staff)).body.data.doc.description).toBe('For retail brands');
  });

  it('hides a restricted document without the title-only mark from those it does not name', async () => {
    const doc = (await create('document', { ...base, name: 'Confidential', url: 'https://www.sgs.com/c' })).body.data;
    await create('documentAuthorization', { documentId: doc.id, companies: ['c-buyer'] });
    expect((await listed(applicant)).map((i) => i.id)).not.toContain(doc.id);
    expect((await get(doc.id, applicant)).status).toBe(404);
    expect((await get(doc.id, buyer)).body.data.doc.url).toBe('https://www.sgs.com/c');
  });

  it('names single accounts: another account of the same company is not named', async () => {
    const doc = (await create('document', { ...base, name: 'For the admin', url: 'https://www.sgs.com/d', titleOnly: true })).body.data;
    await create('documentAuthorization', { documentId: doc.id, accounts: ['admin'] });
    expect((await get(doc.id, admin)).body.data.doc.url).toBe('https://www.sgs.com/d');
    expect((await get(doc.id, applicant)).body.data.titleOnly).toBe(true);
  });

  it('reads the effective dates: not yet, expired, open-ended and an empty audience within its dates', async () => {
    const make = async (name: string, auth: object) => {
      const doc = (await create('document', { ...base, name, url: 'https://www.sgs.com/e', titleOnly: true })).body.data;
      const a = await create('documentAuthorization', { documentId: doc.id, ...auth });
      expect(a.status).toBe(201);
      return doc.id as string;
    };
    const future = await make('Not yet', { companies: ['c-applicant'], validFrom: day(1) });
    const expired = await make('Expired', { companies: ['c-applicant'], validFrom: day(-30), validTo: day(-1) });
    const current = await make('Current', { companies: ['c-applicant'], validFrom: day(0), validTo: day(0) });
    const permanent = await make('Permanent', { companies: ['c-applicant'], validFrom: day(-1) });
    const everyoneNow = await make('Everyone this month', { validFrom: day(-1), validTo: day(30) });
    const everyoneLater = await make('Everyone next month', { validFrom: day(30) });
    const full = async (id: string) => (await get(id, applicant)).body.data.titleOnly !== true;
    expect(await Promise.all([future, expired, current, permanent, everyoneNow, everyoneLater].map(full))).toEqual([false, false, true, true, true, false]);
    // The end before the start is refused, in both languages.
    const bad = await create('documentAuthorization', { documentId: current, validFrom: day(2), validTo: day(1) }, staff, 'zh-CN');
    expect([bad.status, bad.body.errors?.map((e) => [e.field, e.message])]).toEqual([400, [['validTo', '失效日期: 失效日期不能早于生效日期']]]);
    // Two authorizations: either lets its audience in.
    await create('documentAuthorization', { documentId: future, accounts: ['applicant'] });
    expect(await full(future)).toBe(true);
  });

  it('shares a document with several companies at once, each finding it among the documents shared with it', async () => {
    const supplier = await h.login('supplier');
    const doc = (await create('document', { ...base, name: 'Shared report', url: 'https://www.sgs.com/f', titleOnly: true })).body.data;
    await create('documentAuthorization', { documentId: doc.id, companies: ['c-buyer'] });
    expect((await get(doc.id, applicant)).body.data.titleOnly).toBe(true);
    const share = await create('documentShare', { documentId: doc.id, companyIds: ['c-applicant', 'c-supplier'], note: 'Please read' });
    expect(share.status).toBe(201);
    for (const token of [applicant, supplier]) {
      expect((await get(doc.id, token)).body.data.doc.url).toBe('https://www.sgs.com/f');
      const mine = await h.call({ method: 'GET', url: '/api/entities/documentShare?party=shared', token });
      expect(mine.body.data.items.map((i: Item) => i.doc.documentId)).toEqual([doc.id]);
    }
    // No company, or one that does not exist, is refused in the user's language.
    const none = await create('documentShare', { documentId: doc.id, companyIds: [] }, staff, 'zh-CN');
    expect([none.status, none.body.errors?.map((e) => e.message)]).toEqual([400, ['分享给: 请选择分享的公司']]);
    const ghost = await create('documentShare', { documentId: doc.id, companyIds: ['c-ghost'] });
    expect([ghost.status, ghost.body.errors?.map((e) => [e.field, e.keyword])]).toEqual([400, [['companyIds', 'company']]]);
    // Customers do not share documents themselves, nor see the authorizations.
    expect((await create('documentShare', { documentId: doc.id, companyIds: ['c-buyer'] }, applicant)).status).toBe(403);
    expect((await h.call({ method: 'GET', url: '/api/entities/documentAuthorization', token: applicant })).status).toBe(403);
  });
});
