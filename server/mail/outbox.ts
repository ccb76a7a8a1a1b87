import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';
import { currentRequestId } from '../observe/request-context.ts';

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

  /** Queues the mail with the request id of the work queuing it (the delivery logs it). */
  async queue(tx: Queryable, mail: Mail): Promise<void> {
    await tx.query('insert into outbox (to_address, subject, body, status, request_id) values ($1, $2, $3, $4, $5)', [
      mail.to,
      mail.subject,
      mail.body,
      this.smtpConfigured ? 'pending' : 'stored',
      currentRequestId(),
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
