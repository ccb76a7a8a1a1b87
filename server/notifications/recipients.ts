import { pickLanguage, rolesOf, type AccessDeclarations, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { NOTIFY_CHANNELS, type NotifyChannel } from './notifications-repo.ts';

/** Someone a notification reaches: an account (in-app and/or email) or an address no account holds (email only). */
export interface NotifyTarget {
  userId?: string;
  address?: string;
  lang: Language;
  channels: NotifyChannel[];
}

type UserRow = {
  id: string;
  email: string | null;
  language: string | null;
  dimensions: Record<string, unknown> | null;
  is_admin: boolean;
};
type Setting = {
  enabled?: boolean;
  channels?: NotifyChannel[];
  contacts?: string[];
  emailGroups?: string[];
  roles?: string[];
};

const USERS = `select id, email, settings->>'language' as language, dimensions, is_admin from users`;

/**
 * Who a notification of `event` reaches (docs/architecture.md, Notifications). Per company: its
 * notification setting for the event (schemas/notificationSetting/) names the channels and the
 * people — accounts holding its roles, its contacts and its email groups' members (an address an
 * approved account holds is that account); a setting switched off reaches nobody; with no setting
 * both channels reach the record's creator (its own company) or the company's approved admins (another). Then
 * each account's own choice for the event (notification_preferences) replaces the channels: both,
 * one, or none. Each person once, with the channels of their first mention. `aboutCreator`: the
 * news is the creator's own (their account approved): a setting of their company gives the
 * channels it reaches them by, and no one else. `staff`: the accounts that handle the record
 * (handled-by.ts), reached by both channels unless their own choice says otherwise.
 */
export async function notifyTargets(
  tx: Queryable,
  event: string,
  record: { companyId: string; createdBy: string },
  companyIds: readonly string[],
  access: AccessDeclarations,
  opts: { aboutCreator?: boolean; staff?: readonly string[] } = {},
): Promise<NotifyTarget[]> {
  const { aboutCreator = false } = opts;
  const out: NotifyTarget[] = [];
  const seen = new Set<string>();
  const add = (key: string, t: NotifyTarget) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(t);
  };
  const asUser = (u: UserRow, channels: NotifyChannel[]) =>
    add(`u:${u.id}`, {
      userId: u.id,
      ...(u.email ? { address: u.email } : {}),
      lang: pickLanguage(u.language),
      channels,
    });
  for (const companyId of companyIds) {
    const { rows } = await tx.query<{ doc: Setting }>(`select doc from records where entity = 'notificationSetting' and company_id = $1 and doc->>'event' = $2 limit 1`, [companyId, event]);
    const setting = rows[0]?.doc;
    if (!setting) {
      // No setting: the record's creator for its own company, the approved admins for another.
      const { rows: people } =
        companyId === record.companyId
          ? await tx.query<UserRow>(`${USERS} where id = $1 and status = 'approved'`, [record.createdBy])
          : await tx.query<UserRow>(`${USERS} where company_id = $1 and is_admin and status = 'approved' order by created_at`, [companyId]);
      for (const u of people) asUser(u, [...NOTIFY_CHANNELS]);
      continue;
    }
    if (setting.enabled === false) continue;
    const channels = (setting.channels ?? []).filter((c) => NOTIFY_CHANNELS.includes(c));
    if (aboutCreator && companyId === record.companyId) {
      for (const u of (await tx.query<UserRow>(`${USERS} where id = $1 and status = 'approved'`, [record.createdBy])).rows) asUser(u, channels);
      continue;
    }
    if (setting.roles?.length) {
      const { rows: users } = await tx.query<UserRow>(`${USERS} where company_id = $1 and status = 'approved' order by created_at`, [companyId]);
      const wanted = new Set(setting.roles);
      for (const u of users)
        if (
          rolesOf(access, {
            dimensions: u.dimensions ?? {},
            isAdmin: u.is_admin,
          }).some((r) => wanted.has(r))
        )
          asUser(u, channels);
    }
    const ids = [...(setting.contacts ?? []), ...(setting.emailGroups ?? [])];
    const { rows: linked } = await tx.query<{
      entity: string;
      doc: { email?: string; members?: string[] };
    }>(`select entity, doc from records where company_id = $1 and id = any($2::text[]) and entity in ('contact', 'emailGroup') order by entity, id`, [companyId, ids]);
    for (const address of linked.flatMap((r) => (r.entity === 'contact' ? (r.doc.email ? [r.doc.email] : []) : (r.doc.members ?? [])))) {
      const { rows: holder } = await tx.query<UserRow>(`${USERS} where lower(email) = lower($1) and status = 'approved' order by created_at limit 1`, [address]);
      if (holder[0]) asUser(holder[0], channels);
      else
        add(`a:${address.toLowerCase()}`, {
          address,
          lang: pickLanguage(null),
          channels: channels.filter((c) => c === 'email'),
        });
    }
  }
  if (opts.staff?.length) for (const u of (await tx.query<UserRow>(`${USERS} where id = any($1::text[]) order by created_at, id`, [[...opts.staff]])).rows) asUser(u, [...NOTIFY_CHANNELS]);
  // Each account's own choice for the event wins over its company's.
  const users = out.filter((t) => t.userId).map((t) => t.userId!);
  const { rows: prefs } = await tx.query<{
    user_id: string;
    channels: NotifyChannel[];
  }>('select user_id, channels from notification_preferences where event = $1 and user_id = any($2::text[])', [event, users]);
  const own = new Map(prefs.map((p) => [p.user_id, p.channels]));
  for (const t of out) if (t.userId && own.has(t.userId)) t.channels = own.get(t.userId)!;
  return out.filter((t) => t.channels.length);
}
