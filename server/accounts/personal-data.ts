import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

/** Rows of each list an export holds at most (newest first); a list that reached it is named in `truncated`. */
export const PERSONAL_DATA_ROWS = 5_000;

type Row = Record<string, unknown>;

/** Times (`at`, `…At`) as ISO text, so the file reads the same on both databases. */
const dated = (rows: Row[]): Row[] =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, (k === 'at' || k.endsWith('At')) && v !== null ? isoTime(v as Date | string) : v])));

/**
 * What an export lists beside the account, each query taking the user's id and the row cap. Only
 * what the user is or did: their own audit rows without their payloads (a change's values may be
 * another person's data), their account's own change history, the records they created by entity
 * and id (the records themselves are their company's, shown in the portal), their messages.
 */
const LISTS = {
  accountChanges: `select a.at, a.entity, a.kind, a.event, a.from_states as "fromStates", a.to_states as "toStates", a.payload, a.actor_id as "actorId"
    from audit a where a.entity in ('account', '$account') and a.record_id = $1 order by a.id desc limit $2`,
  audit: `select a.at, a.entity, a.record_id as "recordId", a.kind, a.event, a.from_states as "fromStates", a.to_states as "toStates",
      a.changed_fields as "changedFields", a.version
    from audit a where a.actor_id = $1 order by a.id desc limit $2`,
  sessions: `select s.created_at as "createdAt", s.expires_at as "expiresAt", s.revoked_at as "revokedAt" from sessions s
    where s.user_id = $1 order by s.created_at desc limit $2`,
  recordsCreated: `select r.entity, r.id, r.state, r.created_at as "createdAt" from records r where r.created_by = $1 order by r.created_at desc, r.id limit $2`,
  chatMessages: `select m.record_id as "recordId", m.body, m.files, m.created_at as "createdAt" from chat_messages m
    where m.sender_id = $1 order by m.id desc limit $2`,
  notifications: `select n.event, n.entity, n.record_id as "recordId", n.title, n.body, n.created_at as "createdAt", n.read_at as "readAt"
    from notifications n where n.user_id = $1 order by n.id desc limit $2`,
  notificationPreferences: `select p.event, p.channels from notification_preferences p where p.user_id = $1 order by p.event limit $2`,
  clientErrors: `select e.url, e.type, e.message, e.count, e.first_seen as "firstSeenAt", e.last_seen as "lastSeenAt" from error_logs e
    where e.user_id = $1 order by e.id desc limit $2`,
} as const;

export type PersonalDataList = keyof typeof LISTS;

/**
 * A user's personal data (PIPL, GDPR; docs/operations.md, Personal data): their account as stored
 * (no password hash), their posts, and each list of LISTS, every one bounded by `rows`.
 */
export async function personalData(db: Queryable, userId: string, rows = PERSONAL_DATA_ROWS): Promise<Row | undefined> {
  const { rows: accounts } = await db.query<Row>(
    `select u.id, u.account, u.user_name as "userName", u.email, u.mobile, u.contact_number as "contactNumber", u.department,
       u.company_id as "companyId", c.name as "companyName", u.status, u.account_state as "accountState", u.is_admin as "isAdmin",
       u.dimensions, u.posts, u.settings, u.guide, u.receive_marketing as "receiveMarketing", u.terms_accepted_at as "termsAcceptedAt",
       u.created_at as "createdAt"
     from users u join companies c on c.id = u.company_id where u.id = $1`,
    [userId],
  );
  const account = accounts[0];
  if (!account) return undefined;
  const lists: Row = {};
  const truncated: string[] = [];
  for (const [name, sql] of Object.entries(LISTS)) {
    const { rows: found } = await db.query<Row>(sql, [userId, rows]);
    lists[name] = dated(found);
    if (found.length >= rows) truncated.push(name);
  }
  return { exportedAt: new Date().toISOString(), account: dated([account])[0], ...lists, limits: { rowsPerList: rows, truncated } };
}
