import type { PowerbiView } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';

export type { PowerbiView };

/** Writes one view of a BI report to the log. */
export async function logView(db: Queryable, reportId: string, userId: string, companyId: string): Promise<void> {
  await db.query('insert into powerbi_views (report_id, user_id, company_id) values ($1, $2, $3)', [reportId, userId, companyId]);
}

/** The newest views (of one report, or of all), with who viewed it: the staff's log. */
export async function recentViews(db: Queryable, reportId: string | undefined, limit: number): Promise<PowerbiView[]> {
  const { rows } = await db.query<PowerbiView>(
    `select v.report_id as "reportId", coalesce(r.doc ->> 'name', v.report_id) as "reportName", u.user_name as "userName", u.account,
            coalesce(c.name_en, c.name) as "companyName", to_char(v.viewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "viewedAt"
     from powerbi_views v join users u on u.id = v.user_id join companies c on c.id = v.company_id left join records r on r.id = v.report_id
     where ($1::text is null or v.report_id = $1) order by v.viewed_at desc, v.id desc limit $2`,
    [reportId ?? null, limit],
  );
  return rows;
}
