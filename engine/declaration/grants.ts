import type { EntityBundle } from './types.ts';

/**
 * What the entities' `grants` give a set of roles: the list and read codes as login permissions
 * (the pages a user may open), every other code as button codes (SPEC §7).
 */
export function declaredGrants(bundles: readonly Pick<EntityBundle, 'entity'>[], roles: readonly string[]): { permissions: string[]; buttons: string[] } {
  const permissions = new Set<string>();
  const buttons = new Set<string>();
  for (const { entity } of bundles) {
    const pages = new Set([entity.permissions.list, entity.permissions.read]);
    for (const role of roles) for (const code of entity.grants?.[role] ?? []) (pages.has(code) ? permissions : buttons).add(code);
  }
  return { permissions: [...permissions], buttons: [...buttons] };
}
