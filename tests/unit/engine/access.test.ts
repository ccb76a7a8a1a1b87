import { describe, expect, it } from 'vitest';
import { accessGrants, partyOf, readsThroughGrant, rolesOf, STATIC_ACCESS, STATIC_BUNDLES, type AccessDeclarations } from '../../../engine/index.ts';

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
    // The finance post reads and answers the company's quotations, statements and invoices and keeps its invoice information.
    expect(accessGrants(STATIC_ACCESS, STATIC_BUNDLES, [], ['finance'])).toEqual({
      permissions: ['invoice:list', 'invoice:read', 'invoiceInformation:list', 'invoiceInformation:read', 'quotation:list', 'quotation:read', 'statement:list', 'statement:read', 'trf:list', 'trf:read', 'trfComment:list', 'trfComment:read'],
      buttons: ['invoice:amend', 'invoiceInformation:create', 'invoiceInformation:update', 'invoiceInformation:delete', 'quotation:confirm', 'statement:confirm', 'trfComment:create'],
    });
    expect(accessGrants(STATIC_ACCESS, STATIC_BUNDLES, ['overlord'], ['janitor'])).toEqual({ permissions: [], buttons: [] });
  });

  it('gives a code declared later for a role to whoever holds the role, computed rather than stored', () => {
    const later: AccessDeclarations = { ...STATIC_ACCESS, roles: { ...STATIC_ACCESS.roles, buyer: { ...STATIC_ACCESS.roles.buyer!, buttons: ['report:download'] } } };
    expect(accessGrants(STATIC_ACCESS, STATIC_BUNDLES, ['buyer'], []).buttons).not.toContain('report:download');
    expect(accessGrants(later, STATIC_BUNDLES, ['buyer'], []).buttons).toContain('report:download');
  });
});

/** A company's side of a record (engine/lifecycle/party.ts): what the pages offer it to send. */
describe('the side of a record', () => {
  const child = { access: { visibility: 'authorized' as const, parent: { field: 'trfId', entity: 'trf' } } };
  const shared = { access: { visibility: 'authorized' as const, shareWith: [{ field: 'buyer.companyId' }] } };
  const record = (throughGrant?: boolean) => ({ companyId: 'c-owner', doc: { buyer: { companyId: 'c-buyer' } }, ...(throughGrant ? { throughGrant } : {}) });

  it('takes a reader of a record of another (access.parent) as a party unless the server says it reads through a grant', () => {
    expect(partyOf(child, record(), 'c-buyer')).toBe('shared');
    expect(partyOf(child, record(true), 'c-buyer')).toBe('none');
    expect(readsThroughGrant(partyOf(child, record(true), 'c-buyer'), false)).toBe(true);
    expect(readsThroughGrant(partyOf(child, record(true), 'c-staff'), true)).toBe(false);
    expect(partyOf(child, record(true), 'c-owner')).toBe('owner');
  });

  it('finds the shared side by the declared fields', () => {
    expect(partyOf(shared, record(), 'c-buyer')).toBe('shared');
    expect(partyOf(shared, record(), 'c-other')).toBe('none');
  });
});
