import type { UserNotification } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';

export type { UserNotification };

/** The two ways a notification reaches a person (schemas/notificationSetting/ `channels`). */
export type NotifyChannel = 'email' | 'inApp';
export const NOTIFY_CHANNELS: readonly NotifyChannel[] = ['email', 'inApp'];

/** What every process hears when a notification is stored: whose it is, and the notification. */
export interface NotificationPush {
  userId: string;
  notification: UserNotification;
}

/** The NOTIFY channel prefix of notifications (listen-hub.ts `schemaChannel`: per database schema). */
export const NOTIFICATION_CHANNEL_PREFIX = 'portico_notify';

const JSON_OF = (n: string) => `json_build_object('id', ${n}.id, 'event', ${n}.event, 'entity', ${n}.entity, 'recordId', ${n}.record_id,
  'title', ${n}.title, 'body', ${n}.body, 'read', ${n}.read_at is not null,
  'createdAt', to_char(${n}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * Stores a user's in-app notification and notifies `channel` in the same statement: the NOTIFY
 * goes out only when the caller's transaction commits, so a live push is never of a notification
 * that was rolled back.
 */
export async function storeNotification(
  tx: Queryable,
  channel: string,
  n: {
    userId: string;
    event: string;
    entity: string;
    recordId: string;
    title: string;
    body: string;
  },
): Promise<void> {
  await tx.query(
    `with n as (insert into notifications (user_id, event, entity, record_id, title, body) values ($1, $2, $3, $4, $5, $6) returning *)
     select pg_notify($7, json_build_object('userId', n.user_id, 'notification', ${JSON_OF('n')})::text) from n`,
    [n.userId, n.event, n.entity, n.recordId, n.title, n.body, channel],
  );
}

/** A page of the user's notifications, the latest first, with how many are unread. */
export async function listNotifications(db: Queryable, userId: string, limit: number, before?: number): Promise<{ unread: number; items: UserNotification[] }> {
  const { rows } = await db.query<{ j: UserNotification }>(
    `select ${JSON_OF('n')} as j from notifications n where user_id = $1 ${before ? 'and id < $3' : ''} order by id desc limit $2`,
    before ? [userId, limit, before] : [userId, limit],
  );
  return { unread: await unreadCount(db, userId), items: rows.map((r) => r.j) };
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and read_at is null', [userId]);
  return rows[0]?.n ?? 0;
}

/** Marks the user's notification read (or unread again); false when the user has no such notification. */
export async function setRead(db: Queryable, userId: string, id: number, read: boolean): Promise<boolean> {
  const { rows } = await db.query(`update notifications set read_at = case when $3 then coalesce(read_at, now()) else null end where id = $1 and user_id = $2 returning id`, [id, userId, read]);
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, userId: string): Promise<void> {
  await db.query('update notifications set read_at = now() where user_id = $1 and read_at is null', [userId]);
}

/** The user's own channels per event (an event absent: the company's setting decides). */
export async function getPreferences(db: Queryable, userId: string): Promise<Record<string, NotifyChannel[]>> {
  const { rows } = await db.query<{ event: string; channels: NotifyChannel[] }>('select event, channels from notification_preferences where user_id = $1', [userId]);
  return Object.fromEntries(rows.map((r) => [r.event, r.channels]));
}

/** Replaces the user's preferences, in one transaction's statements. */
export async function setPreferences(tx: Queryable, userId: string, prefs: Readonly<Record<string, readonly NotifyChannel[]>>): Promise<void> {
  await tx.query('delete from notification_preferences where user_id = $1', [userId]);
  for (const [event, channels] of Object.entries(prefs)) {
    await tx.query('insert into notification_preferences (user_id, event, channels) values ($1, $2, $3::text[])', [userId, event, [...channels]]);
  }
}
