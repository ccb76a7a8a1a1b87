import type { PerformanceRow, RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { visibilityPredicate, type Scope } from '../entities/visibility.ts';

/**
 * Classes taken, scores and passes per trainee (login account) or per company, over the
 * enrolments the user sees (the records' one visibility condition): one grouped query.
 */
export async function trainingPerformance(db: Queryable, enrolment: RegisteredEntity, scope: Scope, by: 'trainee' | 'company'): Promise<PerformanceRow[]> {
  const params: unknown[] = [enrolment.name];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const visible = scope.all ? 'true' : visibilityPredicate(scope, 'r', p, enrolment);
  // A company's figures are its trainees' (the account's company), whoever enrolled them (staff on a trainee's behalf).
  const key = by === 'trainee' ? `r.doc ->> 'account'` : 'c.id';
  const label = by === 'trainee' ? `coalesce(max(u.user_name) || ' (' || (r.doc ->> 'account') || ')', r.doc ->> 'account')` : 'max(c.name)';
  const { rows } = await db.query<{ key: string; label: string; classes: number; scored: number; average: string | null; graded: number; passed: number }>(
    `select ${key} as key, ${label} as label, count(distinct r.doc ->> 'classId')::int as classes,
       count(r.doc -> 'score')::int as scored, round(avg((r.doc ->> 'score')::numeric), 2)::text as average,
       count(r.doc -> 'result')::int as graded, count(*) filter (where r.doc ->> 'result' = 'pass')::int as passed
     from records r left join users u on u.account = r.doc ->> 'account' join companies c on c.id = coalesce(u.company_id, r.company_id)
     where r.entity = $1 and ${visible}
     group by ${key} order by label`,
    params,
  );
  return rows.map((r) => ({ key: r.key, label: r.label, classes: r.classes, scored: r.scored, averageScore: r.average === null ? null : Number(r.average), graded: r.graded, passed: r.passed }));
}
