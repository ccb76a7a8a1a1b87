/**
 * The roles of SPEC §6 that an entity's `grants` may name. server/auth/roles.ts holds what each
 * role may do outside the entities; a unit test keeps the two lists equal.
 */
export const ROLE_NAMES = ['buyer', 'supplier', 'agent', 'manufacturer', 'applicant', 'customerAdmin', 'internalStaff'] as const;
export type DeclaredRole = (typeof ROLE_NAMES)[number];

export const isDeclaredRole = (name: string): name is DeclaredRole => (ROLE_NAMES as readonly string[]).includes(name);
