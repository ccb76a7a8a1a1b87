import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { startIntervalWorker, type WorkerContext } from '../db/claim-loop.ts';
import type { AppMetrics } from '../observe/metrics.ts';

/** What the worker needs of a mail transport (nodemailer's, or a test's). */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/**
 * nodemailer's waits unless the SMTP URL's query sets its own (`?greetingTimeout=5000`): its
 * defaults (2 minutes to connect, 30 s for the greeting, 10 minutes of silence) let a stalled
 * server hold a send for minutes.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Mails claimed at a time. */
const BATCH = 10;

/**
 * How long claimed mail is leased to the worker that claimed it: no other worker sends it
 * meanwhile; if this process dies mid-send it is due again after this (so a mail may, rarely, go
 * twice: SMTP has no way to ask whether it arrived). Longer than a batch of sends at the timeouts.
 */
const LEASE_SECONDS = 600;

/** Attempts before a mail is failed for good; the wait after the n-th failed one is 30 s × 2^(n-1). */
const MAX_ATTEMPTS = 8;

/** An SMTP transport for `smtpUrl` (smtp://user:pass@host:port), with SMTP_TIMEOUTS unless the URL's query gives others. */
export async function smtpTransport(smtpUrl: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
}

interface PendingMail {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
  /** The request that queued it (server/observe/request-context.ts), logged with its delivery. */
  request_id: string | null;
}

/** Where deliveries are logged (by outbox id and request id, never the address) and counted; `signal`: stop sending. */
export type MailContext = WorkerContext & { metrics?: AppMetrics };

/** Puts claimed mail back in the queue, due now (the lease given up: the server stops, or a send failed). */
async function release(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query(`update outbox set next_attempt_at = now() where id = any(string_to_array($1, ',')::bigint[]) and status = 'pending'`, [ids.join(',')]);
}

/**
 * Sends the pending mail that is due: claims up to BATCH rows (`for update skip locked`, leased
 * for LEASE_SECONDS in the same statement, which commits at once), sends each with no transaction
 * open (a stalled SMTP server holds no database connection or row lock, and on the embedded
 * database no request waits behind it), then marks it sent, or counts the failure and sets the
 * next attempt. After a failure the rest of the batch is released for the next tick rather than
 * tried against the same server now; so is it when the server stops (`ctx.signal`) between two
 * sends. Returns how many were sent.
 */
export async function deliverPendingMail(db: Database, transport: MailTransport, from: string, ctx: MailContext = {}): Promise<number> {
  const { rows } = await db.query<PendingMail>(
    `update outbox set next_attempt_at = now() + make_interval(secs => $1)
     where id in (select id from outbox where status = 'pending' and next_attempt_at <= now() order by id limit $2 for update skip locked)
     returning id::int as id, to_address, subject, body, attempts, request_id`,
    [LEASE_SECONDS, BATCH],
  );
  const claimed = rows.sort((a, b) => a.id - b.id);
  let sent = 0;
  for (const [i, m] of claimed.entries()) {
    if (ctx.signal?.aborted) {
      await release(db, claimed.slice(i).map((r) => r.id));
      return sent;
    }
    try {
      await transport.sendMail({ from, to: m.to_address, subject: m.subject, text: m.body });
    } catch (err) {
      await failedSend(db, m, err, ctx);
      await release(db, claimed.slice(i + 1).map((r) => r.id));
      return sent;
    }
    await db.query("update outbox set status = 'sent', sent_at = now(), attempts = attempts + 1 where id = $1", [m.id]);
    ctx.metrics?.mailDeliveries.inc({ outcome: 'sent' });
    ctx.log?.info({ reqId: m.request_id, outboxId: m.id }, 'mail sent');
    sent += 1;
  }
  return sent;
}

/** Counts a failed send: due again after a wait growing with its attempts, or failed for good after MAX_ATTEMPTS. */
async function failedSend(db: Database, m: PendingMail, err: unknown, ctx: MailContext): Promise<void> {
  const failed = m.attempts + 1 >= MAX_ATTEMPTS;
  await db.query(`update outbox set attempts = attempts + 1, last_error = $2, status = $3, next_attempt_at = now() + make_interval(secs => $4) where id = $1`, [
    m.id,
    String(err).slice(0, 500),
    failed ? 'failed' : 'pending',
    30 * 2 ** m.attempts,
  ]);
  ctx.metrics?.mailDeliveries.inc({ outcome: failed ? 'failed' : 'retry' });
  ctx.log?.warn({ reqId: m.request_id, outboxId: m.id, attempts: m.attempts + 1, error: String(err).slice(0, 200) }, failed ? 'mail failed for good' : 'mail send failed; retrying later');
}

/**
 * Delivers pending mail over SMTP every `intervalMs` (one run at a time; a run that fails, the
 * database's outage included, is logged and the next tick tries again). The returned function
 * stops it and waits for a run in progress.
 */
export function startMailWorker(
  db: Database,
  smtpUrl: string,
  intervalMs = 2000,
  from = process.env.SMTP_FROM ?? 'Portico <no-reply@portico.local>',
  observe: { log?: FastifyBaseLogger; metrics?: AppMetrics } = {},
): () => Promise<void> {
  let transport: Promise<MailTransport> | undefined;
  return startIntervalWorker('mail worker', async (signal) => deliverPendingMail(db, await (transport ??= smtpTransport(smtpUrl)), from, { ...observe, signal }), intervalMs, observe.log);
}
