import rolesFile from '../../schemas/_access/roles.json' with { type: 'json' };
import postsFile from '../../schemas/_access/posts.json' with { type: 'json' };
import type { DeclaredAccess } from './meta.ts';
import type { AccessDeclarations, PostDeclaration, RoleDeclaration } from './types.ts';

/** Where the roles and posts are declared (named in declaration errors). */
export const ACCESS_FILES = { roles: 'schemas/_access/roles.json', posts: 'schemas/_access/posts.json' } as const;

/** The two files as read, for their check against the meta-schemas (engine/static-entities.ts, at import). */
export const DECLARED_ACCESS: DeclaredAccess = { files: ACCESS_FILES, roles: rolesFile, posts: postsFile };

/**
 * The roles of SPEC §6 and the post roles, declared in schemas/_access/. engine/static-entities.ts
 * checks the files against their meta-schemas at import: a broken file stops the server, the
 * build (`npm run gen`) and the tests at start; the browser trusts the build.
 */
export const STATIC_ACCESS: AccessDeclarations = {
  roles: rolesFile.roles as Record<string, RoleDeclaration>,
  posts: postsFile.posts as Record<string, PostDeclaration>,
};

/** The roles an entity's `grants` may name. */
export const ROLE_NAMES: readonly string[] = Object.keys(STATIC_ACCESS.roles);
/** The posts an entity's `grants` may name, as `post:<name>`. */
export const POST_NAMES: readonly string[] = Object.keys(STATIC_ACCESS.posts);

export const isDeclaredRole = (name: string): boolean => Object.hasOwn(STATIC_ACCESS.roles, name);
export const isDeclaredPost = (name: string): boolean => Object.hasOwn(STATIC_ACCESS.posts, name);

/** The `grants` key of a post. */
export const POST_PREFIX = 'post:';
export const postGrantee = (post: string): string => `${POST_PREFIX}${post}`;

/** What a user carries that marks roles (SPEC §6): dimensions and the customer-admin flag. */
export interface RoleMarks {
  dimensions: Readonly<Record<string, unknown>>;
  isAdmin: boolean;
}

/**
 * The roles a user holds, worked out from the user's dimensions and flag by each role's `markedBy`
 * (SGSUserRole=SgsAdmin: internal staff; UserRole=Buyer: buyer; isAdmin: customer admin; …).
 */
export function rolesOf(access: AccessDeclarations, user: RoleMarks): string[] {
  return Object.entries(access.roles)
    .filter(([, { markedBy }]) => ('flag' in markedBy ? user.isAdmin === true : user.dimensions[markedBy.dimension] === markedBy.value))
    .map(([name]) => name);
}

/** Whether a user holds one of `roles` (a declaration's audience: a dashboard tile's); true when none are named. */
export function holdsAnyRole(roles: readonly string[] | undefined, user: RoleMarks): boolean {
  if (!roles) return true;
  const held = rolesOf(STATIC_ACCESS, user);
  return roles.some((r) => held.includes(r));
}
