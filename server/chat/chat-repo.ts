import type { ChatFile, ChatMessage, EntityRegistry, RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { fieldExpression } from '../db/sql-expressions.ts';
import { isoTime } from '../db/timestamps.ts';
import { visibilityPredicate, type Scope } from '../entities/visibility.ts';
import { handlesSql } from '../entities/handled-by.ts';

export type { ChatMessage };

type Raw = { id: number; record_id: string; sender_id: string; sender_name: string; sender_side: ChatMessage['side']; client_id: string; body: string; files: ChatFile[]; created_at: Date | string };
const COLUMNS = 'id::int as id, record_id, sender_id, sender_name, sender_side, client_id, body, files, created_at';
const messageOf = (r: Raw): ChatMessage => ({
  id: r.id,
  recordId: r.record_id,
  senderId: r.sender_id,
  senderName: r.sender_name,
  side: r.sender_side,
  clientId: r.client_id,
  body: r.body,
  files: r.files,
  createdAt: isoTime(r.created_at),
});

/** A history page: the messages before a point, oldest first, and whether older ones remain. */
export interface HistoryPage {
  messages: ChatMessage[];
  hasMore: boolean;
}

export const HISTORY_PAGE = 30;

/**
 * The NOTIFY channel prefix of chat messages (listen-hub.ts `schemaChannel`). Channels are per database, not per schema:
 * the schema is in the name, so servers on other schemas of one database (tests) do not hear them.
 */
export const CHAT_CHANNEL_PREFIX = 'portico_chat';

/** A stored message as the JSON every process hears (the fields and form of `ChatMessage`). */
const MESSAGE_JSON = `json_build_object('id', m.id, 'recordId', m.record_id, 'senderId', m.sender_id, 'senderName', m.sender_name,
  'side', m.sender_side, 'clientId', m.client_id, 'body', m.body, 'files', m.files,
  'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;

/** A message to store: who sent it, where, and the client's own id of it. */
export type NewMessage = { recordId: string; senderId: string; senderName: string; side: ChatMessage['side']; clientId: string; body: string; files: ChatFile[] };

/**
 * Stores messages and notifies every server process of each in one statement (one transaction, one
 * round trip): the NOTIFY goes out only when the rows are committed, so what a listener hears is
 * always stored. Each sender has read up to their own message. A message sent again (same sender
 * and client id) is the stored one, not notified again (`fresh: false`). The answers are in the
 * order of `messages`. Several at once (message-writer.ts) share one commit: PostgreSQL makes the
 * commits of notifying transactions take turns, so one per message would queue the messages up.
 */
export async function saveMessages(db: Queryable, channel: string, messages: readonly NewMessage[]): Promise<{ message: ChatMessage; fresh: boolean }[]> {
  const col = <K extends keyof NewMessage>(k: K) => messages.map((m) => m[k]);
  const { rows } = await db.query<{ json: string }>(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) with ordinality
         as i(record_id, sender_id, sender_name, sender_side, client_id, body, files, n)),
     m as (
       insert into chat_messages (record_id, sender_id, sender_name, sender_side, client_id, body, files)
       select record_id, sender_id, sender_name, sender_side, client_id, body, files::jsonb from input order by n
       on conflict (sender_id, client_id) do nothing returning *),
     r as (
       insert into chat_reads (user_id, record_id, last_read_id) select m.sender_id, m.record_id, max(m.id) from m group by m.sender_id, m.record_id
       on conflict (user_id, record_id) do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id)),
     j as (select ${MESSAGE_JSON} as json from m)
     select j.json, pg_notify($8, j.json) from j`,
    [col('recordId'), col('senderId'), col('senderName'), col('side'), col('clientId'), col('body'), messages.map((m) => JSON.stringify(m.files)), channel],
  );
  const key = (senderId: string, clientId: string) => `${senderId}\u0000${clientId}`;
  const fresh = new Map(rows.map((r) => JSON.parse(r.json) as ChatMessage).map((m) => [key(m.senderId, m.clientId), m]));
  const again = messages.filter((m) => !fresh.has(key(m.senderId, m.clientId)));
  const stored = new Map<string, ChatMessage>();
  if (again.length) {
    const { rows: old } = await db.query<Raw>(`select ${COLUMNS} from chat_messages where (sender_id, client_id) in (select * from unnest($1::text[], $2::text[]))`, [
      again.map((m) => m.senderId),
      again.map((m) => m.clientId),
    ]);
    for (const r of old) stored.set(key(r.sender_id, r.client_id), messageOf(r));
  }
  // The first of a pair sent twice in one group is the fresh one; the second, the stored one.
  const answered = new Set<string>();
  return messages.map((m) => {
    const k = key(m.senderId, m.clientId);
    const first = fresh.get(k);
    if (first && !answered.has(k)) {
      answered.add(k);
      return { message: first, fresh: true };
    }
    return { message: first ?? stored.get(k)!, fresh: false };
  });
}

