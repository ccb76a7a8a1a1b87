import type { ActionDeclaration, EntityDeclaration } from '../declaration/types.ts';
import { valueAt } from '../schema/resolve.ts';

/**
 * Which side of a record a company is on: the company that owns it, a company one of its
 * `access.shareWith` fields names (the invited supplier, the grantee of an authorization), or
 * neither (internal staff reading every company's records).
 */
export type Party = 'owner' | 'shared' | 'none';

/** The companies a record's declared fields name (its `access.shareWith`, `unlessTrue` applied; a field may hold one company id or a list). */
export function sharedCompanies(entity: Pick<EntityDeclaration, 'access'>, doc: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const rule of entity.access?.shareWith ?? []) {
    if (rule.unlessTrue && valueAt(doc, rule.unlessTrue) === true) continue;
    for (const v of companiesAt(doc, rule.field)) if (!ids.includes(v)) ids.push(v);
  }
  return ids;
}

/** The company ids a share field holds: one (a string) or several (an array of strings, a share with many companies). */
export function companiesAt(doc: Record<string, unknown>, field: string): string[] {
  const v = valueAt(doc, field);
  const all = Array.isArray(v) ? v : [v];
  return all.filter((x): x is string => typeof x === 'string' && x !== '');
}

/** The side `companyId` is on for a record owned by `ownerCompanyId` holding `doc`. */
export function partyOf(entity: Pick<EntityDeclaration, 'access'>, record: { companyId: string; doc: Record<string, unknown>; throughGrant?: boolean }, companyId: string): Party {
  if (record.companyId === companyId) return 'owner';
  // The server says when the reader sees the record only through an authorization (its parties are stored with it).
  if (record.throughGrant) return 'none';
  // A record belonging to another (access.parent) is shared with whoever sees its parent as a party.
  if (entity.access?.parent) return 'shared';
  return sharedCompanies(entity, record.doc).includes(companyId) ? 'shared' : 'none';
}

/** Whether an action's `by` lets a company on this side send it (no `by`: any side holding the permission). */
export const partyMaySend = (action: Pick<ActionDeclaration, 'by'>, party: Party): boolean => !action.by || action.by === party;

/**
 * Whether a user reads a record only through an authorization (access.grantsVisibility): a
 * company on neither side of a record it sees, without `data:allCompanies`. Such access is
 * read-only — the server answers 404 to its writes, and the pages offer none.
 */
export const readsThroughGrant = (party: Party | undefined, allCompanies: boolean): boolean => party === 'none' && !allCompanies;
