import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSecret } from '../../server/entities/secrets.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { efilingDriver, inDays, type Masters } from '../support/efiling.ts';

/**
 * Issue 53 (e-filing): the importer's secret key is write-only. Staff edit the importer's other
 * fields — its key's expiring date — without typing the key again (an empty key keeps the stored
 * one), so a filing refused for an expired key (in the user's language) goes through once renewed.
 */
describe.each(BACKENDS)('editing an e-filing importer without its key on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let d: ReturnType<typeof efilingDriver>;
  let m: Masters;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [], { efilingEnv: { CPSC_TIMEOUT_MS: '300' } });
    staff = await h.login('staff');
    d = efilingDriver(h, staff);
    m = await d.masters();
  });
  afterAll(() => h.close());

  const edit = (id: string, version: number, doc: Record<string, unknown>, lang = 'en-US') =>
    h.call({ method: 'PUT', url: `/api/entities/importerCustomer/${id}`, payload: { version, doc }, token: staff, lang });

  it('refuses filing with an expired key in both languages, then files once staff renew the expiry, keeping the stored key', async () => {
    const importer = await d.importer(inDays(-1));
    const made = await d.create('cpscTrfInfo', d.filingDoc(m, importer.id));
    for (const type of ['SUBMIT', 'VALIDATE']) expect((await d.send(made.id, type)).status).toBe(200);
    for (const [lang, text] of [
      ['en-US', "CPSC sync failed: the filing key has expired; renew the importer's key"],
      ['zh-CN', 'CPSC 同步失败：申报密钥已过期，请更新进口商的密钥'],
    ]) {
      const refused = await d.send(made.id, 'SEND_TO_REGULATOR', {}, staff, lang);
      expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([400, 'LINKED_RECORD_EXPIRED', text]);
    }
    // The edit form leaves the key empty: the stored key is kept, the new expiry saved.
    const renewed = await edit(importer.id, importer.version, { ...importer.doc, secretKey: '', expiringDate: inDays(30) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect([renewed.body.data.doc.secretKey, renewed.body.data.doc.expiringDate]).toEqual(['********', inDays(30)]);
    expect(await readSecret(h.db, importer.id, 'secretKey')).toBe('sk-live-123456');
    // Left out altogether, the key is kept too.
    const { secretKey: _key, ...withoutKey } = renewed.body.data.doc as Record<string, unknown>;
    const contact = await edit(importer.id, renewed.body.data.version, { ...withoutKey, contact: 'Bob' });
    expect([contact.status, contact.body.data.doc.secretKey]).toEqual([200, '********']);
    expect(await readSecret(h.db, importer.id, 'secretKey')).toBe('sk-live-123456');
    const sent = await d.send(made.id, 'SEND_TO_REGULATOR');
    expect([sent.status, sent.body.data.states.$status]).toEqual([200, 'filed']);
    expect(sent.body.data.doc.referenceNo).toMatch(/^EMU-CPSC-\d{8}-\d{6}$/);
  });

  it('still refuses a new importer without a key, in the language', async () => {
    const missing = await h.call({
      method: 'POST',
      url: '/api/entities/importerCustomer',
      payload: { doc: { name: 'I', certifierId: 'C', country: 'US', city: 'S', address: 'A', secretKey: '', token: 't', expiringDate: inDays(3) } },
      token: staff,
      lang: 'zh-CN',
    });
    expect([missing.status, (missing.body.errors ?? []).map((e) => e.field)]).toEqual([400, ['secretKey']]);
    expect(missing.body.errors![0]!.message).toMatch(/密钥/);
  });
});