/** One message stored and notified (saveMessages). */
export async function saveMessage(db: Queryable, channel: string, m: NewMessage): Promise<{ message: ChatMessage; fresh: boolean }> {
  return (await saveMessages(db, channel, [m]))[0]!;
}

/** The chat's messages before `before` (the latest without it), oldest first. */
export async function historyPage(db: Queryable, recordId: string, before?: number, limit = HISTORY_PAGE): Promise<HistoryPage> {
  const { rows } = await db.query<Raw>(
    `select ${COLUMNS} from chat_messages where record_id = $1 ${before !== undefined ? 'and id < $3' : ''} order by id desc limit $2`,
    before !== undefined ? [recordId, limit + 1, before] : [recordId, limit + 1],
  );
  return { messages: rows.slice(0, limit).reverse().map(messageOf), hasMore: rows.length > limit };
}

/** A user's read mark moved, as every process hears it on the chat channel: their other sockets' headers read their count again. */
export interface ReadMark {
  readBy: string;
  recordId: string;
}

/**
 * The user has read the chat up to message `upTo` (never backwards). When the mark moved, every
 * process hears it on `channel` (at commit), so the user's header on another device follows.
 */
export async function markRead(db: Queryable, channel: string, userId: string, recordId: string, upTo: number): Promise<void> {
  await db.query(
    `with moved as (
       insert into chat_reads (user_id, record_id, last_read_id) values ($1, $2, $3)
       on conflict (user_id, record_id) do update set last_read_id = excluded.last_read_id
         where chat_reads.last_read_id < excluded.last_read_id
       returning user_id)
     select pg_notify($4, json_build_object('readBy', $1::text, 'recordId', $2::text)::text) from moved`,
    [userId, recordId, upTo, channel],
  );
}

/** Messages of others the user has not read in one chat. */
export async function unreadIn(db: Queryable, userId: string, recordId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from chat_messages m left join chat_reads cr on cr.user_id = $1 and cr.record_id = m.record_id
     where m.record_id = $2 and m.sender_id <> $1 and m.id > coalesce(cr.last_read_id, 0)`,
    [userId, recordId],
  );
  return rows[0]?.n ?? 0;
}

/** One chat with messages the user has not read. */
export interface UnreadChat {
  entity: string;
  recordId: string;
  /** The record's title (a TRF's number): what the socket is opened with. */
  number: string;
  count: number;
}

/** The entities whose records have a chat (`chat` declared). */
export const chatEntities = (registry: EntityRegistry): RegisteredEntity[] => registry.list().filter((r) => r.entity.chat !== undefined);

/**
 * The chats of records the user sees (the visibility of every reader; for staff, the records they
 * handle: the entity's `handledBy`) holding messages of others they have not read, the latest first (at most `limit`), and the total of those messages.
 */
export async function unreadChats(db: Queryable, registry: EntityRegistry, userId: string, scope: Scope, limit = 50): Promise<{ total: number; chats: UnreadChat[] }> {
  const chats: (UnreadChat & { last: number })[] = [];
  for (const reg of chatEntities(registry)) {
    const params: unknown[] = [userId, reg.name];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const visible = visibilityPredicate(scope, 'r', p, reg, 'read');
    // Staff count the chats of the records they handle (handled-by.ts); a customer, those they see.
    const handles = scope.all ? handlesSql(registry, reg, 'r', '$1') : 'true';
    const title = fieldExpression(reg, reg.entity.titleField, 'r').sql;
    const { rows } = await db.query<{ record_id: string; number: string | null; n: number; last: number }>(
      `select r.id as record_id, ${title} as number, count(*)::int as n, max(m.id)::int as last
       from chat_messages m join records r on r.id = m.record_id
       left join chat_reads cr on cr.user_id = $1 and cr.record_id = m.record_id
       where r.entity = $2 and m.sender_id <> $1 and m.id > coalesce(cr.last_read_id, 0) and ${visible} and ${handles}
       group by r.id, ${title}`,
      params,
    );
    for (const r of rows) chats.push({ entity: reg.name, recordId: r.record_id, number: r.number ?? '', count: r.n, last: r.last });
  }
  chats.sort((a, b) => b.last - a.last);
  return { total: chats.reduce((sum, c) => sum + c.count, 0), chats: chats.slice(0, limit).map(({ last: _last, ...c }) => c) };
}

/** The record of a chat entity whose title is `number`, if any (visibility is checked by the caller's read). */
export async function recordIdByNumber(db: Queryable, reg: RegisteredEntity, number: string): Promise<string | undefined> {
  const title = fieldExpression(reg, reg.entity.titleField, 'r').sql;
  const { rows } = await db.query<{ id: string }>(`select r.id from records r where r.entity = $1 and ${title} = $2 limit 1`, [reg.name, number]);
  return rows[0]?.id;
}
