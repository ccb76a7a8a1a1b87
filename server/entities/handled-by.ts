import { ALL_COMPANIES, fieldAt, rolesOf, type AccessDeclarations, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { fieldExpression } from '../db/sql-expressions.ts';

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * The entity's `handledBy` (docs/declarations.md §3): the records naming who handles a record and
 * the fields read, checked against the registry; undefined when the entity declares none.
 */
export function handledByOf(registry: EntityRegistry, reg: RegisteredEntity): { other: RegisteredEntity; field: string; match: string; email: string } | undefined {
  const h = reg.entity.handledBy;
  if (!h) return undefined;
  const other = registry.list().find((r) => r.name === h.entity);
  if (!other) throw new Error(`schemas/${reg.name}/${reg.name}.entity.json at /handledBy/entity: '${h.entity}' is not an entity`);
  return { other, field: h.field, match: h.match, email: h.email };
}

/** Every entity's `handledBy` names an entity and two of its fields, else the server does not start. */
export function checkHandledBy(registry: EntityRegistry): void {
  for (const reg of registry.list()) {
    const h = handledByOf(registry, reg);
    for (const part of ['match', 'email'] as const) {
      if (h && !fieldAt(h.other.schema, h[part])) throw new Error(`schemas/${reg.name}/${reg.name}.entity.json at /handledBy/${part}: '${h[part]}' is not a field of '${h.other.name}'`);
    }
  }
}

/** SQL: the (lower-case) addresses of the people who handle the record `alias`, by its entity's `handledBy`. */
export function handlerAddressesSql(registry: EntityRegistry, reg: RegisteredEntity, alias: string): string | undefined {
  const h = handledByOf(registry, reg);
  if (!h) return undefined;
  const field = fieldExpression(reg, h.field, alias).sql;
  return `select lower(${fieldExpression(h.other, h.email, 'hb').sql}) from records hb where hb.entity = ${lit(h.other.name)} and ${fieldExpression(h.other, h.match, 'hb').sql} = ${field}`;
}

/**
 * SQL: the user `userIdSql` handles the record `alias` — its address is one of its handlers', or no
 * approved account holds any of them (the record is every staff member's). True for an entity
 * without `handledBy`.
 */
export function handlesSql(registry: EntityRegistry, reg: RegisteredEntity, alias: string, userIdSql: string): string {
  const addresses = handlerAddressesSql(registry, reg, alias);
  if (!addresses) return 'true';
  return `((select lower(email) from users where id = ${userIdSql}) in (${addresses})
    or not exists (select 1 from users su where su.status = 'approved' and lower(su.email) in (${addresses})))`;
}

type StaffRow = { id: string; dimensions: Record<string, unknown> | null; is_admin: boolean };

/**
 * The accounts that handle the record: the approved accounts holding its handlers' addresses; when
 * none does (or the entity declares no `handledBy`), every approved staff member (a role that sees
 * all companies, schemas/_access/).
 */
export async function handlingAccounts(tx: Queryable, registry: EntityRegistry, reg: RegisteredEntity, recordId: string, access: AccessDeclarations): Promise<string[]> {
  const addresses = handlerAddressesSql(registry, reg, 'r');
  if (addresses) {
    const { rows } = await tx.query<{ id: string }>(
      `select u.id from users u where u.status = 'approved' and lower(u.email) in (select a from records r, lateral (${addresses}) as x(a) where r.id = $1) order by u.created_at, u.id`,
      [recordId],
    );
    if (rows.length) return rows.map((r) => r.id);
  }
  const staffRoles = new Set(Object.entries(access.roles).filter(([, r]) => r.permissions?.includes(ALL_COMPANIES)).map(([name]) => name));
  const { rows } = await tx.query<StaffRow>("select id, dimensions, is_admin from users where status = 'approved' order by created_at, id");
  return rows.filter((u) => rolesOf(access, { dimensions: u.dimensions ?? {}, isAdmin: u.is_admin }).some((r) => staffRoles.has(r))).map((u) => u.id);
}
