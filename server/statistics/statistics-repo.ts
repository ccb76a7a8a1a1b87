import { fieldAt, type EntityRegistry, type StatisticsChart, type StatisticsDeclaration } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { draftStates, visibilityPredicate, type Scope } from '../entities/visibility.ts';
import type { StatisticsFilters } from './filters.ts';
import { rangeRowsSql } from './statistics-range.ts';

/** One group's count of one series value. */
export interface CountRow {
  k: string | null;
  s: string;
  n: number;
}

/**
 * The SQL of the charts of one source and series (a page's report charts, its test-line charts),
 * counted in one statement over the pre-aggregate (the whole months of the range from `statistics_monthly`, the
 * days at its edges from `statistics_daily`: statistics-range.ts, server/db/statistics-daily.ts):
 * the records of the source per group and series value, among the scope entity's records dated in
 * the range (not in a draft state), seen by the user (the entity routes' visibilityPredicate, on the
 * scope record's keys `r` and on the counted child's `l`), of the chosen company (a party of the
 * record: `visible_to`) and criteria. Each chart's grouping is one grouping set and its `where` a
 * FILTER of its own sum, so the rows are read once for all of them. `$company` groups by the company
 * owning the scope record's parent when the scope entity belongs to one (a report's TRF: the
 * applicant), else the scope record's own.
 */
export function sourceSql(
  decl: StatisticsDeclaration,
  registry: EntityRegistry,
  charts: readonly StatisticsChart[],
  filters: StatisticsFilters,
  scope: Scope,
): { sql: string; params: unknown[]; rowsOf: (rows: readonly Record<string, unknown>[], chart: number) => CountRow[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const base = registry.get(decl.scope.entity);
  const source = registry.get(charts[0]!.source);
  const rows = rangeRowsSql(source.name, filters.from, filters.to, p);
  const where: string[] = [];
  if (!scope.all) where.push(visibilityPredicate(scope, 'r', p, base));
  const drafts = draftStates(base);
  if (drafts.length) where.push(`r.state <> all(${p(drafts)}::text[])`);
  if (filters.company) where.push(`r.visible_to && ${p([filters.company])}::text[]`);
  const text = (column: 'sdims' | 'rdims', field: string) => `(d.${column} ->> ${p(field)})`;
  for (const [field, value] of Object.entries(filters.criteria)) where.push(`${text('rdims', field)} = ${p(value)}`);
  if (source.name !== base.name && !scope.all) where.push(visibilityPredicate(scope, 'l', p, source));
  const owned = base.entity.access?.parent !== undefined;
  const series = text('sdims', charts[0]!.series);
  where.push(`${series} is not null`);
  const keyOf = (group: string): string => {
    if (group === '$month') return 'substr(d.day, 1, 7)';
    if (group === '$year') return 'substr(d.day, 1, 4)';
    if (group === '$company') return owned ? "coalesce(nullif(d.parent_company, ''), d.company_id)" : 'd.company_id';
    return text(fieldAt(source.schema, group) ? 'sdims' : 'rdims', group);
  };
  // Keys compare by their SQL text, which holds a parameter number: one per distinct grouping.
  const keyText = new Map<string, string>();
  const keyFor = (group: string) => keyText.get(group) ?? keyText.set(group, keyOf(group)).get(group)!;
  const keys = [...new Set(charts.flatMap((c) => (c.groupBy ? [keyFor(c.groupBy)] : [])))];
  const keyIndex = charts.map((c) => (c.groupBy ? keys.indexOf(keyFor(c.groupBy)) : -1));
  // A condition every chart has (a page about physical tests) narrows the rows read; the others filter their chart's sum.
  const conditionOf = (field: string, values: readonly string[]) => JSON.stringify([field, values]);
  const shared = Object.entries(charts[0]!.where ?? {}).filter(([field, values]) => charts.every((c) => c.where?.[field] && conditionOf(field, c.where[field]) === conditionOf(field, values)));
  for (const [field, values] of shared) where.push(`${text('sdims', field)} = any(${p(values)}::text[])`);
  const sharedFields = new Set(shared.map(([field]) => field));
  const conditions = charts.map((c) =>
    Object.entries(c.where ?? {})
      .filter(([field]) => !sharedFields.has(field))
      .map(([field, values]) => `${text('sdims', field)} = any(${p(values)}::text[])`),
  );
  const inner = [...keys.map((k, j) => `${k} as k${j}`), `${series} as s`, 'd.n', ...conditions.map((c, i) => `${c.length ? c.join(' and ') : 'true'} as f${i}`)];
  const sets = [...keys.map((_, j) => `(k${j}, s)`), ...(keyIndex.includes(-1) ? ['(s)'] : [])];
  const all = (1 << keys.length) - 1;
  const grouping = keys.length ? `grouping(${keys.map((_, j) => `k${j}`).join(', ')})` : '0';
  // The scope record's keys as `r` and the counted record's as `l`: the visibility predicate reads them as it reads rows of records.
  const from =
    `${rows} cross join lateral (select d.scope_visible as visible_to, d.scope_state as state) r` +
    ' cross join lateral (select d.source_visible as visible_to, d.source_state as state) l';
  const sql =
    `select ${[...keys.map((_, j) => `k${j}`), 's', `${grouping} as g`, ...charts.map((_, i) => `coalesce(sum(n) filter (where f${i}), 0)::int as n${i}`)].join(', ')}` +
    ` from (select ${inner.join(', ')} from ${from} where ${where.join(' and ')}) x group by grouping sets (${sets.join(', ')})`;
  const rowsOf = (rows: readonly Record<string, unknown>[], i: number): CountRow[] => {
    const j = keyIndex[i]!;
    const mask = j < 0 ? all : all - (1 << (keys.length - 1 - j));
    return rows.flatMap((r) => (Number(r.g) === mask && Number(r[`n${i}`]) > 0 ? [{ k: j < 0 ? null : ((r[`k${j}`] as string | null) ?? null), s: String(r.s), n: Number(r[`n${i}`]) }] : []));
  };
  return { sql, params, rowsOf };
}

/** The counts of each chart (in the order given): one statement per source and series. */
export async function chartsCounts(db: Queryable, decl: StatisticsDeclaration, registry: EntityRegistry, charts: readonly StatisticsChart[], filters: StatisticsFilters, scope: Scope): Promise<CountRow[][]> {
  const bySource = new Map<string, number[]>();
  charts.forEach((c, i) => bySource.set(`${c.source}\n${c.series}`, [...(bySource.get(`${c.source}\n${c.series}`) ?? []), i]));
  const out: CountRow[][] = charts.map(() => []);
  await Promise.all(
    [...bySource.values()].map(async (indexes) => {
      const { sql, params, rowsOf } = sourceSql(decl, registry, indexes.map((i) => charts[i]!), filters, scope);
      const { rows } = await db.query<Record<string, unknown>>(sql, params);
      indexes.forEach((i, at) => (out[i] = rowsOf(rows, at)));
    }),
  );
  return out;
}

/** The names of companies (the `$company` groups), in the language: the English name when there is one. */
export async function companyNames(db: Queryable, ids: readonly string[], english: boolean): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: string; name: string; name_en: string | null }>('select id, name, name_en from companies where id = any($1::text[])', [ids]);
  return new Map(rows.map((r) => [r.id, english && r.name_en ? r.name_en : r.name]));
}
