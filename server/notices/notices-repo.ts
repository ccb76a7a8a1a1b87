import type { PendingTimer, PersistedSnapshot } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

/** A notices row (migrations 002 and 008). */
export interface NoticeRow {
  id: string;
  final_publish_status: number;
  start_date_time: Date | string;
  finish_date_time: Date | string;
  publish_remark: { cn: string; en: string };
  white_list: string;
  /** notice-schedule.machine.ts's snapshot; null for a notice stored before the machine ran it. */
  snapshot: PersistedSnapshot | null;
  timers: PendingTimer[];
}

export interface NewNotice {
  id: string;
  startDateTime: string;
  finishDateTime: string;
  publishRemark: object;
  whiteList?: string;
  createdBy: string;
}

/** A notice's machine state as stored: the snapshot, its finalPublishStatus and its pending timers. */
export interface NoticeState {
  snapshot: PersistedSnapshot;
  status: number;
  timers: readonly PendingTimer[];
}

/** The notice fields of SPEC §3, as GET /api/sgs-im/im/getNotifyMsg answers them (and the publish-status STOMP endpoint pushes them). */
export function noticeView(r: NoticeRow) {
  const start = new Date(r.start_date_time);
  return {
    id: r.id,
    finalPublishStatus: r.final_publish_status,
    weekDay: start.getUTCDay(),
    startDateTime: start.toISOString(),
    finishDateTime: isoTime(r.finish_date_time),
    publishRemark: JSON.stringify(r.publish_remark),
    whiteList: r.white_list,
  };
}

/**
 * The NOTIFY channel of notice changes on this database. Channels are per database, not per schema:
 * the schema is in the name (as chat's), so servers on other schemas of one database do not hear them.
 */
const CHANNEL_SQL = `left('portico_notice_' || regexp_replace(lower(current_schema()), '[^a-z0-9_]', '_', 'g'), 63)`;

export async function noticeChannel(db: Queryable): Promise<string> {
  return (await db.query<{ c: string }>(`select ${CHANNEL_SQL} as c`)).rows[0]!.c;
}

/** Tells every server process the notices changed: sent in the writing transaction, heard only once it commits. */
async function notifyChanged(tx: Queryable): Promise<void> {
  await tx.query(`select pg_notify(${CHANNEL_SQL}, '')`);
}

const dueOf = (timers: readonly PendingTimer[]) => timers.reduce<string | null>((min, t) => (min === null || t.due < min ? t.due : min), null);

/** The notice clients show: the newest one not finished, else the newest finished one. */
export async function currentNotice(db: Queryable): Promise<NoticeRow | undefined> {
  const { rows } = await db.query<NoticeRow>('select * from notices order by (final_publish_status <> 0) desc, updated_at desc, start_date_time desc limit 1');
  return rows[0];
}

/** The latest 100 notices, newest start first. */
export async function latestNotices(db: Queryable): Promise<NoticeRow[]> {
  return (await db.query<NoticeRow>('select * from notices order by start_date_time desc limit 100')).rows;
}

/** A notice, its row locked until the transaction ends. */
export async function lockNotice(tx: Queryable, id: string): Promise<NoticeRow | undefined> {
  return (await tx.query<NoticeRow>('select * from notices where id = $1 for update', [id])).rows[0];
}

/** Stores a published notice in the state its machine gave it (and notifies every process). */
export async function insertNotice(db: Queryable, n: NewNotice, state: NoticeState): Promise<NoticeRow> {
  const { rows } = await db.query<NoticeRow>(
    `insert into notices (id, final_publish_status, start_date_time, finish_date_time, publish_remark, white_list, created_by, snapshot, timers, timer_due_at)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9::jsonb, $10) returning *`,
    [n.id, state.status, n.startDateTime, n.finishDateTime, JSON.stringify(n.publishRemark), n.whiteList ?? '', n.createdBy, JSON.stringify(state.snapshot), JSON.stringify(state.timers), dueOf(state.timers)],
  );
  await notifyChanged(db);
  return rows[0]!;
}

/** Stores a notice's next machine state (in the transaction that holds its row) and notifies every process. */
export async function saveNoticeState(tx: Queryable, id: string, state: NoticeState): Promise<NoticeRow> {
  const { rows } = await tx.query<NoticeRow>(
    `update notices set final_publish_status = $2, snapshot = $3::jsonb, timers = $4::jsonb, timer_due_at = $5, updated_at = now()
     where id = $1 returning *`,
    [id, state.status, JSON.stringify(state.snapshot), JSON.stringify(state.timers), dueOf(state.timers)],
  );
  await notifyChanged(tx);
  return rows[0]!;
}

/** Claims one notice whose earliest timer is due (`for update skip locked`: each timer fires once however many workers run). */
export async function claimDueNotice(tx: Queryable): Promise<NoticeRow | undefined> {
  return (await tx.query<NoticeRow>('select * from notices where timer_due_at <= now() order by timer_due_at limit 1 for update skip locked')).rows[0];
}

/** Puts a notice's timers back by `seconds` after a firing that failed. */
export async function postponeNoticeTimers(db: Queryable, id: string, seconds: number): Promise<void> {
  await db.query('update notices set timer_due_at = now() + make_interval(secs => $2) where id = $1', [id, seconds]);
}
