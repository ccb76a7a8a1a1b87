import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import { pickLanguage, type Language } from '../../engine/index.ts';
import { decisionMail } from './mail-texts.ts';
import { isoTime } from '../db/timestamps.ts';

export interface PendingAccount {
  id: string;
  account: string;
  userName: string;
  email: string | null;
  mobile: string | null;
  status: string;
  companyId: string;
  companyName: string;
  companyStatus: string;
  createdAt: string;
}

/** Accounts waiting for the provider's review, oldest first. */
export async function pendingAccounts(db: Database): Promise<PendingAccount[]> {
  const { rows } = await db.query<Record<string, any>>(
    `select u.id, u.account, u.user_name, u.email, u.mobile, u.status, u.company_id, c.name as company_name,
       c.approval_status, u.created_at
     from users u join companies c on c.id = u.company_id where u.status = 'toBeReviewed' order by u.created_at`,
  );
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    userName: r.user_name,
    email: r.email,
    mobile: r.mobile,
    status: r.status,
    companyId: r.company_id,
    companyName: r.company_name,
    companyStatus: r.approval_status,
    createdAt: isoTime(r.created_at),
  }));
}

/**
 * Approves or refuses an account under review; a company still waiting (`todo`) is decided with
 * its first account. The applicant is told by email, in the same transaction.
 */
export async function decideAccount(
  db: Database,
  outbox: Outbox,
  userId: string,
  approve: boolean,
  reason: unknown,
  lang: Language,
): Promise<void> {
  // The decision is mailed in the language the applicant registered in.
  if (!approve && (typeof reason !== 'string' || !reason.trim() || reason.length > 500)) {
    throw new ApiError(400, 'VALIDATION_FAILED', {}, [{ field: 'reason', keyword: 'required', message: lang === 'zh-CN' ? '请填写拒绝原因' : 'A reason is required' }]);
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string | null; company_id: string; language: string | null }>(
      `update users set status = $2, reject_reason = $3 where id = $1 and status = 'toBeReviewed'
       returning email, company_id, settings->>'language' as language`,
      [userId, approve ? 'approved' : 'rejected', approve ? null : reason],
    );
    const user = rows[0];
    if (!user) throw new ApiError(404, 'NOT_FOUND');
    await tx.query(`update companies set approval_status = $2, reject_reason = $3 where id = $1 and approval_status = 'todo'`, [
      user.company_id,
      approve ? 'approved' : 'refused',
      approve ? null : reason,
    ]);
    const mailLang = pickLanguage(user.language);
    if (user.email) await outbox.queue(tx, decisionMail(user.email, approve, approve ? undefined : String(reason), mailLang));
  });
}
