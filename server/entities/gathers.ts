import { text, valueAt, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { fieldExpression } from '../db/sql-expressions.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { scopeOf, visibilityPredicate } from './visibility.ts';

type Doc = Record<string, unknown>;

const toBig = (v: unknown): bigint => (typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : 0n);

/**
 * An entity's `gathers` (docs/declarations.md §3): the document with the ids, titles and totals of
 * the records of another entity its declared conditions choose, read in the caller's transaction
 * within what the user sees (a statement gathers its payer's confirmed quotations of its period).
 * Called on create and update; `selfId` is this record (left out of the exclusivity check).
 */
export async function gatherInto(
  tx: Queryable,
  registry: EntityRegistry | undefined,
  reg: RegisteredEntity,
  selfId: string,
  doc: Doc,
  user: SessionUser,
  lang: Language,
): Promise<Doc> {
  const gather = reg.entity.gathers;
  if (!gather) return doc;
  if (!registry) throw new Error(`${reg.name}: gathers needs the entity registry (new EntityService(db, linked, registry))`);
  const target = registry.get(gather.entity);
  const params: unknown[] = [target.name];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts = ['r.entity = $1'];
  const scope = scopeOf(user, registry);
  if (!scope.all) parts.push(visibilityPredicate(scope, 'r', p, target, 'read'));
  for (const w of gather.where) {
    const expr = fieldExpression(target, w.field, 'r').sql;
    if ('equals' in w) {
      const value = valueAt(doc, w.equals);
      parts.push(value === undefined || value === null ? 'false' : `${expr} = ${p(String(value))}`);
    } else {
      const [from, to] = [valueAt(doc, w.from), valueAt(doc, w.to)];
      if (from !== undefined && from !== null && from !== '') parts.push(`${expr} >= ${p(from)}`);
      if (to !== undefined && to !== null && to !== '') parts.push(`${expr} <= ${p(to)}`);
    }
  }
  for (const [field, states] of Object.entries(gather.states ?? {})) parts.push(`${fieldExpression(target, field, 'r').sql} = any(${p(states)}::text[])`);
  if (gather.exclusive) {
    // Not a record another of ours already gathers, unless that one is released (cancelled).
    parts.push(`not exists (select 1 from records s where s.entity = ${p(reg.name)} and s.id <> ${p(selfId)}
      and jsonb_exists(coalesce(s.doc -> ${p(gather.field)}, '[]'::jsonb), r.id) and not (s.state = any(${p(gather.exclusive.releasedIn)}::text[])))`);
  }
  const order = gather.order ? `${fieldExpression(target, gather.order.field, 'r').sql} ${gather.order.order}, r.id` : 'r.created_at, r.id';
  const { rows } = await tx.query<{ id: string; doc: Doc }>(
    `select r.id, r.doc from records r where ${parts.join(' and ')} order by ${order} limit ${gather.max + 1}`,
    params,
  );
  const field = [{ field: gather.field, keyword: 'gathers', message: gather.field }];
  const entity = text(target.entity.label, lang, target.name);
  if (!rows.length) throw new ApiError(400, 'NOTHING_GATHERED', { message: text(gather.empty, lang, '') }, field);
  if (rows.length > gather.max) {
    const { rows: counted } = await tx.query<{ n: number }>(`select count(*)::int as n from records r where ${parts.join(' and ')}`, params);
    throw new ApiError(400, 'GATHER_LIMIT', { max: gather.max, count: counted[0]?.n ?? rows.length, entity }, field);
  }
  const out: Doc = { ...doc, [gather.field]: rows.map((r) => r.id) };
  if (gather.titles) out[gather.titles] = rows.map((r) => String(valueAt(r.doc, target.entity.titleField) ?? r.id));
  for (const [name, total] of Object.entries(gather.totals ?? {})) {
    let sum = 0n;
    for (const r of rows) if (!total.when || valueAt(r.doc, total.when.field) === total.when.equals) sum += toBig(valueAt(r.doc, total.sum));
    out[name] = Number(sum);
  }
  return out;
}
