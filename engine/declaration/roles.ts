import rolesFile from '../../schemas/_access/roles.json' with { type: 'json' };
import postsFile from '../../schemas/_access/posts.json' with { type: 'json' };
import { checkedAccess } from './meta.ts';
import type { AccessDeclarations } from './types.ts';

/** Where the roles and posts are declared (named in declaration errors). */
export const ACCESS_FILES = { roles: 'schemas/_access/roles.json', posts: 'schemas/_access/posts.json' } as const;

/**
 * The roles of SPEC §6 and the post roles, declared in schemas/_access/ and checked against their
 * meta-schemas at import: a broken file stops the server, the client and the tests at start.
 */
export const STATIC_ACCESS: AccessDeclarations = checkedAccess({ files: ACCESS_FILES, roles: rolesFile, posts: postsFile });

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
