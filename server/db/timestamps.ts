/** A timestamp column as the API shows it: ISO 8601 (PGlite gives Date objects, pg may give strings). */
export const isoTime = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();
