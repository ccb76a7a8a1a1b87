/**
 * A dependency's outage as a value: the database or the file storage cannot be reached (refused,
 * reset, timed out, restarting). The error handler answers it with 503, `Retry-After` and a
 * message in the request's language (server/http/errors.ts); workers leave their rows due and try
 * again at their next tick. Raised where the dependency is called (server/db/postgres.ts,
 * server/files/storage.ts), so an unrelated refused connection (a payment gateway's) is not
 * mistaken for one.
 */
export type Dependency = 'database' | 'storage';

export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DependencyUnavailableError';
  }
}

/** Whether an error is the database's outage (already classified where the query ran). */
export const isDatabaseOutage = (err: unknown): boolean => err instanceof DependencyUnavailableError && err.dependency === 'database';

/** The socket's errors of a peer that cannot be reached or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT']);

/** postgres.js's own codes of a connection that closed, ended, was destroyed or did not connect in time. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/**
 * PostgreSQL's SQLSTATEs of a server that is not there for now: class 08 (connection exception),
 * 57P01 terminated by the administrator (a fast shutdown), 57P02 crash shutdown, 57P03 starting up
 * or shutting down, 53300 too many connections.
 */
const isUnavailableState = (code: string) => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Whether an error from the PostgreSQL driver means the server cannot be reached for now (rather
 * than a refused statement): a socket error (ENOENT: a Unix socket that is gone), a driver
 * connection code, an SQLSTATE of an unavailable server, or an AggregateError of such (Node's
 * tries of several addresses).
 */
export function isDatabaseConnectionError(err: unknown): boolean {
  if (err instanceof AggregateError) return err.errors.some(isDatabaseConnectionError);
  const code = codeOf(err);
  if (!code) return false;
  return NETWORK_CODES.has(code) || DRIVER_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code));
}

/** S3 error names of a server that is overloaded, failing or too slow (the SDK's TimeoutError included). */
const STORAGE_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'SlowDown', 'ServiceUnavailable', 'InternalError']);

/** Local disks' errors that no retry by the user mends now (full, failing, read-only). */
const DISK_CODES = new Set(['ENOSPC', 'EIO', 'EROFS', 'EDQUOT']);

/** Whether an error of the object storage (or the local folder) means it cannot take or give bytes now. */
export function isStorageOutage(err: unknown): boolean {
  if (err instanceof AggregateError) return err.errors.some(isStorageOutage);
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  const code = codeOf(err);
  if (code && (NETWORK_CODES.has(code) || DISK_CODES.has(code))) return code !== 'ENOENT';
  if (typeof e?.name === 'string' && STORAGE_NAMES.has(e.name)) return true;
  const status = e?.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}

/** Runs `work`; an error that is `dependency`'s outage comes out as DependencyUnavailableError, any other as it was. */
export async function classifyOutage<T>(dependency: Dependency, isOutage: (err: unknown) => boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw !(err instanceof DependencyUnavailableError) && isOutage(err) ? new DependencyUnavailableError(dependency, err) : err;
  }
}
