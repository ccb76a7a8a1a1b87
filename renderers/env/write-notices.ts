import type { EntityRecord } from '../../engine/index.ts';

/** How long a write's notice stays, in seconds: it tells of something that did not happen (a mail not sent). */
const NOTICE_SECONDS = 10;

/**
 * A write's answer may carry notices, already in the user's language (a declared mail with no
 * recipient: docs/declarations.md §4): each is shown as a warning beside the success message,
 * and the record is kept without them.
 */
export function withNoticesShown(record: EntityRecord, warn: (text: string, seconds: number) => unknown): EntityRecord {
  const { notices, ...rest } = record;
  for (const n of notices ?? []) warn(n, NOTICE_SECONDS);
  return rest;
}
