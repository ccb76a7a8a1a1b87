import { createHash } from 'node:crypto';
import type { FieldKind, LocalizedText, RegisteredEntity } from '../../engine/index.ts';
import { listPath, resolveField } from '../../engine/index.ts';
import { linkedValueSql } from './linked-values.ts';
import { docTextSql } from './doc-path-sql.ts';

export { docPathArray, docTextSql } from './doc-path-sql.ts';

const SYSTEM_COLUMNS: Record<string, string> = {
  $id: 'id',
  $createdAt: 'created_at',
  $updatedAt: 'updated_at',
  $version: 'version',
};

/** What PostgreSQL casts to numeric without an error (jsonb numbers and numeric strings). */
const NUMERIC = '^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$';

/** A SQL literal for a declared path part (declarations are ours, but quote anyway). */
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * An index name (≤ 63 bytes, PostgreSQL's limit): prefix, entity and the fields' readable part;
 * fields that are not plain letters, digits and `_` (or that do not fit) add a hash of the exact
 * keys, so `a-b` and `a_b`, or two long keys sharing a start, never share a name (a name taken
 * would make `create index if not exists` keep the other field's index).
 */
export function indexName(prefix: string, entity: string, fields: readonly string[], suffix = ''): string {
  const plain = `${prefix}_${entity}_${fields.join('_')}`;
  const readable = plain.replace(/[^a-zA-Z0-9_]/g, '_').toLowerCase();
  if (readable === plain.toLowerCase() && readable.length + suffix.length <= 63) return `${readable}${suffix}`;
  const hash = createHash('sha256').update(JSON.stringify([entity, ...fields])).digest('hex').slice(0, 10);
  return `${readable.slice(0, 63 - 11 - suffix.length)}_${hash}${suffix}`;
}

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
  // A linked value (x-linked) is read from the related records: a list may sort or filter by it, unindexed.
  if (node?.['x-linked']) return { sql: linkedValueSql(node['x-linked'], alias || 'records'), kind };
  const text = docTextSql(alias, path);
  // A template's records of older versions may hold other types at the same path (a string where
  // the new version has a number): for dynamic entities a value that does not cast reads as null.
  const dynamic = reg.versions !== undefined;
  if (kind === 'number') {
    return { sql: dynamic ? `(case when ${text} ~ '${NUMERIC}' then ${text}::numeric end)` : `(${text}::numeric)`, kind };
  }
  if (kind === 'boolean') {
    const fallback = typeof node?.default === 'boolean' ? String(node.default) : 'null';
    const cast = dynamic ? `(case when ${text} in ('true', 'false') then ${text}::boolean end)` : `${text}::boolean`;
    return { sql: `coalesce(${cast}, ${fallback})`, kind };
  }
  return { sql: text, kind };
}

/** The document fields a list filters or sorts by: each has an expression index. */
export function indexedFields(reg: RegisteredEntity): string[] {
  const fields = new Set<string>([
    ...reg.views.list.filters.map((f) => f.field),
    ...reg.views.list.columns.filter((c) => c.sortable).map((c) => c.field),
    reg.views.list.defaultSort.field,
    ...(reg.views.variantField ? [reg.views.variantField] : []),
  ]);
  // A field inside a list (each sample's material) is found by containment, not by an expression index.
  return [...fields].filter((f) => !SYSTEM_COLUMNS[f] && (f.startsWith('$') || !listPath(reg.schema, f)) && !resolveField(reg.entity, reg.schema, f).node?.['x-linked']);
}

/** A declared uniqueness (entity `unique`) as the unique index enforcing it. */
export interface UniqueIndex {
  name: string;
  fields: readonly string[];
  ddl: string;
  /** The declared message of a repeat (entity `unique[].message`). */
  message?: LocalizedText;
}

/**
 * The unique indexes of an entity's `unique` declarations: one per entry, on the owner company
 * (unless `per: all`) and each field's expression, text compared without case and outer spaces.
 * The database enforces them, so two writes racing each other cannot both pass.
 */
export function uniqueIndexes(reg: RegisteredEntity): UniqueIndex[] {
  return (reg.entity.unique ?? []).map((u) => {
    const exprs = u.fields.map((f) => {
      const { sql, kind } = fieldExpression(reg, f);
      if (kind !== 'text') return sql;
      return u.emptyMatches ? `lower(btrim(coalesce(${sql}, '')))` : `lower(btrim(${sql}))`;
    });
    const base = indexName('ux', reg.name, u.fields);
    // An index whose expressions differ has its own name: `if not exists` would keep the old one.
    const name = u.emptyMatches ? indexName('ux', reg.name, u.fields, '_e') : base;
    const columns = [...(u.per === 'all' ? [] : ['company_id']), ...exprs].join(', ');
    // A database made before `emptyMatches` was declared holds the index under its former name: it goes.
    const former = u.emptyMatches ? `drop index if exists ${base}; ` : '';
    return { name, fields: u.fields, ...(u.message ? { message: u.message } : {}), ddl: `${former}create unique index if not exists ${name} on records (${columns}) where entity = ${lit(reg.name)}` };
  });
}

/**
 * The index serving an entity's `access.grantsVisibility` lookups (server/entities/visibility.ts):
 * the grantee's expression and the state, partial on the entity.
 */
export function grantIndexStatements(reg: RegisteredEntity): string[] {
  const grant = reg.entity.access?.grantsVisibility;
  if (!grant) return [];
  const grantee = fieldExpression(reg, grant.grantee).sql;
  const name = indexName('gx', reg.name, [grant.grantee]);
  return [`create index if not exists ${name} on records (${grantee}, state) where entity = ${lit(reg.name)}`];
}

/**
 * The index serving JSON containment (`doc @> …`) on an entity's records whose fields hold picked
 * records (`x-refuseDelete` / `x-refuseChange`: every delete, and every change of a material, asks
 * whether a TRF holds it; a list filter on such a field inside a list uses it too): a GIN index with
 * jsonb_path_ops, partial on the entity.
 */
export function containmentIndexStatements(reg: RegisteredEntity): string[] {
  const declared = JSON.stringify(reg.schema);
  if (!declared.includes('"x-refuseDelete"') && !declared.includes('"x-refuseChange"')) return [];
  return [`create index if not exists cx_${reg.name.toLowerCase().slice(0, 55)}_doc on records using gin (doc jsonb_path_ops) where entity = ${lit(reg.name)}`];
}

/** Index DDL for every filter and sortable column of an entity (partial on the entity), its unique indexes, its grant index and its containment index. */
export function entityIndexStatements(reg: RegisteredEntity): string[] {
  const out: string[] = [...uniqueIndexes(reg).map((u) => u.ddl), ...grantIndexStatements(reg), ...containmentIndexStatements(reg)];
  for (const field of indexedFields(reg)) {
    const { sql } = fieldExpression(reg, field);
    if (sql === 'state') continue; // covered by records_entity_state
    const name = indexName('rx', reg.name, [field]);
    out.push(`create index if not exists ${name} on records (${sql}) where entity = ${lit(reg.name)}`);
  }
  return out;
}
