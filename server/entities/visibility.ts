import { ALL_COMPANIES, hasPermission, regionLeaves, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { fieldExpression } from '../db/sql-expressions.ts';
import { readGrantCondition, titleOnlyCondition } from './read-grants.ts';

/**
 * Which records a user may see (docs/declarations.md §3, access): every company's (staff holding
 * `data:allCompanies`), or those whose `visible_to` holds its company — widened, for reading the
 * records of entities whose visibility is `authorized`, by the companies that granted its company
 * an active authorization (an entity's `access.grantsVisibility`). Without a registry no grant is
 * read (writers checking file ownership, the seed).
 */
export type Scope = { all: true } | { all: false; companyId: string; account?: string; registry?: EntityRegistry };

/**
 * Reading or writing: authorized (granted) access is read-only, so writes see the record's parties
 * only. `titles`: reading a list or a detail, which also shows the rows whose title alone the
 * reader may see (`access.readGrants.titleOnly`, read-grants.ts); every other read is in full.
 */
export type Access = 'read' | 'write' | 'titles';

export function scopeOf(user: SessionUser, registry?: EntityRegistry): Scope {
  if (hasPermission(user.permissionMap, ALL_COMPANIES)) return { all: true };
  return registry ? { all: false, companyId: user.companyId, account: user.account, registry } : { all: false, companyId: user.companyId, account: user.account };
}

/** The company ids a scope's own writes act as (file ownership): none for staff, who may use any. */
export const writerCompanies = (scope: Scope): string[] => (scope.all ? [] : [scope.companyId]);

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The query of one granting entity's grantor companies (its states: the primary region's, the `state` column) for the grantee `company` today, by its declaration. */
const grantSql = new WeakMap<RegisteredEntity, (company: string, today: string) => string>();

function grantorsOf(reg: RegisteredEntity): ((company: string, today: string) => string) | undefined {
  const grant = reg.entity.access?.grantsVisibility;
  if (!grant) return undefined;
  let sql = grantSql.get(reg);
  if (!sql) {
    const grantee = fieldExpression(reg, grant.grantee, 'g').sql;
    const from = grant.from ? fieldExpression(reg, grant.from, 'g').sql : undefined;
    const to = grant.to ? fieldExpression(reg, grant.to, 'g').sql : undefined;
    const states = `array[${grant.states.map(lit).join(', ')}]::text[]`;
    sql = (company, today) =>
      `select g.company_id from records g where g.entity = ${lit(reg.name)} and ${grantee} = ${company} and g.state = any(${states})` +
      `${from ? ` and ${from} <= ${today}` : ''}${to ? ` and ${to} >= ${today}` : ''}`;
    grantSql.set(reg, sql);
  }
  return sql;
}

/** The grant queries of a registry's entities, by `list()`'s answer (the same array until the entities change). */
const grantingByList = new WeakMap<readonly RegisteredEntity[], ((company: string, today: string) => string)[]>();

function grantingOf(registry: EntityRegistry | undefined): ((company: string, today: string) => string)[] {
  if (!registry) return [];
  const list = registry.list();
  let granting = grantingByList.get(list);
  if (!granting) grantingByList.set(list, (granting = list.flatMap((r) => grantorsOf(r) ?? [])));
  return granting;
}

const drafts = new WeakMap<RegisteredEntity, readonly string[]>();

/** The draft states of an entity's primary region (the `state` column): a draft is its owner's alone, granted or not. Computed once per registered entity. */
export function draftStates(reg: RegisteredEntity): readonly string[] {
  let states = drafts.get(reg);
  if (!states) {
    const [region] = Object.values(reg.entity.lifecycle?.regions ?? {});
    states = !region || !reg.machine ? [] : regionLeaves(reg.machine, region).filter((n) => (n.meta as { draft?: boolean } | undefined)?.draft === true).map((n) => n.key);
    drafts.set(reg, states);
  }
  return states;
}

/** The user's company among a row's `visible_to`: the parties' own condition. Parameters are added only when used (PostgreSQL refuses an unread one). */
const ownCondition = (scope: Scope & { all: false }, alias: string, param: (v: unknown) => string) => `${alias}.visible_to && ${param([scope.companyId])}::text[]`;

