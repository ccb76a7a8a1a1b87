import registration from '../schemas/account/registration.schema.json' with { type: 'json' };
import simpleRegistration from '../schemas/account/simple-registration.schema.json' with { type: 'json' };
import passwordReset from '../schemas/account/password-reset.schema.json' with { type: 'json' };
import managedAccount from '../schemas/account/managed-account.schema.json' with { type: 'json' };

/**
 * The account forms of schemas/account/ (not entities: the portal's registration, password and
 * account management pages draw them). src/ reaches schemas/ only through the engine
 * (eslint.config.js); the server checks them against the schema meta-schema at start
 * (server/accounts/registration.ts, management.ts).
 */
export const ACCOUNT_FORMS = { registration, simpleRegistration, passwordReset, managedAccount } as const;

/** The account types of account management (SPEC §6: user, supplier and buyer accounts) and the UserRole dimension each sets. */
export const ACCOUNT_TYPES = { user: 'Applicant', supplier: 'Supplier', buyer: 'Buyer' } as const;
export type AccountType = keyof typeof ACCOUNT_TYPES;

/** The account type a UserRole dimension marks; null for roles account management does not make (agents, manufacturers, staff). */
export function accountTypeOf(dimensions: Readonly<Record<string, unknown>>): AccountType | null {
  const found = Object.entries(ACCOUNT_TYPES).find(([, role]) => dimensions.UserRole === role);
  return found ? (found[0] as AccountType) : null;
}
