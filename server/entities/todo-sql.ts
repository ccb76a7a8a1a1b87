import type { RegisteredEntity, TodoAction } from '../../engine/index.ts';
import { fieldExpression } from '../db/sql-expressions.ts';
import type { Scope } from './visibility.ts';

type Param = (v: unknown) => string;

/** The side a restricted action needs, as SQL (staff who see every company are on every side). */
const sideSql = (scope: Scope, party: TodoAction['party'], p: Param): string =>
  !scope.all && party ? ` and ${party === 'shared' ? 'not ' : ''}r.company_id = ${p(scope.companyId)}` : '';

/**
 * A work list's one condition (docs/declarations.md §3, `todo`): per lifecycle field (and side, for
 * actions only one side may send), the record rests in one of the states — the union, computed
 * once per set of codes (engine/query/list-variants.ts) — where the user may send one of the
 * actions. The primary field is the indexed `state` column.
 */
export function todoCondition(reg: RegisteredEntity, scope: Scope, parts: readonly TodoAction[], p: Param): string {
  if (!parts.length) return 'false';
  const groups = new Map<string, { field: string; party: TodoAction['party']; states: Set<string> }>();
  for (const t of parts) {
    const key = `${t.field}|${t.party ?? ''}`;
    const g = groups.get(key) ?? { field: t.field, party: t.party, states: new Set<string>() };
    for (const s of t.states) g.states.add(s);
    groups.set(key, g);
  }
  const terms = [...groups.values()].map((g) => `(${fieldExpression(reg, g.field, 'r').sql} = any(${p([...g.states])}::text[])${sideSql(scope, g.party, p)})`);
  return terms.length === 1 ? terms[0]! : `(${terms.join(' or ')})`;
}

/** The grouped count of a work list: one scan, grouped by the lifecycle fields (and side) the actions read. */
export function todoCountSql(reg: RegisteredEntity, scope: Scope, parts: readonly TodoAction[], where: string, p: Param): string {
  const fields = [...new Set(parts.map((t) => t.field))];
  const sided = !scope.all && parts.some((t) => t.party);
  const columns = [...fields.map((f, i) => `${fieldExpression(reg, f, 'r').sql} as s${i}`), ...(sided ? [`(r.company_id = ${p(scope.companyId)}) as own`] : [])];
  if (!columns.length) return `select count(*)::int as n from records r where ${where}`;
  return `select ${columns.join(', ')}, count(*)::int as n from records r where ${where} group by ${columns.map((_, i) => i + 1).join(', ')}`;
}

/** Totals and per-action counts from the grouped rows (a record counts for each action it waits on). */
export function todoCounts(actions: readonly string[], parts: readonly TodoAction[], rows: readonly Record<string, unknown>[]): { total: number; counts: { action: string; count: number }[] } {
  const fields = [...new Set(parts.map((t) => t.field))];
  const counts = new Map(actions.map((a) => [a, 0]));
  let total = 0;
  for (const row of rows) {
    const n = Number(row.n ?? 0);
    total += n;
    for (const action of actions) {
      const waits = parts.some(
        (t) => t.action === action && t.states.includes(String(row[`s${fields.indexOf(t.field)}`])) && (!t.party || row.own === undefined || (t.party === 'owner') === row.own),
      );
      if (waits) counts.set(action, counts.get(action)! + n);
    }
  }
  return { total, counts: [...counts].map(([action, count]) => ({ action, count })) };
}
