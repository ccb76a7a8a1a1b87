import { accessGrants, rolesOf, STATIC_ACCESS, STATIC_BUNDLES, type AccessDeclarations, type EntityBundle, type RoleMarks } from '../../engine/index.ts';

/**
 * A user's codes: login permissions are the pages a user may open; button codes (fetched
 * separately, SPEC §7) are the actions. The session holds both.
 */
export interface RoleGrant {
  permissions: readonly string[];
  buttons: readonly string[];
}

/** A user's roles (from the user's dimensions and flag) and the codes of those roles and the user's posts. */
export type GrantSource = (user: RoleMarks & { posts: readonly string[] }) => RoleGrant & { roles: readonly string[] };

/**
 * A user's roles and codes under the declarations in force: schemas/_access/ (what each role and
 * post holds outside the entities) and every registered entity's `grants`. Each set of roles and
 * posts is worked out once per set of registered entities (a published template version adds one).
 */
export function grantSource(
  declared: () => readonly (Pick<EntityBundle, 'entity'> & { templateVersion?: number })[],
  access: AccessDeclarations = STATIC_ACCESS,
): GrantSource {
  const cache = new Map<string, RoleGrant>();
  let entitiesKey = '';
  let seen: readonly unknown[] | undefined;
  return (user) => {
    const roles = rolesOf(access, user);
    const posts = user.posts;
    const entities = declared();
    // The registry answers the same array until its entities change: the key is worked out again only then.
    if (entities !== seen) {
      seen = entities;
      const currentKey = entities.map((r) => `${r.entity.name}@${r.templateVersion ?? 0}`).join(',');
      if (currentKey !== entitiesKey) {
        cache.clear();
        entitiesKey = currentKey;
      }
    }
    const key = `${roles.join(',')}|${[...posts].sort().join(',')}`;
    let grants = cache.get(key);
    if (!grants) cache.set(key, (grants = accessGrants(access, entities, roles, posts)));
    return { roles, ...grants };
  };
}

/** The codes under the static declarations (schemas/), for callers outside an app (the demo seed). */
export const STATIC_GRANTS: GrantSource = grantSource(() => STATIC_BUNDLES);
