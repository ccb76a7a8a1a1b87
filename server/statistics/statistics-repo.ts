import { fieldAt, type EntityRegistry, type StatisticsChart, type StatisticsDeclaration } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { fieldExpression } from '../db/sql-expressions.ts';
import { draftStates, visibilityPredicate, type Scope } from '../entities/visibility.ts';
import type { StatisticsFilters } from './filters.ts';

/** One group's count of one series value. */
export interface CountRow {
  k: string | null;
  s: string;
  n: number;
}

/**
 * The SQL of the charts of one source and series (a page's report charts, its test-line charts),
 * counted in one statement: the records of the source per group and series value, among the scope
 * entity's records dated in the range (not in a draft state), seen by the user (the entity routes'
 * visibilityPredicate, on the scope record and on the counted child), of the chosen company (a
 * party of the record: `visible_to`) and criteria. A child source (access.parent) is joined by
 * `parent_id`. Each chart's grouping is one grouping set and its `where` a FILTER of its own count,
 * so the rows are read once for all of them. `$company` groups by the company owning the scope
 * record's parent when the scope entity belongs to one (a report's TRF: the applicant), else the
 * scope record's own.
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
  const date = fieldExpression(base, decl.scope.date, 'r').sql;
  const where = [`r.entity = ${p(base.name)}`, `${date} >= ${p(filters.from)}`, `${date} <= ${p(filters.to)}`];
  if (!scope.all) where.push(visibilityPredicate(scope, 'r', p, base));
  const drafts = draftStates(base);
  if (drafts.length) where.push(`r.state <> all(${p(drafts)}::text[])`);
  if (filters.company) where.push(`r.visible_to && ${p([filters.company])}::text[]`);
  for (const [field, value] of Object.entries(filters.criteria)) where.push(`${fieldExpression(base, field, 'r').sql} = ${p(value)}`);
  // The scope records first (materialized, with their parent's owner company), then their children:
  // the parent is looked up once per scope record, not once per counted child. The materialized rows
  // hold only what the counting reads (the id, the company and the scope's own expressions), not the documents.
  const owned = charts.some((c) => c.groupBy === '$company') && base.entity.access?.parent !== undefined;
  const carried: string[] = [];
  const carry = (expr: string): string => {
    const at = carried.indexOf(expr);
    return `r.b${at >= 0 ? at : carried.push(expr) - 1}`;
  };
  const scopeWhere = where.join(' and ');
  where.length = 0;
  let from = 'r';
  const source = registry.get(charts[0]!.source);
  const alias = source.name === base.name ? 'r' : 'l';
  if (alias === 'l') {
    from += ` join records l on l.parent_id = r.id and l.entity = ${p(source.name)}`;
    if (!scope.all) where.push(visibilityPredicate(scope, 'l', p, source));
  }
  /** A field of the counted source: read from the child row, or carried by the scope row. */
  const sourceField = (field: string) => (alias === 'l' ? fieldExpression(source, field, 'l').sql : carry(fieldExpression(base, field, 'r').sql));
  const series = sourceField(charts[0]!.series);
  where.push(`${series} is not null`);
  const keyOf = (group: string): string => {
    if (group === '$month') return `substr(${carry(date)}, 1, 7)`;
    if (group === '$year') return `substr(${carry(date)}, 1, 4)`;
    if (group === '$company') return owned ? 'coalesce(r.parent_company, r.company_id)' : 'r.company_id';
    return fieldAt(source.schema, group) ? sourceField(group) : carry(fieldExpression(base, group, 'r').sql);
  };
  const keys = [...new Set(charts.flatMap((c) => (c.groupBy ? [keyOf(c.groupBy)] : [])))];
  const keyIndex = charts.map((c) => (c.groupBy ? keys.indexOf(keyOf(c.groupBy)) : -1));
  // A condition every chart has (a page about physical tests) narrows the rows read; the others filter their chart's count.
  const conditionOf = (field: string, values: readonly string[]) => JSON.stringify([field, values]);
  const shared = Object.entries(charts[0]!.where ?? {}).filter(([field, values]) => charts.every((c) => c.where?.[field] && conditionOf(field, c.where[field]) === conditionOf(field, values)));
  for (const [field, values] of shared) where.push(`${sourceField(field)} = any(${p(values)}::text[])`);
  const sharedFields = new Set(shared.map(([field]) => field));
  const conditions = charts.map((c) =>
    Object.entries(c.where ?? {})
      .filter(([field]) => !sharedFields.has(field))
      .map(([field, values]) => `${sourceField(field)} = any(${p(values)}::text[])`),
  );
  const inner = [...keys.map((k, j) => `${k} as k${j}`), `${series} as s`, ...conditions.map((c, i) => `${c.length ? c.join(' and ') : 'true'} as f${i}`)];
  const sets = [...keys.map((_, j) => `(k${j}, s)`), ...(keyIndex.includes(-1) ? ['(s)'] : [])];
  const all = (1 << keys.length) - 1;
  const grouping = keys.length ? `grouping(${keys.map((_, j) => `k${j}`).join(', ')})` : '0';
  const scoped = `with r as materialized (select r.id, r.company_id${owned ? ', o.company_id as parent_company' : ''}${carried.map((e, i) => `, ${e} as b${i}`).join('')} from records r${owned ? ' left join records o on o.id = r.parent_id' : ''} where ${scopeWhere})`;
  const sql =
    `${scoped} select ${[...keys.map((_, j) => `k${j}`), 's', `${grouping} as g`, ...charts.map((_, i) => `(count(*) filter (where f${i}))::int as n${i}`)].join(', ')}` +
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
