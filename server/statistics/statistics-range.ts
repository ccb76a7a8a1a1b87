/** The columns both pre-aggregates share, the day's or month's key read as `day` (server/db/statistics-daily.ts, statistics-monthly.ts). */
const COLUMNS = 'source, scope_state, scope_visible, source_state, source_visible, company_id, parent_company, sdims, rdims';

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

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const shift = (day: string, by: number) => dayText(dayNumber(day) + by);
const lastDay = (month: string) => `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;

/** Days from `start` to `end`, both included (`YYYY-MM-DD`). */
type Days = readonly [start: string, end: string];

/**
 * How a range is read: `months` (first and last `YYYY-MM`) from the monthly roll-up, `days` added
 * from the daily rows and `less` days taken away from them. A partial month at an edge is read as
 * the days it holds when they are at most half of it, else as its month less the days it lacks
 * (the month's counts are its days' sums, so the difference is exact): a year from 1 March to
 * 28 February of a leap year reads one day of February, not 28.
 */
export function rangePlan(from: string, to: string): { months?: { first: string; last: string }; days: Days[]; less: Days[] } {
  const days: Days[] = [];
  const less: Days[] = [];
  let first = from.slice(0, 7);
  let last = to.slice(0, 7);
  for (const month of first === last ? [first] : [first, last]) {
    const monthStart = `${month}-01`;
    const monthEnd = lastDay(month);
    const start = from > monthStart ? from : monthStart;
    const end = to < monthEnd ? to : monthEnd;
    const held = dayNumber(end) - dayNumber(start) + 1;
    const all = dayNumber(monthEnd) - dayNumber(monthStart) + 1;
    if (held === all) continue;
    if (held * 2 > all) {
      if (start > monthStart) less.push([monthStart, shift(start, -1)]);
      if (end < monthEnd) less.push([shift(end, 1), monthEnd]);
      continue;
    }
    days.push([start, end]);
    if (month === first) first = nextMonth(month);
    if (month === last) last = previousMonth(month);
  }
  return { ...(first <= last ? { months: { first, last } } : {}), days, less };
}

/**
 * The pre-aggregate's rows of one source dated from `from` to `to`, as a from-item `d` whose `day`
 * is a day (`YYYY-MM-DD`) or a month (`YYYY-MM`): the months of the range from the monthly roll-up,
 * the days of its partial edge months from the daily rows — or, for an edge month the range holds
 * most of, its month less the days it lacks (their rows with `n` negated; rangePlan). The sums over
 * them are those over the days of the range; `$month` and `$year` groupings read the first 7 and 4
 * characters of `day`, the same in both. `p` adds a parameter and answers its placeholder.
 */
export function rangeRowsSql(source: string, from: string, to: string, p: (v: unknown) => string): string {
  const s = p(source);
  const plan = rangePlan(from, to);
  const within = (spans: readonly Days[]) => spans.map(([a, b]) => (a === b ? `day = ${p(a)}` : `(day >= ${p(a)} and day <= ${p(b)})`)).join(' or ');
  const daily = (spans: readonly Days[], n: string) => `select day, ${COLUMNS}, ${n} as n from statistics_daily where source = ${s} and (${within(spans)})`;
  const parts = [
    ...(plan.days.length ? [daily(plan.days, 'n')] : []),
    ...(plan.months ? [`select month as day, ${COLUMNS}, n from statistics_monthly where source = ${s} and month >= ${p(plan.months.first)} and month <= ${p(plan.months.last)}`] : []),
    ...(plan.less.length ? [daily(plan.less, '-n')] : []),
  ];
  return `(${parts.join(' union all ')}) d`;
}
