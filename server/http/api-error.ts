import type { FieldError, MessageCode } from '../../engine/index.ts';

/**
 * An error meant for the user: an HTTP status, a message code and, for 400s, per-field errors. In a
 * file of its own so the pool's jobs (server/jobs/registry.ts) throw it without loading the engine.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly errors?: readonly FieldError[],
    readonly data?: unknown,
  ) {
    super(code);
  }
}
