import type { FieldKind, RegisteredEntity } from '../../engine/index.ts';
import { resolveField } from '../../engine/index.ts';

const SYSTEM_COLUMNS: Record<string, string> = {
  $id: 'id',
  $createdAt: 'created_at',
  $updatedAt: 'updated_at',
  $version: 'version',
};

/** A SQL literal for a declared path part (declarations are ours, but quote anyway). */
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * The SQL expression of a declared field: a system column, a state field, or a typed read of the
 * jsonb document. Index and query use the very same text, so PostgreSQL matches the index.
 */
export function fieldExpression(reg: RegisteredEntity, path: string, alias = ''): { sql: string; kind: FieldKind } {
  const { kind, node } = resolveField(reg.entity, reg.schema, path);
  const a = alias ? `${alias}.` : '';
  if (SYSTEM_COLUMNS[path]) return { sql: `${a}${SYSTEM_COLUMNS[path]}`, kind };
  if (kind === 'state') {
    // The primary region (the first declared) has its own column; other regions are read from `states`.
    const primary = Object.keys(reg.entity.lifecycle?.regions ?? {})[0] === path;
    return { sql: primary ? `${a}state` : `(${a}states ->> ${lit(path)})`, kind };
  }
  const text = `(${a}doc #>> '{${path.split('.').map((p) => p.replaceAll("'", "''")).join(',')}}')`;
  if (kind === 'number') return { sql: `(${text}::numeric)`, kind };
  if (kind === 'boolean') {
    const fallback = typeof node?.default === 'boolean' ? String(node.default) : 'null';
    return { sql: `coalesce(${text}::boolean, ${fallback})`, kind };
  }
  return { sql: text, kind };
}

/** Index DDL for every filter and sortable column of an entity (partial on the entity). */
export function entityIndexStatements(reg: RegisteredEntity): string[] {
  const fields = new Set<string>([
    ...reg.views.list.filters.map((f) => f.field),
    ...reg.views.list.columns.filter((c) => c.sortable).map((c) => c.field),
    reg.views.list.defaultSort.field,
  ]);
  const out: string[] = [];
  for (const field of fields) {
    if (SYSTEM_COLUMNS[field]) continue;
    const { sql } = fieldExpression(reg, field);
    if (sql === 'state') continue; // covered by records_entity_state
    const name = `rx_${reg.name}_${field.replace(/[^a-zA-Z0-9]/g, '_')}`.toLowerCase().slice(0, 63);
    out.push(`create index if not exists ${name} on records (${sql}) where entity = ${lit(reg.name)}`);
  }
  return out;
}
