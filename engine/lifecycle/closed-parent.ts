import type { EntityDeclaration } from '../declaration/types.ts';

type ParentClosed = NonNullable<NonNullable<NonNullable<EntityDeclaration['access']>['parent']>['closed']>;

/**
 * `access.parent.closed` (docs/declarations.md §3): whether a parent resting in `states` (its
 * lifecycle fields → state) closes its records to users — a complete training class's enrolments,
 * an issued report's test lines. The server refuses the write (`refuseClosedParent`), and the
 * pages do not offer it.
 */
export function parentClosed(entity: EntityDeclaration, states: Readonly<Record<string, string | undefined>> | undefined): boolean {
  const closed = entity.access?.parent?.closed;
  return Boolean(closed && Object.entries(closed.states).some(([field, list]) => list.includes(states?.[field] ?? '')));
}

/**
 * Whether a change of these top-level fields of a record is still allowed while its parent is
 * closed: each is one of `closed.except` (a reviewer's result review of an issued report's test
 * line). Adding or deleting a record is never allowed (`changed` undefined).
 */
export function closedAllows(closed: ParentClosed, changed: readonly string[] | undefined): boolean {
  return changed !== undefined && changed.every((f) => closed.except?.includes(f));
}
