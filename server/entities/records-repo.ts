import type { EntityRecord, ListQuery, PartyList, PermissionMap, PersistedSnapshot, QueryFilter, RegisteredEntity, TodoAction } from '../../engine/index.ts';
import { listPath, listVariant, todoActions, type ListPath } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { fieldExpression } from '../db/sql-expressions.ts';
import { isoTime } from '../db/timestamps.ts';
import { visibilityPredicate, type Access, type Scope } from './visibility.ts';
import { linkedSelect } from '../db/linked-values.ts';
import { todoCondition, todoCountSql, todoCounts } from './todo-sql.ts';
import { withTitlesOnly } from './read-grants.ts';
import { listedPage } from './list-cache.ts';
import { keptRecord } from './record-cache.ts';

export type { Scope };

interface Row {
  id: string;
  entity: string;
  doc: Record<string, unknown>;
  states: Record<string, string>;
  snapshot: PersistedSnapshot | null;
  version: number;
  company_id: string;
  company_name: string;
  company_name_en: string | null;
  created_by: string;
  created_by_name: string;
  created_at: Date | string;
  updated_at: Date | string;
  template_version: number | null;
  /** The record's linked values (`x-linked`), read with it. */
  linked: Record<string, unknown> | null;
  /** The companies that are the record's parties (and read it without a grant). */
  visible_to: string[];
}

/** The parties of each record read (its `visible_to`), kept beside it: never sent, read by `forReader`. */
const partiesOf = new WeakMap<EntityRecord, readonly string[]>();


function toRecord(r: Row): EntityRecord {
  const record: EntityRecord = {
    id: r.id,
    entity: r.entity,
    doc: r.linked ? { ...r.doc, ...r.linked } : r.doc,
    states: r.states,
    snapshot: r.snapshot,
    version: r.version,
    companyId: r.company_id,
    companyName: r.company_name,
    ...(r.company_name_en ? { companyNameEn: r.company_name_en } : {}),
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
    ...(r.template_version !== null ? { templateVersion: r.template_version } : {}),
  };
  partiesOf.set(record, r.visible_to);
  return record;
}

/**
 * Records as their reader reads them: one the reader's company sees only through an
 * authorization (not among its parties, no `data:allCompanies`) says so (`throughGrant`), so the
 * pages offer no write the server would refuse. Records kept for other requests are not changed.
 */
function forReader(scope: Scope, records: EntityRecord[]): EntityRecord[] {
  if (scope.all) return records;
  return records.map((r) => {
    const parties = partiesOf.get(r);
    return parties && !parties.includes(scope.companyId) ? { ...r, throughGrant: true } : r;
  });
}

/**
 * The columns of a record with its company, author and linked values (x-linked,
 * server/db/linked-values.ts), and `extra` columns; worked out once per registered entity (a
 * template's new version registers anew).
 */
const selects = new WeakMap<RegisteredEntity, Map<string, string>>();
function select(reg: RegisteredEntity, extra = ''): string {
  let known = selects.get(reg);
  if (!known) selects.set(reg, (known = new Map()));
  let sql = known.get(extra);
  if (sql === undefined) {
    sql = `select r.id, r.entity, r.doc, r.states, r.snapshot, r.version, r.company_id, c.name as company_name, c.name_en as company_name_en,
  r.created_by, u.user_name as created_by_name, r.created_at, r.updated_at, r.template_version, r.visible_to, ${linkedSelect(reg, 'r')} as linked${extra}
  from records r join companies c on c.id = r.company_id join users u on u.id = r.created_by`;
    known.set(extra, sql);
  }
  return sql;
}

/** A list variant's extra conditions, resolved for one user (the todo actions read from the machine for the user's codes). */
interface VariantParts {
  variant: PartyList;
  /** The work list's actions the user may send, in declared order, and their states. */
  actions: string[];
  parts: TodoAction[];
}

