import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { classifyOutage, DependencyUnavailableError, isDatabaseConnectionError, isStorageOutage } from '../../server/outage/unavailable.ts';

const coded = (code: string) => Object.assign(new Error(code), { code });
const serverError = (code: string) => new postgres.PostgresError({ code, message: code } as never);

/** Issue 52 item 5: which errors are a dependency's outage (a 503) and which are not (a refused statement, a missing file). */
describe('dependency outages', () => {
  it('reads refused, closed and restarting database connections as the database being unavailable', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']) {
      expect(isDatabaseConnectionError(coded(code)), code).toBe(true);
    }
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) expect(isDatabaseConnectionError(serverError(code)), code).toBe(true);
    expect(isDatabaseConnectionError(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true);
  });

  it('does not read a refused statement or an unrelated error as an outage', () => {
    for (const code of ['23505', '40001', '22P02', '42P01', '57014']) expect(isDatabaseConnectionError(serverError(code)), code).toBe(false);
    expect(isDatabaseConnectionError(new Error('boom'))).toBe(false);
    expect(isDatabaseConnectionError(new SyntaxError('Unexpected token'))).toBe(false);
  });

  it('reads unreachable, slow and failing object storage as unavailable, a missing object or a refused request not', () => {
    expect(isStorageOutage(coded('ECONNREFUSED'))).toBe(true);
    expect(isStorageOutage(coded('ENOSPC'))).toBe(true);
    expect(isStorageOutage(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(true);
    expect(isStorageOutage(Object.assign(new Error('slow down'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(isStorageOutage(Object.assign(new Error('internal'), { name: 'Whatever', $metadata: { httpStatusCode: 500 } }))).toBe(true);
    expect(isStorageOutage(coded('ENOENT'))).toBe(false);
    expect(isStorageOutage(Object.assign(new Error('no key'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } }))).toBe(false);
    expect(isStorageOutage(Object.assign(new Error('denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } }))).toBe(false);
  });

  it('wraps an outage once, keeping its cause, and lets any other error through as it was', async () => {
    const refused = coded('ECONNREFUSED');
    const wrapped = await classifyOutage('storage', isStorageOutage, () => Promise.reject(refused)).catch((e: unknown) => e);
    expect(wrapped).toBeInstanceOf(DependencyUnavailableError);
    expect(wrapped).toMatchObject({ dependency: 'storage', cause: refused });
    expect(await classifyOutage('database', () => true, () => Promise.reject(wrapped)).catch((e: unknown) => e)).toBe(wrapped);
    const other = new Error('bad input');
    expect(await classifyOutage('storage', isStorageOutage, () => Promise.reject(other)).catch((e: unknown) => e)).toBe(other);
  });
});
