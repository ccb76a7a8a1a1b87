import type { Queryable } from '../db/database.ts';

/** A notices row (migration 003). */
export interface NoticeRow {
  id: string;
  final_publish_status: number;
  start_date_time: Date | string;
  finish_date_time: Date | string;
  publish_remark: { cn: string; en: string };
  white_list: string;
}

export interface NewNotice {
  id: string;
  startDateTime: string;
  finishDateTime: string;
  publishRemark: object;
  whiteList?: string;
  createdBy: string;
}

/** The notice clients show: the newest one not finished, else the newest finished one. */
export async function currentNotice(db: Queryable): Promise<NoticeRow | undefined> {
  const { rows } = await db.query<NoticeRow>('select * from notices order by (final_publish_status <> 0) desc, updated_at desc, start_date_time desc limit 1');
  return rows[0];
}

/** The latest 100 notices, newest start first. */
export async function latestNotices(db: Queryable): Promise<NoticeRow[]> {
  return (await db.query<NoticeRow>('select * from notices order by start_date_time desc limit 100')).rows;
}

/** Stores a notice as published (status 1, not yet started). */
export async function insertNotice(db: Queryable, n: NewNotice): Promise<NoticeRow> {
  const { rows } = await db.query<NoticeRow>(
    `insert into notices (id, final_publish_status, start_date_time, finish_date_time, publish_remark, white_list, created_by)
     values ($1, 1, $2, $3, $4::jsonb, $5, $6) returning *`,
    [n.id, n.startDateTime, n.finishDateTime, JSON.stringify(n.publishRemark), n.whiteList ?? '', n.createdBy],
  );
  return rows[0]!;
}

/** Moves a notice from one status to the next; undefined when it is not in the `from` status. */
export async function moveNotice(db: Queryable, id: string, from: number, to: number): Promise<NoticeRow | undefined> {
  const { rows } = await db.query<NoticeRow>(
    'update notices set final_publish_status = $3, updated_at = now() where id = $1 and final_publish_status = $2 returning *',
    [id, from, to],
  );
  return rows[0];
}