/** Builds `where` text and parameters for the entity, the scope (visibility.ts), a list variant and the filters. */
function whereClause(reg: RegisteredEntity, scope: Scope, query?: ListQuery, access: Access = 'read', variant?: VariantParts, only?: readonly string[]): { sql: string; params: unknown[]; p: (v: unknown) => string } {
  const params: unknown[] = [];
  // The entity is written into the text, not passed: a prepared statement's generic plan can then
  // use the entity's partial list indexes (`where entity = '…'`), which a parameter never matches.
  const parts = [`r.entity = '${reg.name.replaceAll("'", "''")}'`];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (only) parts.push(`r.id = any(${p(only)}::text[])`);
  // A work list shows what the user can act on: read-only (authorized) access is not enough.
  const own = variant?.variant.todo ? 'write' : access;
  if (!scope.all) parts.push(visibilityPredicate(scope, 'r', p, reg, own));
  // A list of one side (docs/declarations.md §3, partyLists): the records the user's company owns, or the others it sees.
  const party = variant?.variant.party ?? query?.party;
  if (!scope.all && party) parts.push(`${party === 'shared' ? 'not ' : ''}r.company_id = ${p(scope.companyId)}`);
  if (variant) parts.push(...variantConditions(reg, scope, variant, p));
  for (const f of query?.filters ?? []) parts.push(filterCondition(reg, f, p));
  return { sql: parts.join(' and '), params, p };
}

