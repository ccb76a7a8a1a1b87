/** The session limits of workflows/session-limits.ts, for the client (src/ reaches workflows/ through the engine). */
export { SESSION_TTL_MS } from '../workflows/session-limits.ts';
