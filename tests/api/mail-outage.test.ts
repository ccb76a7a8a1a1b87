import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingMail, smtpTransport } from '../../server/mail/mail-worker.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { eventually } from '../support/eventually.ts';
import { startFakeSmtp, type FakeSmtp } from '../support/smtp-server.ts';

const FROM = 'Portico <no-reply@portico.test>';

type Row = { to_address: string; status: string; attempts: number; last_error: string | null; wait: number };

/**
 * Issue 52 item 5: a stalled SMTP server. Mail stays queued in the outbox (pending, its failed
 * attempt counted, retried later), the send gives up after the transport's timeouts, requests that
 * queue mail answer meanwhile (the worker holds no transaction while it sends: on PGlite that
 * would hold every request), and the queued mail goes out once a server answers.
 */
describe.each(BACKENDS)('mail while the SMTP server stalls, on %s', (backend) => {
  let h: ApiHarness;
  let stalled: FakeSmtp;
  let answering: FakeSmtp;
  beforeAll(async () => {
    stalled = await startFakeSmtp('stalled');
    answering = await startFakeSmtp('answering');
    h = await ApiHarness.start(backend, [], { smtpConfigured: true });
  });
  afterAll(async () => {
    await h?.close();
    await stalled?.close();
    await answering?.close();
  });

  const sendCode = (email: string) => h.call({ method: 'POST', url: '/api/accounts/codes', payload: { email, purpose: 'resetPassword' } });
  const rows = async () =>
    (
      await h.db.query<Row>(
        "select to_address, status, attempts, last_error, extract(epoch from (next_attempt_at - now()))::int as wait from outbox where to_address like '%@demo.portico.dev' order by id",
      )
    ).rows;

  it('keeps the mail queued when the server never answers, while requests that queue mail go on', async () => {
    for (const email of ['buyer@demo.portico.dev', 'supplier@demo.portico.dev']) expect((await sendCode(email)).status).toBe(200);
    expect((await rows()).map((r) => r.status)).toEqual(['pending', 'pending']);

    const transport = await smtpTransport(stalled.url('connectionTimeout=2000&greetingTimeout=4000&socketTimeout=4000'));
    let settled = false;
    const delivering = deliverPendingMail(h.db, transport, FROM).finally(() => {
      settled = true;
    });
    expect(await eventually(async () => stalled.connections() > 0, 10_000)).toBe(true);
    // The send is waiting for a greeting that never comes; a request that queues mail answers meanwhile.
    const during = await sendCode('agent@demo.portico.dev');
    expect(during.status, JSON.stringify(during.body)).toBe(200);
    expect(settled, 'answered before the send gave up').toBe(false);

    expect(await delivering).toBe(0);
    const [first, second, third] = await rows();
    // The first mail's attempt failed on the greeting's timeout: still pending, counted, retried in 30 s.
    expect(first).toMatchObject({ to_address: 'buyer@demo.portico.dev', status: 'pending', attempts: 1 });
    expect(first!.last_error).toMatch(/greeting|timeout/i);
    expect(first!.wait).toBeGreaterThan(20);
    // The rest of the batch was not tried against the same server: released, due at the next tick.
    expect(second).toMatchObject({ to_address: 'supplier@demo.portico.dev', status: 'pending', attempts: 0 });
    expect(second!.wait).toBeLessThanOrEqual(0);
    expect(third).toMatchObject({ to_address: 'agent@demo.portico.dev', status: 'pending', attempts: 0 });
  });

  it('sends the queued mail once a server answers', async () => {
    await h.db.query("update outbox set next_attempt_at = now() where status = 'pending'");
    expect(await deliverPendingMail(h.db, await smtpTransport(answering.url()), FROM)).toBe(3);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(answering.received).toHaveLength(3);
  });
});
