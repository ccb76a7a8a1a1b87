import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { BAD_GLN, GLN, inDays, useEfilingHarness } from '../support/efiling.ts';

/**
 * SPEC §5 "E-filing", rule by rule, through the generic entity endpoints of the e-filing
 * declarations (schemas/citation, exclusion, tradeParty, importerCustomer, trfMapping): lengths,
 * the GLN's GS1 check digit, at least one of alternate id or GLN, phone and email formats, the
 * importer's credentials (all three, encrypted at rest, never returned) — messages in both languages.
 */
describe.each(BACKENDS)('e-filing rules (§5) on %s', (backend) => {
  const s = useEfilingHarness(backend);

  const post = (entity: string, doc: Record<string, unknown>, lang = 'en-US') => s.h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token: s.staff, lang });
  const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

  it('limits citation, exclusion and mapping fields to their §5 lengths', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const cases: [string, Record<string, unknown>, string][] = [
      ['citation', { code: long(51), regulation: 'r' }, 'code'],
      ['citation', { code: 'c1', regulation: long(201) }, 'regulation'],
      ['citation', { code: 'c2', regulation: 'r', productCategory: long(201) }, 'productCategory'],
      ['citation', { code: 'c3', regulation: 'r', keyword: long(51) }, 'keyword'],
      ['exclusion', { code: long(51) }, 'code'],
      ['trfMapping', { productLine: long(51), customerName: 'c', productCategory: 'p' }, 'productLine'],
      ['trfMapping', { productLine: 'l', customerName: long(201), productCategory: 'p' }, 'customerName'],
      ['trfMapping', { productLine: 'l', customerName: 'c', productCategory: long(201) }, 'productCategory'],
      ['tradeParty', { type: 'lab', name: 'n', gln: GLN, addressLine1: long(51), country: 'US', city: 'c' }, 'addressLine1'],
    ];
    for (const [entity, doc, field] of cases) {
      const res = await post(entity, doc);
      expect(res.status, `${entity}.${field}`).toBe(400);
      expect(fields(res), `${entity}.${field}`).toEqual([field]);
    }
    expect((await post('citation', { code: 'x'.repeat(50), regulation: 'x'.repeat(200), productCategory: 'x'.repeat(200), keyword: 'x'.repeat(50) })).status).toBe(201);
    expect((await post('exclusion', { code: 'x'.repeat(50) })).status).toBe(201);
  });

  it('finds citations and exclusions by keyword', async () => {
    await post('citation', { code: '16 CFR 1303', regulation: 'Lead paint', keyword: 'leadpaint' });
    await post('citation', { code: '16 CFR 1500', regulation: 'Hazardous substances', keyword: 'fhsa' });
    const buyer = await s.h.login('buyer');
    const res = await s.h.call({ method: 'GET', url: '/api/entities/citation?f.keyword=leadp', token: buyer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items.map((i: { doc: { code: string } }) => i.doc.code)).toEqual(['16 CFR 1303']);
    // Customers read the masters; only staff keep them.
    expect((await s.h.call({ method: 'POST', url: '/api/entities/citation', payload: { doc: { code: 'mine', regulation: 'r' } }, token: buyer })).status).toBe(403);
  });

  it('checks a trade party: GLN check digit, alternate id or GLN, required fields, phone and email', async () => {
    const base = { type: 'manufacturer', name: 'Maker', addressLine1: '1 Road', country: 'US', city: 'Seattle' };
    expect((await post('tradeParty', { ...base, gln: GLN })).status).toBe(201);
    expect((await post('tradeParty', { ...base, alternateId: 'ALT-1' })).status).toBe(201);
    const bad = await post('tradeParty', { ...base, gln: BAD_GLN });
    expect([bad.status, fields(bad)]).toEqual([400, ['gln']]);
    expect(bad.body.errors![0]!.message).toBe('"GLN" is not a valid GLN (13 digits with a GS1 check digit)');
    const short = await post('tradeParty', { ...base, gln: '061414100001' }, 'zh-CN');
    expect(short.body.errors![0]!.message).toBe('“GLN”不是有效的 GLN（13 位数字，末位须为 GS1 校验位）');
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const neither = await post('tradeParty', { ...base, alternateId: '' }, lang);
      expect(neither.status).toBe(400);
      expect(neither.body.errors).toEqual([
        { field: '', keyword: 'anyOf', message: lang === 'en-US' ? 'Give at least one of the alternate ID or the GLN' : '备用 ID 与 GLN 至少填写一项' },
      ]);
    }
    const missing = await post('tradeParty', { gln: GLN });
    expect(fields(missing).sort()).toEqual(['addressLine1', 'city', 'country', 'name', 'type']);
    const contact = await post('tradeParty', { ...base, gln: GLN, phone: 'call me', email: 'not-an-email' });
    expect(fields(contact).sort()).toEqual(['email', 'phone']);
    expect(contact.body.errors!.find((e: { field: string }) => e.field === 'phone')!.message).toBe('Phone: is not a phone number (digits, optionally +, spaces, brackets and hyphens)');
  });

  it('keeps the importer secret key encrypted at rest, never returns it, and keeps it when the mask comes back', async () => {
    const missing = await post('importerCustomer', { name: 'I', certifierId: 'C', country: 'US', city: 'S', address: 'A' });
    expect(fields(missing).sort()).toEqual(['expiringDate', 'secretKey', 'token']);
    const made = await s.d.importer(inDays(30));
    expect(made.doc.secretKey).toBe('********');
    const stored = await s.h.db.query<{ doc: Record<string, unknown> }>('select doc from records where id = $1', [made.id]);
    expect(JSON.stringify(stored.rows[0]!.doc)).not.toContain('sk-live-123456');
    const sealed = await s.h.db.query<{ sealed: string }>('select sealed from record_secrets where record_id = $1', [made.id]);
    expect(sealed.rows[0]!.sealed).toMatch(/^v1:/);
    expect(sealed.rows[0]!.sealed).not.toContain('sk-live');
    const list = await s.h.call({ method: 'GET', url: '/api/entities/importerCustomer', token: s.staff });
    expect(JSON.stringify(list.body)).not.toContain('sk-live');
    const history = await s.h.call({ method: 'GET', url: `/api/entities/importerCustomer/${made.id}/history`, token: s.staff });
    expect(JSON.stringify(history.body)).not.toContain('sk-live');
    // Sending the mask back keeps the key; a new key replaces it; an empty one keeps it too (write-only: the form shows it empty).
    const kept = await s.h.call({ method: 'PUT', url: `/api/entities/importerCustomer/${made.id}`, payload: { version: made.version, doc: { ...made.doc, contact: 'Bob' } }, token: s.staff });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await s.h.db.query('select sealed from record_secrets where record_id = $1', [made.id])).rows[0]).toEqual(sealed.rows[0]);
    const renewed = await s.h.call({ method: 'PUT', url: `/api/entities/importerCustomer/${made.id}`, payload: { version: kept.body.data.version, doc: { ...kept.body.data.doc, secretKey: 'sk-new-999' } }, token: s.staff });
    expect(renewed.body.data.doc.secretKey).toBe('********');
    const { readSecret } = await import('../../server/entities/secrets.ts');
    expect(await readSecret(s.h.db, made.id, 'secretKey')).toBe('sk-new-999');
    const emptied = await s.h.call({ method: 'PUT', url: `/api/entities/importerCustomer/${made.id}`, payload: { version: renewed.body.data.version, doc: { ...renewed.body.data.doc, secretKey: '' } }, token: s.staff, lang: 'zh-CN' });
    expect([emptied.status, emptied.body.data.doc.secretKey]).toEqual([200, '********']);
    expect(await readSecret(s.h.db, made.id, 'secretKey')).toBe('sk-new-999');
    // A new record cannot claim a secret by sending the mask.
    const masked = await post('importerCustomer', { name: 'I', certifierId: 'C', country: 'US', city: 'S', address: 'A', secretKey: '********', token: 't', expiringDate: inDays(3) });
    expect(fields(masked)).toEqual(['secretKey']);
  });
});
