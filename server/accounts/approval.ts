import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { AnyStateMachine } from 'xstate';
import { machines, toPersisted, type Language, type PersistedSnapshot } from '../../engine/index.ts';
import { isoTime } from '../db/timestamps.ts';
import { decide, record } from '../machines/transitions.ts';
import type { EffectRunner } from '../effects/runner.ts';
import { EntityService } from '../entities/service.ts';
import type { EntityRegistry } from '../../engine/index.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';

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

/** The account machine's states where the provider decides (they take APPROVE or REJECT). */
export const REVIEW_STATES: readonly string[] = Object.entries(machines.accountApproval.root.states)
  .filter(([, node]) => node.transitions.has('APPROVE') || node.transitions.has('REJECT'))
  .map(([state]) => state);

/** Accounts waiting for the provider's review, oldest first. */
export async function pendingAccounts(db: Database): Promise<PendingAccount[]> {
  const { rows } = await db.query<Record<string, any>>(
    `select u.id, u.account, u.user_name, u.email, u.mobile, u.status, u.company_id, c.name as company_name,
       c.approval_status, u.created_at
     from users u join companies c on c.id = u.company_id where u.status = any($1::text[]) order by u.created_at`,
    [REVIEW_STATES],
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

/** The stored status as the machine's snapshot (these machines keep no context). */
const stored = (machine: AnyStateMachine, state: string): PersistedSnapshot => toPersisted(machine, machine.resolveState({ value: state, context: {} }));

/**
 * The provider approves or refuses an account: account-approval.machine.ts decides from the
 * stored status (APPROVE, or REJECT with its reason) and a company still waiting for
 * certification is decided with its first account through customer-approval.machine.ts — as an
 * event of its `company` record (schemas/company/), through the entity's own transition path, so
 * the record, its `companies` projection, its audit row and its mail move together. The new
 * states, an audit row per machine and the machines' declared mails (effects) commit together;
 * the mails are sent after the commit. An approved first account of a company without an admin
 * becomes the company's customer admin.
 */
export async function decideAccount(
  db: Database,
  registry: EntityRegistry,
  effects: EffectRunner,
  userId: string,
  decision: { approve: true } | { approve: false; reason: unknown },
  actorId: string,
  lang: Language,
): Promise<void> {
  const reason = decision.approve ? undefined : typeof decision.reason === 'string' ? decision.reason.trim() : '';
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; company_id: string; approval_status: string; company_admin: boolean }>(
      `select u.status, u.company_id, c.approval_status,
         exists (select 1 from users a where a.company_id = u.company_id and a.id <> u.id and a.is_admin and a.status = 'approved' and a.account_state = 'enabled') as company_admin
       from users u join companies c on c.id = u.company_id where u.id = $1 for update of u, c`,
      [userId],
    );
    const user = rows[0];
    if (!user) throw new ApiError(404, 'NOT_FOUND');
    const account = decide({
      machine: machines.accountApproval,
      subject: { kind: 'account', id: userId },
      snapshot: stored(machines.accountApproval, user.status),
      event: reason === undefined ? { type: 'APPROVE', companyAdmin: user.company_admin } : { type: 'REJECT', reason },
      lang,
    });
    const companyEvent = reason === undefined ? { type: 'APPROVE' } : { type: 'REFUSE', reason };
    const company =
      user.approval_status === 'todo'
        ? decide({ machine: machines.customerApproval, subject: { kind: 'company', id: user.company_id }, snapshot: stored(machines.customerApproval, 'todo'), event: companyEvent, lang })
        : undefined;
    if (company) {
      const { type, ...payload } = company.event;
      if (!(await new EntityService(db).sendInside(tx, registry.get('company'), user.company_id, { type, payload }, actorId))) {
        throw new ApiError(409, 'EVENT_NOT_ALLOWED', { action: type, state: user.approval_status });
      }
    }
    // The first account of a company without an admin (a new company's: no one to confirm it) becomes its
    // customer admin, as offline registration's first account does (first-account.ts): the company's
    // mails to its admins (a quotation to confirm, a payment requested) reach someone, and it confirms later applicants.
    const firstAdmin = reason === undefined && !user.company_admin;
    await tx.query('update users set status = $2, reject_reason = $3, is_admin = is_admin or $4 where id = $1', [userId, account.to, reason ?? null, firstAdmin]);
    forgetUserLocally(userId);
    // The account's decision mail is queued last: the newest mail the applicant gets is about their account.
    await record(tx, account, actorId, reason === undefined ? {} : { reason });
  });
  await effects.afterCommit();
}
