import { ALL_COMPANIES, declaredGrants, STATIC_BUNDLES } from '../../engine/index.ts';

/**
 * What each role of SPEC §6 may do outside the entities. Login permissions are the pages a user
 * may open; button codes (fetched separately, SPEC §7) are the actions. The session holds both.
 * What a role may do with an entity is declared by the entity's `grants` (schemas/<entity>/).
 */
export interface RoleGrant {
  permissions: readonly string[];
  buttons: readonly string[];
}

const CUSTOMER: RoleGrant = {
  permissions: ['form:list', 'form:read'],
  buttons: ['form:create', 'form:update', 'form:delete'],
};

export const ROLES = {
  buyer: CUSTOMER,
  supplier: CUSTOMER,
  agent: CUSTOMER,
  manufacturer: CUSTOMER,
  applicant: CUSTOMER,
  customerAdmin: { permissions: [...CUSTOMER.permissions, 'company:admin'], buttons: CUSTOMER.buttons },
  internalStaff: {
    permissions: [ALL_COMPANIES, 'workflow:view', 'outbox:read', 'account:approve', 'notice:publish', 'template:design', 'form:list', 'form:read'],
    buttons: ['form:create', 'form:update', 'form:delete'],
  },
} as const satisfies Record<string, RoleGrant>;

export type RoleName = keyof typeof ROLES;

export function grantsOf(roles: readonly RoleName[]): RoleGrant {
  const declared = declaredGrants(STATIC_BUNDLES, roles);
  const permissions = new Set<string>(declared.permissions);
  const buttons = new Set<string>(declared.buttons);
  for (const r of roles) {
    ROLES[r].permissions.forEach((p) => permissions.add(p));
    ROLES[r].buttons.forEach((b) => buttons.add(b));
  }
  return { permissions: [...permissions], buttons: [...buttons] };
}
