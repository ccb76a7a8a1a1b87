/**
 * The numbers of the login and session machine (session.machine.ts), in a file of their own so
 * that the server and the client's first script take them without loading XState.
 */

/** After this many failed logins in a row the picture captcha is asked for. */
export const CAPTCHA_AFTER = 3;
/** After this many failed logins in a row the account is locked ('User locked please contact administrator!'). */
export const LOCK_AFTER = 5;
/**
 * The first lock lasts 15 minutes; each further lock without a successful login in between lasts
 * 8 times longer, a day at most (15 min, 2 h, 24 h): LOCK_STEPS locks reach the longest.
 */
export const FIRST_LOCK_MS = 15 * 60 * 1000;
export const LONGEST_LOCK_MS = 24 * 60 * 60 * 1000;
export const LOCK_STEPS = 3;
/** How long the account stays locked for its `locks`-th lock in a row (1, 2, …). */
export const lockDurationMs = (locks: number): number => Math.min(FIRST_LOCK_MS * 8 ** Math.max(0, locks - 1), LONGEST_LOCK_MS);
/** Session (and token cookie) lifetime: 4 hours (SPEC §9). */
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
