/**
 * The numbers of the login and session machine (session.machine.ts), in a file of their own so
 * that the server and the client's first script take them without loading XState.
 */

/** After this many failed logins in a row the picture captcha is asked for. */
export const CAPTCHA_AFTER = 3;
/** After this many failed logins in a row the account is locked ('User locked please contact administrator!'). */
export const LOCK_AFTER = 5;
/** Session (and token cookie) lifetime: 4 hours (SPEC §9). */
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
