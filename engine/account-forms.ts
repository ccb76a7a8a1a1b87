import registration from '../schemas/account/registration.schema.json' with { type: 'json' };
import simpleRegistration from '../schemas/account/simple-registration.schema.json' with { type: 'json' };
import passwordReset from '../schemas/account/password-reset.schema.json' with { type: 'json' };

/**
 * The account forms of schemas/account/ (not entities: the portal's registration and password
 * pages draw them). src/ reaches schemas/ only through the engine (eslint.config.js); the server
 * checks them against the schema meta-schema at start (server/accounts/registration.ts).
 */
export const ACCOUNT_FORMS = { registration, simpleRegistration, passwordReset } as const;
