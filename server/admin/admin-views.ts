import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';

/** How a column's values read: the page formats each type (times in the user's zone, states by their label). */
export type AdminColumnType = 'text' | 'number' | 'time' | 'state';

/** An action a row of a view may take (admin-actions.ts): a POST, staff-only, audited. */
export type AdminAction = 'unlock' | 'retry' | 'discard';

/**
 * A declared administration view (docs/operations.md, Administration screens): a bounded, read-only
 * list over operational tables that are not entities, its columns, and the actions its rows take.
 * `sql` answers at most `$1` rows, each with a text `id` and the columns by name.
 */
export interface AdminView {
  columns: readonly (readonly [name: string, type: AdminColumnType])[];
  actions: readonly AdminAction[];
  sql: string;
}

/** Rows a view shows at most: the newest or most urgent first. */
export const ADMIN_VIEW_ROWS = 200;

/** A timer more than this past its due time is overdue: the timer worker polls every second, so it is behind. */
export const OVERDUE_AFTER_SECONDS = 60;

const timersOf = (machine: string, table: string, group: string) => `
  select ${machine} as id, ${machine} as machine, count(*)::int as pending,
    count(*) filter (where timer_due_at <= now())::int as due,
    count(*) filter (where timer_due_at <= now() - make_interval(secs => ${OVERDUE_AFTER_SECONDS}))::int as overdue,
    min(timer_due_at) as "earliestDueAt"
  from ${table} where timer_due_at is not null ${group}`;

/** The views, by name (the page's path is /admin/{name}; its texts are adminViews.{name} in src/i18n). */
export const ADMIN_VIEWS = {
  lockedAccounts: {
    columns: [['account', 'text'], ['userName', 'text'], ['companyName', 'text'], ['failures', 'number'], ['locks', 'number'], ['lockedUntil', 'time']],
    actions: ['unlock'],
    sql: `select t.account_key as id, coalesce(u.account, t.account_key) as account, u.user_name as "userName", c.name as "companyName",
        t.failures, t.locks, t.locked_until as "lockedUntil"
      from login_throttle t left join users u on lower(u.account) = t.account_key left join companies c on c.id = u.company_id
      where t.locked_until > now() order by t.locked_until desc, t.account_key limit $1`,
  },
  failedMail: {
    columns: [['createdAt', 'time'], ['to', 'text'], ['subject', 'text'], ['attempts', 'number'], ['lastError', 'text']],
    actions: ['retry', 'discard'],
    sql: `select id::text as id, created_at as "createdAt", to_address as "to", subject, attempts, last_error as "lastError"
      from outbox where status = 'failed' order by id desc limit $1`,
  },
  dueTimers: {
    columns: [['machine', 'text'], ['pending', 'number'], ['due', 'number'], ['overdue', 'number'], ['earliestDueAt', 'time']],
    actions: [],
    sql: `select * from (${timersOf('entity', 'records', 'group by entity')}
      union all ${timersOf("'noticeSchedule'", 'notices', 'having count(*) > 0')}) t order by overdue desc, due desc, machine limit $1`,
  },
  failedEffects: {
    columns: [['createdAt', 'time'], ['kind', 'text'], ['machine', 'text'], ['subject', 'text'], ['subjectId', 'text'], ['attempts', 'number'], ['lastError', 'text']],
    actions: [],
    sql: `select id::text as id, created_at as "createdAt", kind, machine, subject, subject_id as "subjectId", attempts, last_error as "lastError"
      from effects where status = 'failed' order by id desc limit $1`,
  },
  connections: {
    columns: [['host', 'text'], ['pid', 'number'], ['startedAt', 'time'], ['sockets', 'number'], ['seenAt', 'time']],
    actions: [],
    sql: `select process_id as id, host, pid, started_at as "startedAt", sockets, seen_at as "seenAt"
      from server_processes order by host, pid limit $1`,
  },
  noticeSchedule: {
    columns: [['status', 'state'], ['startAt', 'time'], ['finishAt', 'time'], ['nextTimerAt', 'time'], ['remarkZh', 'text'], ['remarkEn', 'text']],
    actions: [],
    sql: `select id, final_publish_status::text as status, start_date_time as "startAt", finish_date_time as "finishAt", timer_due_at as "nextTimerAt",
        publish_remark ->> 'cn' as "remarkZh", publish_remark ->> 'en' as "remarkEn"
      from notices order by start_date_time desc, id limit $1`,
  },
} as const satisfies Record<string, AdminView>;

export type AdminViewName = keyof typeof ADMIN_VIEWS;

export const isAdminView = (name: string): name is AdminViewName => Object.hasOwn(ADMIN_VIEWS, name);

/** A view's rows: times as ISO text, so both databases answer the same. */
export async function adminViewRows(db: Queryable, name: AdminViewName): Promise<Record<string, unknown>[]> {
  const view: AdminView = ADMIN_VIEWS[name];
  const times = view.columns.filter(([, type]) => type === 'time').map(([column]) => column);
  const { rows } = await db.query<Record<string, unknown>>(view.sql, [ADMIN_VIEW_ROWS]);
  for (const row of rows) for (const column of times) if (row[column] != null) row[column] = isoTime(row[column] as Date | string);
  return rows;
}
