import type { EntityRecord, EntityRegistry, ReadGrantSource, RegisteredEntity } from '../../engine/index.ts';
import { fieldExpression } from '../db/sql-expressions.ts';

/**
 * `access.readGrants` (docs/declarations.md §3): who reads a record in full beside its parties and
 * staff — the companies, customer groups (of the reader's company) and accounts named by records
 * of the source entities targeting it, within their dates (UTC, as text). A source that
 * `restricts` leaves a record no source record names open to every reader, and a source record
 * naming nobody opens it to every reader within its dates. Others see the record's title only
 * when its `titleOnly` field is true (list and detail: `withTitlesOnly`), and never its files.
 */
export interface Reader {
  companyId: string;
  /** The reader's login account (the accounts lookup's value); none for a scope without one. */
  account?: string;
  registry?: EntityRegistry;
}

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** A top-level text or array-of-text field of the source record `g` (jsonb: `?` matches an array's element or a string's value). */
const arrayOf = (name: string) => `g.doc -> ${lit(name)}`;

function sourceCondition(source: ReadGrantSource, reader: Reader, alias: string, param: (v: unknown) => string, today: string): string {
  const src = reader.registry?.get(source.entity);
  if (!src) return 'false';
  const target = `${fieldExpression(src, source.target, 'g').sql} = ${alias}.id`;
  const period = [
    source.from ? `(${fieldExpression(src, source.from, 'g').sql} is null or ${fieldExpression(src, source.from, 'g').sql} <= ${today})` : '',
    source.to ? `(${fieldExpression(src, source.to, 'g').sql} is null or ${fieldExpression(src, source.to, 'g').sql} >= ${today})` : '',
  ].filter(Boolean);
  const company = `${param(reader.companyId)}::text`;
  const named = [
    source.companies ? `${arrayOf(source.companies)} ? ${company}` : '',
    source.customerGroups ? `${arrayOf(source.customerGroups)} ? (select c.customer_group from companies c where c.id = ${company})` : '',
    source.accounts && reader.account ? `${arrayOf(source.accounts)} ? ${param(reader.account)}::text` : '',
  ].filter(Boolean);
  if (source.restricts) {
    const audience = [source.companies, source.customerGroups, source.accounts].flatMap((f) => (f ? [`(case jsonb_typeof(${arrayOf(f)}) when 'array' then jsonb_array_length(${arrayOf(f)}) when 'string' then 1 else 0 end)`] : []));
    if (audience.length) named.push(`${audience.join(' + ')} = 0`);
    else named.push('true');
  }
  const from = `from records g where g.entity = ${lit(src.name)} and ${target}`;
  const granted = `exists (select 1 ${from}${period.map((p) => ` and ${p}`).join('')} and (${named.length ? named.join(' or ') : 'false'}))`;
  return source.restricts ? `(${granted} or not exists (select 1 ${from}))` : granted;
}

/** The condition "the reader reads the row in full through a grant" over the row alias; undefined for an entity without `readGrants`. */
export function readGrantCondition(reg: RegisteredEntity, reader: Reader, alias: string, param: (v: unknown) => string): string | undefined {
  const grants = reg.entity.access?.readGrants;
  if (!grants) return undefined;
  const today = `${param(new Date().toISOString().slice(0, 10))}::text`;
  const restricting = grants.sources.filter((s) => s.restricts);
  const opening = grants.sources.filter((s) => !s.restricts);
  // Every restricting source must let the reader in; any opening source (a share) lets them in too.
  const restricted = restricting.length ? restricting.map((s) => sourceCondition(s, reader, alias, param, today)).join(' and ') : 'false';
  const shared = opening.map((s) => sourceCondition(s, reader, alias, param, today));
  return `(${[restricted, ...shared].join(' or ')})`;
}

/** The rows whose title alone their other readers see (the declared `titleOnly` field is true); undefined when the entity declares none. */
export function titleOnlyCondition(reg: RegisteredEntity, alias: string): string | undefined {
  const field = reg.entity.access?.readGrants?.titleOnly;
  return field ? `coalesce(${fieldExpression(reg, field, alias).sql}, false)` : undefined;
}

/**
 * Records read with title-only rows (list, detail) as their reader may see them: the rows the
 * reader reads in full (`fullyRead`: their ids, asked in one query) whole, the others reduced to
 * the title and the title-only flag, with `titleOnly: true` and no snapshot.
 */
export async function withTitlesOnly(
  reg: RegisteredEntity,
  records: EntityRecord[],
  fullyRead: (ids: string[]) => Promise<Set<string>>,
): Promise<EntityRecord[]> {
  const field = reg.entity.access?.readGrants?.titleOnly;
  if (!field || !records.length) return records;
  const full = await fullyRead(records.map((r) => r.id));
  const title = reg.entity.titleField;
  return records.map((r) =>
    full.has(r.id) ? r : { ...r, doc: { ...(title ? { [title]: r.doc[title] } : {}), [field]: true }, snapshot: null, titleOnly: true },
  );
}
