import { ALL_COMPANIES } from '../../engine/index.ts';

/**
 * What each role of SPEC §6 may do. Login permissions are the pages a user may open; button
 * codes (fetched separately, SPEC §7) are the actions. The session holds both.
 */
export interface RoleGrant {
  permissions: readonly string[];
  buttons: readonly string[];
}

const CUSTOMER: RoleGrant = {
  permissions: ['trf:list', 'trf:read', 'form:list', 'form:read'],
  buttons: ['trf:create', 'trf:update', 'trf:submit', 'trf:withdraw', 'trf:cancel', 'trf:delete', 'quotation:confirm', 'form:create', 'form:update', 'form:delete'],
};

export const ROLES = {
  buyer: CUSTOMER,
  supplier: CUSTOMER,
  agent: CUSTOMER,
  manufacturer: CUSTOMER,
  applicant: CUSTOMER,
  customerAdmin: { permissions: [...CUSTOMER.permissions, 'company:admin'], buttons: CUSTOMER.buttons },
  internalStaff: {
    permissions: ['trf:list', 'trf:read', ALL_COMPANIES, 'workflow:view', 'outbox:read', 'account:approve', 'notice:publish', 'template:design', 'form:list', 'form:read'],
    buttons: [
      'trf:create', 'trf:update', 'trf:return', 'trf:accept', 'trf:confirmSample', 'trf:test', 'trf:issueReport',
      'trf:pend', 'trf:cancel', 'quotation:send', 'form:create', 'form:update', 'form:delete',
    ],
  },
} as const satisfies Record<string, RoleGrant>;

export type RoleName = keyof typeof ROLES;

export function grantsOf(roles: readonly RoleName[]): RoleGrant {
  const permissions = new Set<string>();
  const buttons = new Set<string>();
  for (const r of roles) {
    ROLES[r].permissions.forEach((p) => permissions.add(p));
    ROLES[r].buttons.forEach((b) => buttons.add(b));
  }
  return { permissions: [...permissions], buttons: [...buttons] };
}