/** The entities whose records every signed-in user reads (`access.visibility: everyone`). */
const everyoneEntities = (registry: EntityRegistry | undefined): string[] =>
  registry?.list().filter((r) => r.entity.access?.visibility === 'everyone' && !r.entity.access.readGrants).map((r) => r.name) ?? [];

/** Rows of any entity (a file's links): those of entities declaring `readGrants` are read by their grants too. */
function grantedRows(scope: Scope & { all: false }, alias: string, param: (v: unknown) => string): string[] {
  return (scope.registry?.list() ?? []).flatMap((reg) => {
    const granted = readGrantCondition(reg, scope, alias, param);
    return granted ? [`(${alias}.entity = ${lit(reg.name)} and ${granted})`] : [];
  });
}

/** Today's date (UTC, `YYYY-MM-DD`): the dates of a grant's period are compared as text. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The one visibility condition of every reader of `records` (list, get, history, copy, files, the
 * writes' loads): SQL over the row alias, its values added through `param`. The grantor companies
 * are computed inside the same statement (an uncorrelated subquery PostgreSQL runs once, the GIN
 * index on `visible_to` and the grant's expression index serving both sides). `entity` is the
 * entity read (undefined: rows of any entity, as a file's links are).
 */
export function visibilityPredicate(scope: Scope, alias: string, param: (v: unknown) => string, entity?: RegisteredEntity, access: Access = 'read', skipEveryone = false): string {
  if (scope.all) return 'true';
  // Read grants (read-grants.ts): the parties, and whom the grants name; in a list or detail, also the title-only rows.
  const granted = entity && access !== 'write' ? readGrantCondition(entity, scope, alias, param) : undefined;
  if (granted) {
    const titles = access === 'titles' ? titleOnlyCondition(entity!, alias) : undefined;
    return `(${ownCondition(scope, alias, param)} or ${granted}${titles ? ` or ${titles}` : ''})`;
  }
  // Master data (`everyone`): every signed-in user reads every record; writes stay the parties'.
  // A record in a draft state stays its parties' (an unpublished training class).
  if (entity?.entity.access?.visibility === 'everyone') {
    if (access === 'write') return ownCondition(scope, alias, param);
    const drafts = draftStates(entity);
    return drafts.length ? `(${alias}.state <> all(${param(drafts)}::text[]) or ${ownCondition(scope, alias, param)})` : 'true';
  }
  const own = () => ownCondition(scope, alias, param);
  const extended = entity ? entity.entity.access?.visibility === 'authorized' : true;
  const granting = grantingOf(scope.registry);
  if (!entity && access !== 'write' && !skipEveryone) {
    // Rows of any entity (a file's links): those of master data are everyone's to read, those with read grants their grantees'.
    const everyone = everyoneEntities(scope.registry);
    const grantees = grantedRows(scope, alias, param);
    if (everyone.length || grantees.length) {
      const rest = !granting.length ? own() : visibilityPredicate(scope, alias, param, undefined, access, true);
      const open = everyone.length ? [`${alias}.entity = any(${param(everyone)}::text[])`] : [];
      return `(${[...open, ...grantees, rest].join(' or ')})`;
    }
  }
  if (access === 'write' || !extended || !granting.length) return own();
  const company = `${param(scope.companyId)}::text`;
  const today = `${param(todayUtc())}::text`;
  const grantors = `(select array_agg(v.company_id) from (select ${company} as company_id${granting.map((g) => ` union all ${g(company, today)}`).join('')}) v)`;
  if (entity) {
    // The grantors' drafts stay theirs: the index finds the rows by the wider set, the row check keeps drafts to their parties.
    const drafts = draftStates(entity);
    if (!drafts.length) return `${alias}.visible_to && ${grantors}`;
    return `${alias}.visible_to && ${grantors} and (${alias}.state <> all(${param(drafts)}::text[]) or ${own()})`;
  }
  const authorized = scope.registry!.list().filter((r) => r.entity.access?.visibility === 'authorized').map((r) => r.name);
  return `(${own()} or (${alias}.entity = any(${param(authorized)}::text[]) and ${alias}.visible_to && ${grantors}))`;
}
