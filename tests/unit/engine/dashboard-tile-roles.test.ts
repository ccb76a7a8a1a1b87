import { describe, expect, it } from 'vitest';
import { holdsAnyRole } from '../../../engine/declaration/roles.ts';
import { DASHBOARD_TILES } from '../../../engine/generated/shell-entities.ts';

describe('issue 53: shell seams', () => {
  it('the onboarding tasks are for the customer roles the guide tile names, not for staff', () => {
    const guide = DASHBOARD_TILES.find((tile) => tile.kind === 'guide')!;
    expect(holdsAnyRole(guide.roles, { dimensions: { SGSUserRole: 'SgsAdmin' }, isAdmin: false })).toBe(false);
    for (const role of ['Buyer', 'Applicant', 'Supplier']) expect(holdsAnyRole(guide.roles, { dimensions: { UserRole: role }, isAdmin: false }), role).toBe(true);
    const states = DASHBOARD_TILES.find((tile) => tile.kind === 'states')!;
    expect(holdsAnyRole(states.roles, { dimensions: { SGSUserRole: 'SgsAdmin' }, isAdmin: false })).toBe(true);
  });
});
