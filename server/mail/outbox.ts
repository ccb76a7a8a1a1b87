import type { Database, Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Email goes through an outbox table, written in the same transaction as the change that
 * causes it. With SMTP configured (SMTP_URL) a worker delivers pending rows; without it the
 * rows are kept as 'stored', readable by internal staff in the product, so a user of the
 * embedded default can still finish registration.
 */
export class Outbox {
  constructor(readonly smtpConfigured: boolean) {}

  async queue(tx: Queryable, mail: Mail): Promise<void> {
    await tx.query('insert into outbox (to_address, subject, body, status) values ($1, $2, $3, $4)', [
      mail.to,
      mail.subject,
      mail.body,
      this.smtpConfigured ? 'pending' : 'stored',
    ]);
  }
}

export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  body: string;
  status: string;
  createdAt: string;
}

export async function listOutbox(db: Queryable, to?: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<{ id: number; to_address: string; subject: string; body: string; status: string; created_at: Date | string }>(
    `select id::int as id, to_address, subject, body, status, created_at from outbox
     where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit 200`,
    [to ?? null],
  );
  return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, body: r.body, status: r.status, createdAt: isoTime(r.created_at) }));
}

/** Delivers pending mail over SMTP: rows claimed with FOR UPDATE SKIP LOCKED, retried with backoff. */
export function startMailWorker(db: Database, smtpUrl: string, intervalMs = 2000): () => void {
  let stopped = false;
  let transport: { sendMail(m: object): Promise<unknown> } | undefined;
  const tick = async () => {
    transport ??= (await import('nodemailer')).createTransport(smtpUrl);
    const from = process.env.SMTP_FROM ?? 'Portico <no-reply@portico.local>';
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; to_address: string; subject: string; body: string; attempts: number }>(
        `select id::int as id, to_address, subject, body, attempts from outbox
         where status = 'pending' and next_attempt_at <= now() order by id limit 10 for update skip locked`,
      );
      for (const m of rows) {
        try {
          await transport!.sendMail({ from, to: m.to_address, subject: m.subject, text: m.body });
          await tx.query("update outbox set status = 'sent', sent_at = now(), attempts = attempts + 1 where id = $1", [m.id]);
        } catch (err) {
          const failed = m.attempts + 1 >= 8;
          await tx.query(
            `update outbox set attempts = attempts + 1, last_error = $2, status = $3,
               next_attempt_at = now() + make_interval(secs => $4) where id = $1`,
            [m.id, String(err).slice(0, 500), failed ? 'failed' : 'pending', 30 * 2 ** m.attempts],
          );
        }
      }
    });
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch((err) => console.error('mail worker', err));
  }, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
