import { describe, expect, it } from 'vitest';
import { accessGrants, rolesOf, STATIC_ACCESS, STATIC_BUNDLES, type AccessDeclarations } from '../../../engine/index.ts';

/** Roles from dimensions and the admin flag (SPEC §6); codes as the union of roles and posts (issue 12, item 3). */
describe('roles and posts', () => {
  it.each<[string, Record<string, string>, boolean, string[]]>([
    ['SGSUserRole=SgsAdmin marks internal staff', { SGSUserRole: 'SgsAdmin' }, false, ['internalStaff']],
    ['UserRole=Buyer marks a buyer', { UserRole: 'Buyer' }, false, ['buyer']],
    ['isAdmin marks a customer admin beside the company role', { UserRole: 'Applicant' }, true, ['applicant', 'customerAdmin']],
    ['a value no role declares marks none', { UserRole: 'Janitor' }, false, []],
  ])('%s', (_name, dimensions, isAdmin, roles) => {
    expect(rolesOf(STATIC_ACCESS, { dimensions, isAdmin })).toEqual(roles);
  });

  it('unites the codes of the roles and the posts, outside and inside the entities', () => {
    const roleOnly = accessGrants(STATIC_ACCESS, STATIC_BUNDLES, ['buyer'], []);
    const withPost = accessGrants(STATIC_ACCESS, STATIC_BUNDLES, ['buyer'], ['reportReviewer']);
    expect(roleOnly.permissions).not.toContain('workflow:view');
    expect(withPost.permissions).toEqual(expect.arrayContaining([...roleOnly.permissions, 'workflow:view']));
    // A finance post reads the TRFs, quotations and invoices, confirms quotations and asks for an invoice's amendment (schemas/quotation, schemas/invoice).
    expect(accessGrants(STATIC_ACCESS, STATIC_BUNDLES, [], ['finance'])).toEqual({
      permissions: ['invoice:list', 'invoice:read', 'quotation:list', 'quotation:read', 'trf:list', 'trf:read', 'trfComment:list', 'trfComment:read'],
      buttons: ['invoice:amend', 'quotation:confirm', 'trfComment:create'],
    });
    expect(accessGrants(STATIC_ACCESS, STATIC_BUNDLES, ['overlord'], ['janitor'])).toEqual({ permissions: [], buttons: [] });
  });

  it('gives a code declared later for a role to whoever holds the role, computed rather than stored', () => {
    const later: AccessDeclarations = { ...STATIC_ACCESS, roles: { ...STATIC_ACCESS.roles, buyer: { ...STATIC_ACCESS.roles.buyer!, buttons: ['report:download'] } } };
    expect(accessGrants(STATIC_ACCESS, STATIC_BUNDLES, ['buyer'], []).buttons).not.toContain('report:download');
    expect(accessGrants(later, STATIC_BUNDLES, ['buyer'], []).buttons).toContain('report:download');
  });
});
