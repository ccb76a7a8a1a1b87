/** The columns both pre-aggregates share, the day's or month's key read as `day` (server/db/statistics-daily.ts, statistics-monthly.ts). */
const COLUMNS = 'source, scope_state, scope_visible, source_state, source_visible, company_id, parent_company, sdims, rdims, n';

/** The month after `YYYY-MM`. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `YYYY-MM`. */
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The whole months from `from` to `to` (both `YYYY-MM-DD`, included), as the first and last `YYYY-MM`; undefined when there is none. */
export function wholeMonths(from: string, to: string): { first: string; last: string } | undefined {
  const first = from.endsWith('-01') ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  const lastDay = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).getUTCDate();
  const last = Number(to.slice(8, 10)) === lastDay ? to.slice(0, 7) : previousMonth(to.slice(0, 7));
  return first <= last ? { first, last } : undefined;
}

/**
 * The pre-aggregate's rows of one source dated from `from` to `to`, as a from-item `d` whose `day`
 * is a day (`YYYY-MM-DD`) or a month (`YYYY-MM`): the months wholly inside the range from the
 * monthly roll-up, the days of the partial months at its edges from the daily rows. The sums over
 * them are those over the days of the range; `$month` and `$year` groupings read the first 7 and
 * 4 characters of `day`, the same in both. `p` adds a parameter and answers its placeholder.
 */
export function rangeRowsSql(source: string, from: string, to: string, p: (v: unknown) => string): string {
  const s = p(source);
  const daily = (where: string) => `select day, ${COLUMNS} from statistics_daily where source = ${s} and ${where}`;
  const months = wholeMonths(from, to);
  if (!months) return `(${daily(`day >= ${p(from)} and day <= ${p(to)}`)}) d`;
  const edges = `((day >= ${p(from)} and day < ${p(`${months.first}-01`)}) or (day >= ${p(`${nextMonth(months.last)}-01`)} and day <= ${p(to)}))`;
  const monthly = `select month as day, ${COLUMNS} from statistics_monthly where source = ${s} and month >= ${p(months.first)} and month <= ${p(months.last)}`;
  return `(${daily(edges)} union all ${monthly}) d`;
}
