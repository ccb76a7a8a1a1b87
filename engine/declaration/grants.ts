import { postGrantee } from './roles.ts';
import type { AccessDeclarations, EntityBundle } from './types.ts';

/**
 * What the entities' `grants` give a set of grantees (roles, and posts as `post:<name>`): the list
 * and read codes as login permissions (the pages a user may open), every other code as button
 * codes (SPEC §7).
 */
export function declaredGrants(bundles: readonly Pick<EntityBundle, 'entity'>[], grantees: readonly string[]): { permissions: string[]; buttons: string[] } {
  const permissions = new Set<string>();
  const buttons = new Set<string>();
  for (const { entity } of bundles) {
    const pages = new Set([entity.permissions.list, entity.permissions.read]);
    for (const grantee of grantees) for (const code of entity.grants?.[grantee] ?? []) (pages.has(code) ? permissions : buttons).add(code);
  }
  return { permissions: [...permissions], buttons: [...buttons] };
}

/**
 * A user's permission and button codes: the union of what the user's roles and posts hold outside
 * the entities (schemas/_access/) and what the entities grant them. Names not declared hold nothing.
 */
export function accessGrants(
  access: AccessDeclarations,
  bundles: readonly Pick<EntityBundle, 'entity'>[],
  roles: readonly string[],
  posts: readonly string[],
): { permissions: string[]; buttons: string[] } {
  const heldRoles = roles.filter((r) => Object.hasOwn(access.roles, r));
  const heldPosts = posts.filter((p) => Object.hasOwn(access.posts, p));
  const declared = declaredGrants(bundles, [...heldRoles, ...heldPosts.map(postGrantee)]);
  const permissions = new Set(declared.permissions);
  const buttons = new Set(declared.buttons);
  for (const held of [...heldRoles.map((r) => access.roles[r]), ...heldPosts.map((p) => access.posts[p])]) {
    held?.permissions?.forEach((c) => permissions.add(c));
    held?.buttons?.forEach((c) => buttons.add(c));
  }
  return { permissions: [...permissions], buttons: [...buttons] };
}
