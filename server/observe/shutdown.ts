import type { FastifyInstance } from 'fastify';

/** How long a stopping server waits for requests in flight and its workers' rows in hand unless configured. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** SHUTDOWN_GRACE_MS: a whole number of milliseconds, 0 or more; a bad value stops the start with one line. */
export function shutdownGraceFromEnv(env: Record<string, string | undefined>): number {
  const given = env.SHUTDOWN_GRACE_MS?.trim();
  if (!given) return DEFAULT_SHUTDOWN_GRACE_MS;
  const ms = Number(given);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds, not "${given}"`);
  return ms;
}

/** How often connections gone idle are closed while the server stops. */
const IDLE_SWEEP_MS = 100;

/** Resolves after `ms` (unref'd: it keeps no process alive). */
const after = (ms: number) =>
  new Promise<void>((done) => {
    setTimeout(done, ms).unref();
  });

/**
 * Stops the server gracefully: it accepts no new connection and answers requests arriving on open
 * ones with 503 (Fastify's closing), while requests in flight finish; sockets are told to reconnect
 * (1012, server/observe/socket-metrics.ts); `stopWorkers` finishes the rows in hand and claims no
 * more. Past `graceMs` the connections still open are cut and the workers no longer waited for (a
 * row whose transaction has not committed stays due; leased mail and effects are due again when
 * their lease ends). Says whether everything finished in time (`drained`) or was cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number, stopWorkers: () => Promise<void>): Promise<'drained' | 'cut'> {
  let outcome: 'drained' | 'cut' = 'drained';
  // A keep-alive connection whose request finishes after closing began goes idle, not closed: closed here as it does.
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => {
    outcome = 'cut';
    app.log.warn({ graceMs }, 'shutdown grace over: closing the connections still open');
    for (const client of app.websocketServer?.clients ?? []) client.terminate();
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all([app.close(), Promise.race([stopWorkers(), after(graceMs)])]);
    return outcome;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
