import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEffects } from '../../server/effects/effects-repo.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { efilingDriver, inDays, type Masters } from '../support/efiling.ts';

/**
 * A certificate sent to the regulator (server/efiling/): through the outbox effect
 * `fileWithRegulator` to the local emulator, back as REGULATOR_ACCEPTED with the reference no.
 * and version id — and each failure path: credentials missing or expired (refused before any
 * call, nothing sent), a missing element (named in the user's language), an expired key at the
 * regulator, a server error and a timeout (retried with backoff under the same idempotency key,
 * filed once), and the last attempt failing for good.
 */
describe.each(BACKENDS)('e-filing with the regulator on %s', (backend) => {
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

  const emulator = () => h.app.regulator.emulator!;

  /** A certificate made, submitted and validated, ready to send. */
  async function validated(importerId: string, extra: Record<string, unknown> = {}) {
    const made = await d.create('cpscTrfInfo', d.filingDoc(m, importerId, extra));
    for (const type of ['SUBMIT', 'VALIDATE']) {
      const res = await d.send(made.id, type);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    return made.id;
  }

  /** Makes the filing's pending retry due now and runs the effect worker. */
  async function retryNow() {
    await h.db.query("update effects set next_attempt_at = now() where status = 'pending'");
    await h.app.effects.runDue();
  }

  it('files a validated certificate and stores the reference no. and version id', async () => {
    const importer = await d.importer();
    const id = await validated(importer.id);
    const before = emulator().filings;
    const sent = await d.send(id, 'SEND_TO_REGULATOR');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.states.$status).toBe('filed');
    expect(sent.body.data.doc.referenceNo).toMatch(/^EMU-CPSC-\d{8}-\d{6}$/);
    expect(sent.body.data.doc.versionId).toBe('1');
    expect(emulator().filings).toBe(before + 1);
    // The certificate as built from the filing, the importer, the mapping and the trade parties; no secret in it.
    const received = emulator().received.at(-1)!;
    expect(received.certificate).toMatchObject({ type: 'full', certifierId: 'CERT-001', productCategory: 'Toys', customerProductCategory: 'Plush', citations: [{ code: '16 CFR 1501-0' }], exclusions: ['EX-0'], lab: { name: 'Lab 0', cpscLabId: '1234', gln: '0614141000012' } });
    expect(received.idempotencyKey).toBe(`${id}:v${sent.body.data.version - 1}`);
    const log = await d.exchanges(id);
    expect(log.map((e: { kind: string; outcome: string }) => [e.kind, e.outcome])).toEqual([['submit', 'accepted']]);
    expect(JSON.stringify(log)).not.toContain('sk-live');
    // Server-only events: a user may not send them.
    const forged = await d.send(id, 'REGULATOR_ACCEPTED', { referenceNo: 'X', versionId: '9' });
    expect([forged.status, forged.body.errorCode]).toEqual([403, 'SERVER_ONLY']);
  });

  it('refuses to send with credentials expired or missing, before any call, in the user\'s language', async () => {
    const expired = await d.importer(inDays(-1));
    const id = await validated(expired.id);
    const before = emulator().received.length;
    for (const [lang, text] of [['en-US', 'CPSC sync failed: the filing key has expired; renew the importer\'s key'], ['zh-CN', 'CPSC 同步失败：申报密钥已过期，请更新进口商的密钥']]) {
      const res = await d.send(id, 'SEND_TO_REGULATOR', {}, staff, lang);
      expect([res.status, res.body.errorCode, res.body.message]).toEqual([400, 'LINKED_RECORD_EXPIRED', text]);
    }
    expect((await d.get(id)).states.$status).toBe('validated');
    expect(emulator().received.length).toBe(before);
    // The key expires after the event was accepted: the handler refuses before calling.
    const soon = await d.importer(inDays(1));
    const id2 = await validated(soon.id);
    const current = await d.get(id2);
    await h.db.transaction(async (tx) => {
      const reg = h.registry.get('cpscTrfInfo');
      const { EntityService } = await import('../../server/entities/service.ts');
      await new EntityService(h.db, undefined, h.registry).sendInside(tx, reg, id2, { type: 'SEND_TO_REGULATOR', payload: {} }, 'u-staff');
      await tx.query(`update records set doc = jsonb_set(doc, '{expiringDate}', '"2020-01-01"') where id = $1`, [soon.id]);
    });
    expect(current.states.$status).toBe('validated');
    await h.app.effects.runDue();
    const after = await d.get(id2, 'zh-CN');
    expect([after.states.$status, after.doc.syncFailure]).toEqual(['validated', 'keyExpired']);
    expect(emulator().received.length).toBe(before);
    expect((await d.exchanges(id2)).map((e: { kind: string; message: string }) => [e.kind, e.message])).toEqual([
      ['refusedBeforeCall', 'CPSC sync failed: the filing key has expired; renew the importer\'s key'],
    ]);
    // No credentials at all (a removed importer's key): refused, with its own message.
    await h.db.query('delete from record_secrets where record_id = $1', [soon.id]);
    await h.db.query(`update records set doc = doc - 'secretKey' where id = $1`, [soon.id]);
    const missing = await d.send(id2, 'SEND_TO_REGULATOR', {}, staff, 'zh-CN');
    expect([missing.status, missing.body.message]).toEqual([400, 'CPSC 同步失败：进口商的密钥、令牌或到期日未填写']);
  });

  it('names the missing elements the regulator refuses, in the user\'s language, and takes the corrected certificate', async () => {
    const importer = await d.importer();
    const id = await validated(importer.id, { testPlace: undefined, pointOfContactId: undefined });
    const sent = await d.send(id, 'SEND_TO_REGULATOR');
    expect([sent.body.data.states.$status, sent.body.data.doc.syncFailure, sent.body.data.doc.missingElements]).toEqual(['validated', 'missingElements', ['testPlace', 'pointOfContact']]);
    const [en] = await d.exchanges(id, 'en-US');
    expect(en.message).toBe('CPSC sync failed: required fields are missing: Place of testing, Records contact');
    const [zh] = await d.exchanges(id, 'zh-CN');
    expect(zh.message).toBe('CPSC 同步失败：缺少必填字段：测试地点、记录联系人');
    // Reworked, corrected, validated and sent again: filed.
    expect((await d.send(id, 'REWORK', { reason: 'Add the place of testing' })).body.data.states.$status).toBe('rework');
    const cur = await d.get(id);
    const fixed = await h.call({ method: 'PUT', url: `/api/entities/cpscTrfInfo/${id}`, payload: { version: cur.version, doc: { ...cur.doc, testPlace: 'Shanghai, CN', pointOfContactId: m.contact.id } }, token: staff });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    for (const type of ['SUBMIT', 'VALIDATE']) expect((await d.send(id, type)).status).toBe(200);
    const again = await d.send(id, 'SEND_TO_REGULATOR');
    expect(again.body.data.states.$status).toBe('filed');
    // The emulator's own failure: a required element reported missing.
    const id2 = await validated(importer.id);
    emulator().failNext('missingElement');
    expect((await d.send(id2, 'SEND_TO_REGULATOR')).body.data.doc.missingElements).toEqual(['testPlace']);
  });

  it('maps the regulator\'s expired-key answer', async () => {
    const importer = await d.importer();
    const id = await validated(importer.id);
    emulator().failNext('expiredKey');
    const sent = await d.send(id, 'SEND_TO_REGULATOR', {}, staff, 'zh-CN');
    expect([sent.body.data.states.$status, sent.body.data.doc.syncFailure]).toEqual(['validated', 'keyExpired']);
    expect((await d.exchanges(id, 'zh-CN'))[0].message).toBe('CPSC 同步失败：申报密钥已过期，请更新进口商的密钥');
  });

  it('retries a server error and a timeout with backoff under the same key, and files once', async () => {
    const importer = await d.importer();
    const id = await validated(importer.id);
    emulator().failNext('serverError', 'timeout');
    const filingsBefore = emulator().filings;
    const sent = await d.send(id, 'SEND_TO_REGULATOR');
    expect(sent.body.data.states.$status).toBe('sending');
    const due = await h.db.query<{ wait: number }>("select extract(epoch from next_attempt_at - now())::int as wait from effects where status = 'pending' and subject_id = $1", [id]);
    expect(due.rows[0]!.wait).toBeGreaterThan(5);
    await retryNow();
    expect((await d.get(id)).states.$status).toBe('sending');
    await retryNow();
    const filed = await d.get(id);
    expect(filed.states.$status).toBe('filed');
    const log = await d.exchanges(id);
    expect(log.map((e: { kind: string; outcome: string }) => [e.kind, e.outcome])).toEqual([['retry', 'transient'], ['retry', 'transient'], ['submit', 'accepted']]);
    expect(log[1].message).toBe('no answer within 300 ms');
    expect(new Set(emulator().received.slice(-3).map((r) => r.idempotencyKey)).size).toBe(1);
    expect(emulator().filings).toBe(filingsBefore + 1);
    // The same key again (a retry after the answer was lost): answered as the first, not filed again.
    const key = emulator().received.at(-1)!.idempotencyKey;
    const { createCpscApi } = await import('../../server/efiling/cpsc-api.ts');
    const { buildCertificate } = await import('../../server/efiling/certificate.ts');
    const { loopbackFetch } = await import('../../server/payments/registry.ts');
    const api = createCpscApi({ baseUrl: 'http://localhost:8080/sandbox/cpsc', timeoutMs: 1000 }, loopbackFetch(h.app, 'http://localhost:8080'));
    const replay = await api.submit(await buildCertificate(h.db, filed.doc, importer.doc), { certifierId: 'CERT-001', secretKey: 'k', token: 't' }, key);
    expect(replay).toMatchObject({ kind: 'accepted', referenceNo: filed.doc.referenceNo, versionId: filed.doc.versionId });
    expect(emulator().filings).toBe(filingsBefore + 1);
  });

  it('holds no transaction while the regulator answers: the portal writes, and the filing is not locked, meanwhile', async () => {
    const importer = await d.importer();
    const id = await validated(importer.id);
    let during: { effect?: string; wrote?: boolean } = {};
    emulator().whileInFlight = async () => {
      // On the embedded database a transaction held across the call would block this one forever: the race names it.
      const hang = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the database stayed busy while the regulator was called')), 20_000));
      during = await Promise.race([
        h.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ status: string }>("select status from effects where subject_id = $1 and kind = 'fileWithRegulator' for update nowait", [id]);
          await tx.query("update records set updated_at = updated_at where id = $1", [importer.id]);
          return { effect: rows[0]?.status, wrote: true };
        }),
        hang,
      ]);
    };
    try {
      const sent = await d.send(id, 'SEND_TO_REGULATOR');
      expect(sent.status).toBe(200);
    } finally {
      emulator().whileInFlight = undefined;
    }
    expect(during).toEqual({ effect: 'pending', wrote: true });
    expect((await d.get(id)).states.$status).toBe('filed');
  });

  it('gives up after the last attempt: refused as unreachable', async () => {
    const importer = await d.importer();
    const id = await validated(importer.id);
    emulator().failNext(...Array.from({ length: 8 }, () => 'serverError' as const));
    await d.send(id, 'SEND_TO_REGULATOR');
    for (let i = 0; i < 7; i++) await retryNow();
    const after = await d.get(id, 'en-US');
    expect([after.states.$status, after.doc.syncFailure]).toEqual(['validated', 'unreachable']);
    expect((await d.exchanges(id)).length).toBe(8);
    expect((await listEffects(h.db, 'cpscTrfInfo', id)).every((e) => e.status === 'done')).toBe(true);
  });
});
