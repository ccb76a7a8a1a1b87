import type { LinkedValue, RegisteredEntity } from '../../engine/index.ts';
import { docTextSql as docText } from './doc-path-sql.ts';

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * The SQL of a linked value (`x-linked`, docs/declarations.md §1): the field of the latest related
 * record whose parent is the row `alias` (by `latest`, then creation), out of `excludeStates`.
 * Served by the index on `records.parent_id`.
 */
export function linkedValueSql(linked: LinkedValue, alias: string): string {
  const value = linked.field.startsWith('$') ? 'c.state' : docText('c', linked.field);
  const excluded = linked.excludeStates?.length ? ` and c.state <> all(array[${linked.excludeStates.map(lit).join(', ')}]::text[])` : '';
  const latest = linked.latest ? `(case when ${docText('c', linked.latest)} ~ '^[0-9]+$' then ${docText('c', linked.latest)}::numeric end) desc nulls last, ` : '';
  return `(select ${value} from records c where c.entity = ${lit(linked.entity)} and c.parent_id = ${alias}.id${excluded} order by ${latest}c.created_at desc, c.id desc limit 1)`;
}

/** The entity's linked fields (top-level `x-linked`), by name. */
export function linkedFields(reg: RegisteredEntity): [string, LinkedValue][] {
  return Object.entries(reg.schema.properties).flatMap(([k, n]) => (n['x-linked'] ? [[k, n['x-linked']] as [string, LinkedValue]] : []));
}

/** A select expression of the row's linked values as one jsonb object (`null` for an entity with none). */
export function linkedSelect(reg: RegisteredEntity, alias: string): string {
  const fields = linkedFields(reg);
  if (!fields.length) return 'null::jsonb';
  return `jsonb_strip_nulls(jsonb_build_object(${fields.map(([k, l]) => `${lit(k)}, ${linkedValueSql(l, alias)}`).join(', ')}))`;
}

/** A document without its linked values: they are read, never stored. */
export function withoutLinked(reg: RegisteredEntity, doc: Record<string, unknown>): Record<string, unknown> {
  const fields = linkedFields(reg);
  if (!fields.length) return doc;
  const out = { ...doc };
  for (const [k] of fields) delete out[k];
  return out;
}