function filterCondition(reg: RegisteredEntity, f: Pick<QueryFilter, 'field' | 'op' | 'values'> | { field: string; op: 'filled'; values: readonly unknown[] }, p: (v: unknown) => string): string {
  // A field inside a list (each sample's material) matches when any item holds the value.
  const list = f.field.startsWith('$') ? undefined : listPath(reg.schema, f.field);
  if (list) return listCondition(list, f, p);
  const expr = fieldExpression(reg, f.field, 'r').sql;
  switch (f.op) {
    case 'filled':
      return `coalesce(${expr}::text, '') <> ''`;
    case 'eq':
      return `${expr} = ${p(f.values[0])}`;
    case 'contains':
      return `${expr} ilike ${p(`%${String(f.values[0]).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    case 'in':
      return `${expr} = any(${p(f.values.map(String))}::text[])`;
    case 'range': {
      const bounds = [f.values[0] !== null ? `${expr} >= ${p(f.values[0])}` : '', f.values[1] !== null ? `${expr} <= ${p(f.values[1])}` : ''].filter(Boolean);
      return bounds.length ? bounds.join(' and ') : 'true';
    }
  }
}

/** A condition on a field inside a list: containment (GIN-served) for values, a SQL/JSON path for "any item fills it". */
function listCondition(list: ListPath, f: { op: string; values: readonly unknown[] }, p: (v: unknown) => string): string {
  const holds = (v: unknown) => `r.doc @> ${p(JSON.stringify(list.contains(v)))}::jsonb`;
  switch (f.op) {
    case 'eq':
      return holds(f.values[0]);
    case 'in':
      return `(${f.values.map(holds).join(' or ') || 'false'})`;
    case 'filled':
      return `jsonb_path_exists(r.doc, ${p(`${list.jsonPath} ? (@ != "" && @ != null)`)}::jsonpath)`;
    default:
      throw new Error(`A '${f.op}' filter cannot read a field inside a list`);
  }
}

/** The variant's states, fixed conditions and, for a work list, the one condition "in a state where the user may act". */
function variantConditions(reg: RegisteredEntity, scope: Scope, { variant, parts }: VariantParts, p: (v: unknown) => string): string[] {
  const out: string[] = [];
  for (const [field, states] of Object.entries(variant.states ?? {})) out.push(filterCondition(reg, { field, op: 'in', values: states }, p));
  for (const w of variant.where ?? []) out.push(filterCondition(reg, { field: w.field, op: w.op, values: Array.isArray(w.value) ? w.value : [w.value] }, p));
  if (variant.todo) out.push(todoCondition(reg, scope, parts, p));
  return out;
}

function resolveVariant(reg: RegisteredEntity, query: ListQuery, permissions: PermissionMap): VariantParts | undefined {
  const variant = query.list === undefined ? undefined : listVariant(reg, query.list);
  if (!variant) return undefined;
  const parts = todoActions(reg, variant, permissions);
  return { variant, actions: [...new Set(parts.map((t) => t.action))], parts };
}

export type { EntityRecord };

/** A work list's count of records per action waiting on the user (the list header). */
export interface TodoCount {
  action: string;
  count: number;
}

export async function listRecords(
  db: Queryable,
  reg: RegisteredEntity,
  query: ListQuery,
  scope: Scope,
  /** The user's codes: a work list (`todo`) shows the records in states where they may act. */
  permissions: PermissionMap = {},
): Promise<{ items: EntityRecord[]; total: number; counts?: TodoCount[] }> {
  const variant = resolveVariant(reg, query, permissions);
  const where = whereClause(reg, scope, query, 'titles', variant);
  const sort = fieldExpression(reg, query.sort.field, 'r').sql;
  const dir = query.sort.order === 'asc' ? 'asc' : 'desc';
  const offset = (query.page - 1) * query.pageSize;
  // Page first (index order, no joins), then join the page's rows to their company and author.
  // The page's query counts the whole list as it sorts it (`count(*) over ()`): one scan, not two.
  const order = `${sort} ${dir} nulls last, r.id ${dir}`;
  const pageParams = [...where.params, query.pageSize, offset];
  const pageSql = `${select(reg, ', page.total as list_total')} join (select r.id, row_number() over (order by ${order}) as n, (count(*) over ())::int as total
         from records r where ${where.sql} order by ${order} limit $${pageParams.length - 1} offset $${pageParams.length}) page on page.id = r.id order by page.n`;
  // A work list counts its records per action from one grouped scan, which gives the total too.
  const todo = variant?.variant.todo ? variant : undefined;
  const countSql = todo ? todoCountSql(reg, scope, todo.parts, where.sql, where.p) : `select count(*)::int as n from records r where ${where.sql}`;
  if (!todo) {
    // A list kept with the snapshot it was read in (list-cache.ts): the page is its rows kept or read by id.
    const idsSql = `select r.id from records r where ${where.sql} order by ${order}`;
    const page = await listedPage(db, idsSql, where.params, { offset, limit: query.pageSize }, (ids) => recordsById(db, reg, ids));
    if (page) return { items: await titlesFor(db, reg, scope, page.rows), total: page.total };
  }
  const [items, counted] = await Promise.all([
    db.query<Row & { list_total: number }>(pageSql, pageParams),
    todo ? db.query<Record<string, unknown>>(countSql, where.params) : undefined,
  ]);
  const records = await titlesFor(db, reg, scope, items.rows.map(toRecord));
  if (!todo) {
    // A page past the end has no row to carry the count: only then is it asked for apart.
    const total = items.rows[0]?.list_total ?? (offset ? Number((await db.query<{ n: number }>(countSql, where.params)).rows[0]?.n ?? 0) : 0);
    return { items: records, total };
  }
  return { items: records, ...todoCounts(todo.actions, todo.parts, counted!.rows) };
}

/**
 * A page's records by their ids (a kept list's, read with the list's condition in a snapshot no write
 * has passed since), in no order; a row deleted since is left out.
 */
async function recordsById(db: Queryable, reg: RegisteredEntity, ids: string[]): Promise<EntityRecord[]> {
  // By primary key alone: the list's own condition again would have the planner read the visibility index's 1,000 rows.
  const { rows } = await db.query<Row>(`${select(reg)} where r.entity = '${reg.name.replaceAll("'", "''")}' and r.id = any($1::text[])`, [ids]);
  return rows.map(toRecord);
}

/**
 * How many records of each value of a lifecycle region the scope sees (the dashboard's tile, one
 * statement): the list's own condition (whereClause) grouped by the region's column, so each count
 * is the total of the list filtered by that state.
 */
export async function stateCounts(db: Queryable, reg: RegisteredEntity, region: string, scope: Scope): Promise<{ value: string; count: number }[]> {
  const where = whereClause(reg, scope);
  const column = fieldExpression(reg, region, 'r').sql;
  const { rows } = await db.query<{ value: string; count: number }>(`select ${column} as value, count(*)::int as count from records r where ${where.sql} group by 1`, where.params);
  return rows;
}

/**
 * An export's plan (server/exports/): how many rows the list's query (or the selection `only`
 * within it) gives, and the ids of the first `limit` in the list's order — ids only, the records
 * are read in batches after (recordsByIds).
 */
export async function listIds(
  db: Queryable,
  reg: RegisteredEntity,
  query: ListQuery,
  scope: Scope,
  limit: number,
  only?: readonly string[],
): Promise<{ ids: string[]; total: number }> {
  const where = whereClause(reg, scope, query, 'read', undefined, only);
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from records r where ${where.sql}`, where.params);
  const total = rows[0]?.n ?? 0;
  if (total > limit) return { ids: [], total };
  const sort = fieldExpression(reg, query.sort.field, 'r').sql;
  const dir = query.sort.order === 'asc' ? 'asc' : 'desc';
  const ids = await db.query<{ id: string }>(
    `select r.id from records r where ${where.sql} order by ${sort} ${dir} nulls last, r.id ${dir} limit ${limit}`,
    where.params,
  );
  return { ids: ids.rows.map((r) => r.id), total };
}

/** The records of these ids the scope sees, in the order given (one batch of an export). */
export async function recordsByIds(db: Queryable, reg: RegisteredEntity, ids: readonly string[], scope: Scope): Promise<EntityRecord[]> {
  const where = whereClause(reg, scope, undefined, 'read', undefined, ids);
  const { rows } = await db.query<Row>(`${select(reg)} where ${where.sql}`, where.params);
  const byId = new Map(rows.map((r) => [r.id, toRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getRecord(
  db: Queryable,
  reg: RegisteredEntity,
  id: string,
  scope: Scope,
  forUpdate = false,
  /** The detail page's read: a record whose title alone the reader may see comes with its title only (read-grants.ts). */
  titles = false,
): Promise<EntityRecord | undefined> {
  // A load for update is a write: what an authorization lets a company read it may not change.
  const where = whereClause(reg, scope, undefined, forUpdate ? 'write' : titles ? 'titles' : 'read');
  where.params.push(id);
  const sql = `${select(reg)} where ${where.sql} and r.id = $${where.params.length}${forUpdate ? ' for update of r' : ''}`;
  const read = async () => {
    const { rows } = await db.query<Row>(sql, where.params);
    if (!rows[0]) return undefined;
    return titles ? (await titlesFor(db, reg, scope, [toRecord(rows[0])]))[0] : toRecord(rows[0]);
  };
  // The detail page's read is kept on PGlite while no write has committed since (record-cache.ts): the record is shared.
  return titles && !forUpdate ? keptRecord(db, reg, () => `${sql}\u0000${JSON.stringify(where.params)}`, read) : read();
}

/** Records as a list or detail reader reads them: marked when read through a grant, those the reader does not read in full reduced to their title (read-grants.ts). */
async function titlesFor(db: Queryable, reg: RegisteredEntity, scope: Scope, records: EntityRecord[]): Promise<EntityRecord[]> {
  if (scope.all) return records;
  return withTitlesOnly(reg, forReader(scope, records), async (ids) => {
    const where = whereClause(reg, scope, undefined, 'read', undefined, ids);
    const { rows } = await db.query<{ id: string }>(`select r.id from records r where ${where.sql}`, where.params);
    return new Set(rows.map((r) => r.id));
  });
}

export interface RecordWrite {
  doc: Record<string, unknown>;
  /** The primary region's state, kept in its own indexed column. */
  state: string;
  states: Record<string, string>;
  snapshot: PersistedSnapshot | null;
  visibleTo: readonly string[];
}

export async function insertRecord(
  db: Queryable,
  reg: RegisteredEntity,
  id: string,
  w: RecordWrite,
  companyId: string,
  userId: string,
  /** The record this one belongs to (a TRF's DFF data names its TRF). */
  parentId: string | null = null,
  /** The record this one is one of many of (entity `belongsTo`: a TRF's comment). */
  belongsTo: string | null = null,
): Promise<void> {
  await db.query(
    `insert into records (id, entity, doc, state, states, snapshot, company_id, visible_to, created_by, template_version, parent_id, belongs_to)
     values ($1, $2, $3::jsonb, $9, $4::jsonb, $5::jsonb, $6, $7::text[], $8, $10, $11, $12)`,
    [id, reg.name, JSON.stringify(w.doc), JSON.stringify(w.states), JSON.stringify(w.snapshot), companyId, w.visibleTo, userId, w.state, reg.templateVersion ?? null, parentId, belongsTo],
  );
}

/** Writes the new content when the stored version is still `version`; false when it moved on. */
export async function updateRecord(db: Queryable, id: string, version: number, w: RecordWrite): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `update records set doc = $3::jsonb, state = $7, states = $4::jsonb, snapshot = $5::jsonb, visible_to = $6::text[],
       version = version + 1, updated_at = now()
     where id = $1 and version = $2 returning id`,
    [id, version, JSON.stringify(w.doc), JSON.stringify(w.states), JSON.stringify(w.snapshot), w.visibleTo, w.state],
  );
  return rows.length === 1;
}

/**
 * The records belonging to `parentId` (its DFF data, its reports and theirs: `access.parent`; its comments: `belongsTo`) are
 * seen by the same companies as it, and by their own; a record in one of `draftStates` stays its
 * own company's (its children too), until it leaves the draft.
 */
export async function shareChildren(db: Queryable, parentId: string, visibleTo: readonly string[], draftStates: readonly string[] = []): Promise<void> {
  const { rows } = await db.query<{ id: string; visible_to: string[] }>(
    `update records set visible_to = array(select distinct x from unnest($2::text[] || array[company_id]) x order by x)
     where parent_id = $1 and not (state = any($3::text[])) returning id, visible_to`,
    [parentId, visibleTo, draftStates],
  );
  for (const r of rows) await shareChildren(db, r.id, r.visible_to, draftStates);
  await db.query('update records set visible_to = $2::text[] where belongs_to = $1', [parentId, visibleTo]);
}

/** The companies that see the record `id` of `entity` (none when there is no such record). */
export async function visibleToOf(db: Queryable, entity: string, id: string): Promise<string[] | undefined> {
  const { rows } = await db.query<{ visible_to: string[] }>('select visible_to from records where id = $1 and entity = $2', [id, entity]);
  return rows[0]?.visible_to;
}

/** Names the record's parent (`access.parent`). */
export async function setParent(db: Queryable, id: string, parentId: string | null): Promise<void> {
  await db.query('update records set parent_id = $2 where id = $1 and parent_id is distinct from $2', [id, parentId]);
}

export async function deleteRecord(db: Queryable, id: string, version: number): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('delete from records where id = $1 and version = $2 returning id', [id, version]);
  return rows.length === 1;
}

/** The next number of a daily sequence (`TRF241122000001`), inside the caller's transaction. */
export async function nextNumber(db: Queryable, prefix: string, digits: number, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const { rows } = await db.query<{ value: number | string }>(
    `insert into counters (name, value) values ($1, 1)
     on conflict (name) do update set value = counters.value + 1 returning value`,
    [`${prefix}${day}`],
  );
  return `${prefix}${day}${String(rows[0]!.value).padStart(digits, '0')}`;
}
