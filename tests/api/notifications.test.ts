import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry } from '../../engine/index.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { ChatClient } from '../support/chat-socket.ts';

const repo = resolve(import.meta.dirname, '../..');

/** Helpers over one harness: a TRF moved through its events, and what reached whom. */
function helpers(h: ApiHarness) {
  const versions = new Map<string, number>();
  return {
    async submittedTrf(token: string): Promise<{ id: string; trfNo: string }> {
      const made = (
        await h.call({
          method: 'POST',
          url: '/api/entities/trf',
          payload: { doc: validTrf() },
          token,
        })
      ).body.data;
      versions.set(made.id, 1);
      await this.send(made.id, 'SUBMIT', token);
      return { id: made.id, trfNo: made.doc.trfNo };
    },
    async send(id: string, type: string, token: string, payload?: Record<string, unknown>) {
      const res = await h.call({
        method: 'POST',
        url: `/api/entities/trf/${id}/events`,
        payload: { type, version: versions.get(id), payload },
        token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      versions.set(id, versions.get(id)! + 1);
    },
    async inbox(token: string): Promise<{
      unread: number;
      items: {
        id: number;
        event: string;
        recordId: string;
        title: string;
        read: boolean;
      }[];
    }> {
      return (await h.call({ method: 'GET', url: '/api/notifications', token })).body.data;
    },
    async mails(to: string, trfNo: string): Promise<{ subject: string; body: string }[]> {
      return (await h.db.query<{ subject: string; body: string }>('select subject, body from outbox where to_address = $1 and subject like $2 order by id', [to, `%${trfNo}%`])).rows;
    },
    prefs: (token: string, preferences: Record<string, string[]>) =>
      h.call({
        method: 'PUT',
        url: '/api/notifications/preferences',
        payload: { preferences },
        token,
      }),
  };
}

for (const kind of BACKENDS) {
  describe(`notifications (${kind})`, () => {
    let h: ApiHarness;
    let t: ReturnType<typeof helpers>;
    const tok: Record<string, string> = {};
    beforeAll(async () => {
      h = await ApiHarness.start(kind);
      t = helpers(h);
      for (const a of ['applicant', 'admin', 'staff', 'buyer']) tok[a] = await h.login(a);
    });
    afterAll(() => h?.close());

    it('reaches the creator in-app and by email when the company has no setting, in their language', async () => {
      const trf = await t.submittedTrf(tok.applicant!);
      const mine = (await t.inbox(tok.applicant!)).items.filter((n) => n.recordId === trf.id);
      expect(mine).toMatchObject([
        {
          event: 'trfSubmitted',
          title: `测试申请单 ${trf.trfNo} 已提交`,
          read: false,
        },
      ]);
      const mails = await t.mails('applicant@demo.portico.dev', trf.trfNo);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain(`/trf/trfDetail?id=${trf.id}`);
      // Another company's user hears nothing of it.
      expect((await t.inbox(tok.buyer!)).items.filter((n) => n.recordId === trf.id)).toEqual([]);
    });

    it("follows the user's own channels: in-app only, then none", async () => {
      expect(
        (
          await t.prefs(tok.applicant!, {
            trfAccepted: ['inApp'],
            trfReturned: [],
          })
        ).status,
      ).toBe(200);
      const accepted = await t.submittedTrf(tok.applicant!);
      await t.send(accepted.id, 'ACCEPT_APPLICATION', tok.staff!);
      expect((await t.inbox(tok.applicant!)).items.filter((n) => n.recordId === accepted.id).map((n) => n.event)).toEqual(['trfAccepted', 'trfSubmitted']);
      expect((await t.mails('applicant@demo.portico.dev', accepted.trfNo)).map((m) => m.subject)).toEqual([`测试申请单 ${accepted.trfNo} 已提交`]);
      const returned = await t.submittedTrf(tok.applicant!);
      await t.send(returned.id, 'RETURN', tok.staff!, {
        reason: 'Missing sample photo',
      });
      expect((await t.inbox(tok.applicant!)).items.filter((n) => n.recordId === returned.id).map((n) => n.event)).toEqual(['trfSubmitted']);
      expect(await t.mails('applicant@demo.portico.dev', returned.trfNo)).toHaveLength(1);
      expect(
        (
          await h.call({
            method: 'GET',
            url: '/api/notifications/preferences',
            token: tok.applicant,
          })
        ).body.data.preferences,
      ).toEqual({ trfAccepted: ['inApp'], trfReturned: [] });
    });

    it("sends to the company setting's email group: addresses by email, accounts by their channels", async () => {
      const group = await h.call({
        method: 'POST',
        url: '/api/entities/emailGroup',
        payload: {
          doc: {
            name: 'QA desk',
            members: ['qa-desk@example.com', 'admin@demo.portico.dev'],
          },
        },
        token: tok.admin,
      });
      expect(group.status, JSON.stringify(group.body)).toBe(201);
      const setting = await h.call({
        method: 'POST',
        url: '/api/entities/notificationSetting',
        payload: {
          doc: {
            event: 'trfReturned',
            channels: ['email', 'inApp'],
            emailGroups: [group.body.data.id],
            enabled: true,
          },
        },
        token: tok.admin,
      });
      expect(setting.status, JSON.stringify(setting.body)).toBe(201);
      const trf = await t.submittedTrf(tok.applicant!);
      await t.send(trf.id, 'RETURN', tok.staff!, { reason: 'Wrong template' });
      expect(await t.mails('qa-desk@example.com', trf.trfNo)).toMatchObject([{ subject: `测试申请单 ${trf.trfNo} 被退回` }]);
      expect(await t.mails('admin@demo.portico.dev', trf.trfNo)).toHaveLength(1);
      expect((await t.inbox(tok.admin!)).items.filter((n) => n.recordId === trf.id).map((n) => n.event)).toEqual(['trfReturned']);
      // The setting names the group, not the creator (who also said none for this event).
      expect((await t.inbox(tok.applicant!)).items.filter((n) => n.recordId === trf.id).map((n) => n.event)).toEqual(['trfSubmitted']);

      // The admin's own "none" for the event wins over the company's setting; the group's address still gets its mail.
      expect((await t.prefs(tok.admin!, { trfReturned: [] })).status).toBe(200);
      const second = await t.submittedTrf(tok.applicant!);
      await t.send(second.id, 'RETURN', tok.staff!, {
        reason: 'Wrong template',
      });
      expect(await t.mails('qa-desk@example.com', second.trfNo)).toHaveLength(1);
      expect(await t.mails('admin@demo.portico.dev', second.trfNo)).toEqual([]);
      expect((await t.inbox(tok.admin!)).items.filter((n) => n.recordId === second.id)).toEqual([]);
    });

    it('pushes an in-app notification live over /ws and keeps read marks', async () => {
      const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = ChatClient.open(base, {}, { token: tok.applicant });
      await socket.opened();
      const trf = await t.submittedTrf(tok.applicant!);
      await t.send(trf.id, 'ACCEPT_APPLICATION', tok.staff!);
      const pushed = await socket.next((f) => f.type === 'notification' && f.notification.event === 'trfAccepted' && f.notification.recordId === trf.id);
      expect(pushed.notification).toMatchObject({
        entity: 'trf',
        title: `测试申请单 ${trf.trfNo} 已受理`,
        read: false,
      });
      await socket.close();

      const before = await t.inbox(tok.applicant!);
      expect(before.unread).toBeGreaterThan(0);
      const id = pushed.notification.id as number;
      {
        const r = await h.call({
          method: 'POST',
          url: `/api/notifications/${id}/read`,
          payload: { read: true },
          token: tok.applicant,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      expect((await t.inbox(tok.applicant!)).unread).toBe(before.unread - 1);
      expect(
        (
          await h.call({
            method: 'POST',
            url: `/api/notifications/${id}/read`,
            payload: { read: false },
            token: tok.applicant,
          })
        ).status,
      ).toBe(200);
      // Another user's notification is not theirs to mark.
      expect(
        (
          await h.call({
            method: 'POST',
            url: `/api/notifications/${id}/read`,
            payload: { read: true },
            token: tok.buyer,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await h.call({
            method: 'POST',
            url: '/api/notifications/read-all',
            token: tok.applicant,
          })
        ).status,
      ).toBe(200);
      expect((await t.inbox(tok.applicant!)).unread).toBe(0);
    });

    it("reaches another company named by the declaration (an invoice's payer) in-app only where the entity's own mail sends the email", async () => {
      const doc = { payer: { companyId: 'c-applicant', name: '演示申请方有限公司' }, payee: '通标标准技术服务有限公司', currency: 'CNY', preTaxAmount: 100, taxRate: 600, issuedDate: '2026-11-20' };
      const made = await h.call({ method: 'POST', url: '/api/entities/invoice', payload: { doc }, token: tok.staff });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const no = made.body.data.doc.invoiceNo as string;
      // No setting for the event: the payer company's approved admins, in-app (the invoice's declared mail mailed them once).
      expect((await t.inbox(tok.admin!)).items.filter((n) => n.recordId === made.body.data.id)).toMatchObject([{ event: 'invoiceIssued', title: `发票 ${no} 已开具` }]);
      expect((await t.inbox(tok.applicant!)).items.filter((n) => n.recordId === made.body.data.id)).toEqual([]);
      expect(await t.mails('admin@demo.portico.dev', no)).toHaveLength(1);
    });

    it('tells an approved account in-app and by email as its settings choose, after the decision commits', async () => {
      const newcomer = async (name: string) => {
        await h.db.query(
          `insert into users (id, account, user_name, email, password_hash, company_id, roles, status, settings)
           values ($1, $2, $3, $4, 'x', 'c-applicant', '{applicant}', 'emailConfirmed', jsonb_build_object('language', 'en-US'))`,
          [`u-${name}`, name, `${name} Person`, `${name}@example.com`],
        );
        return `u-${name}`;
      };
      const approve = async (id: string) => expect((await h.call({ method: 'POST', url: `/api/accounts/${id}/approve`, token: tok.staff, lang: 'en-US' })).status).toBe(200);
      const inboxOf = async (id: string) => (await t.inbox((await createSession(h.db, id)).token)).items.filter((n) => n.event === 'accountApproved');
      const mailsTo = async (to: string) => (await h.db.query<{ subject: string; body: string }>('select subject, body from outbox where to_address = $1 order by id', [to])).rows;
      // An event of the settings: the user's own choices and the company's settings list it.
      expect((await h.call({ method: 'GET', url: '/api/notifications/preferences', token: tok.applicant })).body.data.events).toContain('accountApproved');

      // No setting: both channels, through the effect queued with the decision.
      const welcome = await newcomer('welcome');
      await approve(welcome);
      expect((await h.db.query("select kind, status, params from effects where subject = 'account' and subject_id = $1", [welcome])).rows).toEqual([
        { kind: 'notify', status: 'done', params: { event: 'accountApproved' } },
      ]);
      expect(await inboxOf(welcome)).toMatchObject([{ event: 'accountApproved', entity: 'account', recordId: welcome, title: 'Your Portico account is approved', read: false }]);
      expect(await mailsTo('welcome@example.com')).toMatchObject([{ subject: 'Your Portico account is approved', body: expect.stringContaining('you can log in to Portico now') }]);

      // The company's setting: by email only.
      const setting = await h.call({ method: 'POST', url: '/api/entities/notificationSetting', payload: { doc: { event: 'accountApproved', channels: ['email'], enabled: true } }, token: tok.admin });
      expect(setting.status, JSON.stringify(setting.body)).toBe(201);
      const mailed = await newcomer('mailed');
      await approve(mailed);
      expect(await inboxOf(mailed)).toEqual([]);
      expect(await mailsTo('mailed@example.com')).toHaveLength(1);

      // The account's own choice (in-app only) wins over the company's.
      const quiet = await newcomer('quiet');
      await h.db.query("insert into notification_preferences (user_id, event, channels) values ($1, 'accountApproved', '{inApp}')", [quiet]);
      await approve(quiet);
      expect(await inboxOf(quiet)).toHaveLength(1);
      expect(await mailsTo('quiet@example.com')).toEqual([]);
    });

    it('refuses bad input with 400 and anonymous callers with 401', async () => {
      const bad = await t.prefs(tok.applicant!, { notAnEvent: ['email'] });
      expect(bad.status).toBe(400);
      expect((await t.prefs(tok.applicant!, { trfAccepted: ['fax'] })).status).toBe(400);
      expect(
        (
          await h.call({
            method: 'POST',
            url: '/api/notifications/abc/read',
            payload: { read: true },
            token: tok.applicant,
          })
        ).status,
      ).toBe(400);
      expect((await h.call({ method: 'GET', url: '/api/notifications' })).status).toBe(401);
    });
  });
}

/**
 * A notification whose process died after the transition committed (its effect written, not
 * run) is delivered by the next server started on the same database.
 */
describe('a notification committed before the process died', () => {
  const killedAfterCommit = async (first: ApiHarness) => {
    // The request's own after-commit run is what the dead process never did.
    first.app.effects.afterCommit = async () => undefined;
    const t = helpers(first);
    const trf = await t.submittedTrf(await first.login('applicant'));
    expect((await t.inbox(await first.login('applicant'))).items.filter((n) => n.recordId === trf.id)).toEqual([]);
    const { rows } = await first.db.query<{ n: number }>("select count(*)::int as n from effects where kind = 'notify' and status = 'pending'");
    expect(rows[0]!.n).toBe(1);
    return trf;
  };
  const delivered = async (next: ApiHarness, trf: { id: string; trfNo: string }) => {
    expect(await next.app.effects.runDue()).toBeGreaterThanOrEqual(1);
    const t = helpers(next);
    expect((await t.inbox(await next.login('applicant'))).items.filter((n) => n.recordId === trf.id).map((n) => n.event)).toEqual(['trfSubmitted']);
    expect(await t.mails('applicant@demo.portico.dev', trf.trfNo)).toHaveLength(1);
    // Delivered once: a second run finds nothing left.
    expect(await next.app.effects.runDue()).toBe(0);
  };

  it('on the embedded database, after a restart', async () => {
    mkdirSync(join(repo, '.tmp'), { recursive: true });
    const dataDir = mkdtempSync(join(repo, '.tmp', 'notify-'));
    try {
      const first = await ApiHarness.onDatabase(await openDatabase({ dataDir }), createStaticRegistry());
      const trf = await killedAfterCommit(first);
      await first.close();
      const next = await ApiHarness.onDatabase(await openDatabase({ dataDir }), createStaticRegistry());
      try {
        await delivered(next, trf);
      } finally {
        await next.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, by another server process, pushed live to a socket on a third', async () => {
    const first = await ApiHarness.start('postgres');
    const openSecond = async () => {
      const db = await openDatabase({ databaseUrl: first.url! });
      return ApiHarness.onDatabase(db, first.registry, {}, () => db.close());
    };
    const [next, listening] = [await openSecond(), await openSecond()];
    try {
      const base = await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = ChatClient.open(base, {}, { token: await listening.login('applicant') });
      await socket.opened();
      const trf = await killedAfterCommit(first);
      await delivered(next, trf);
      const pushed = await socket.next((f) => f.type === 'notification' && f.notification.recordId === trf.id);
      expect(pushed.notification.event).toBe('trfSubmitted');
      await socket.close();
    } finally {
      await listening.close();
      await next.close();
      await first.close();
    }
  });
});
