import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createStaticRegistry, type EntityRegistry } from '../engine/index.ts';
import { buildApp, prepareDatabase } from './app.ts';
import type { ErrorLogLimits } from './portal/error-log-repo.ts';
import { pressureFromEnv } from './http/back-pressure.ts';
import { jobLimitsFromEnv } from './jobs/pool.ts';
import { configureSecrets } from './entities/secrets.ts';
import { openDatabase, type Database } from './db/database.ts';
import { storageFromEnv } from './files/storage.ts';
import { seedDemoAccounts, seedDemoRecords } from './seed/seed.ts';
import { startMailWorker } from './mail/mail-worker.ts';
import { startTimerWorker } from './entities/timer-worker.ts';
import { startEffectWorker } from './effects/runner.ts';
import { startNoticeWorker } from './notices/notice-lifecycle.ts';
import { startReclaimWorker } from './accounts/reclaim.ts';
import { startSessionSweeper } from './auth/session-sweep.ts';
import { startProcessHeartbeat } from './admin/process-heartbeat.ts';
import { startRecordWritesPruner } from './entities/list-cache.ts';
import { paymentSandboxOn } from './payments/registry.ts';
import { controlToken, publishControl } from './backup/control.ts';
import type { LogSettings } from './observe/logging.ts';
import type { MetricsAccess } from './observe/metrics-route.ts';
import { closeGracefully, DEFAULT_SHUTDOWN_GRACE_MS } from './observe/shutdown.ts';
import { measuredDatabase } from './observe/measured-db.ts';
import type { AppMetrics } from './observe/metrics.ts';

export interface StartOptions {
  port: number;
  host?: string;
  /** PGlite data and uploaded files; ./data by default. */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** A read replica of that server: record lists and statistics are read there (docs/deployment.md). */
  readDatabaseUrl?: string;
  /** Its connection pool's size per process (server/db/postgres.ts's default unless given). */
  databasePoolSize?: number;
  clientDir?: string;
  registry?: EntityRegistry;
  /** JSON-line logs (LOG_LEVEL, LOG=1: server/observe/logging.ts). */
  logger?: boolean | LogSettings;
  /** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW); nobody unless given. */
  metricsAccess?: MetricsAccess;
  /** How long close() waits for requests in flight and the workers' rows in hand (SHUTDOWN_GRACE_MS); 10 s unless given. */
  shutdownGraceMs?: number;
  /** SMTP server URL (smtp://user:pass@host:port); without it mail stays in the outbox table. */
  smtpUrl?: string;
  /** Trust a reverse proxy's forwarded headers (see AppOptions.trustProxy). */
  trustProxy?: boolean | string;
  /** The portal's address as users reach it (links in mails); http://localhost:{port} unless given. */
  publicUrl?: string;
  /** The origins BI reports may be embedded from (server/powerbi/routes.ts). */
  embedOrigins?: readonly string[];
  /** Seed demo TRFs on first start (accounts are always seeded). */
  demoRecords?: boolean;
  /** The payment providers' configuration (server/payments/registry.ts): the process environment in `npm start`. */
  paymentsEnv?: Record<string, string | undefined>;
  /** The e-filing regulator's and the secrets key's configuration (server/app.ts `efilingEnv`). */
  efilingEnv?: Record<string, string | undefined>;
  /** Where uploaded files go (FILE_STORAGE, S3_*: server/files/storage.ts); the folder dataDir/files unless configured. */
  filesEnv?: Record<string, string | undefined>;
  /** The client error log's caps and budget (ERROR_LOG_*: server/portal/error-log-repo.ts); the defaults there unless given. */
  errorLogs?: Partial<ErrorLogLimits>;
  /** Back-pressure's limits (PRESSURE, PRESSURE_*: server/http/back-pressure.ts); the defaults unless configured. */
  pressureEnv?: Record<string, string | undefined>;
  /** The job pool's limits (JOB_THREADS, JOB_HEAP_MB, JOB_TIME_LIMIT_MS, JOB_QUEUE: server/jobs/pool.ts); its defaults unless given. */
  jobsEnv?: Record<string, string | undefined>;
  /** The backup route's token (BACKUP_TOKEN); the one kept in dataDir/control-token unless given (server/backup/control.ts). */
  backupToken?: string;
}

export interface RunningServer {
  url: string;
  db: Database;
  /** The app's metrics (a cluster worker reports them to the primary: server/observe/cluster-metrics.ts). */
  metrics: AppMetrics;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on first start, and listens. */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const dataDir = resolve(opts.dataDir ?? 'data');
  const registry = opts.registry ?? createStaticRegistry();
  if (opts.readDatabaseUrl && !opts.databaseUrl) throw new Error('READ_DATABASE_URL needs DATABASE_URL: a replica is of a PostgreSQL server');
  // Read first: a wrong value stops the start before the database is touched.
  const pressure = pressureFromEnv(opts.pressureEnv ?? {});
  const files = storageFromEnv(opts.filesEnv ?? {}, resolve(dataDir, 'files'));
  // The public address is known before listening (payment notify and return URLs are built on it): port 0 picks a free port first.
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await freePort(host));
  const publicUrl = opts.publicUrl ?? localPublicUrl(host, port);
  // A payment sandbox a public address would serve is refused before anything is opened (PaymentsConfigError).
  paymentSandboxOn(opts.paymentsEnv ?? {}, publicUrl);
  const db = await openDatabase({ databaseUrl: opts.databaseUrl, poolSize: opts.databasePoolSize, dataDir: opts.databaseUrl ? undefined : resolve(dataDir, 'pglite') });
  const readDb = opts.readDatabaseUrl ? await openDatabase({ databaseUrl: opts.readDatabaseUrl }) : undefined;
  // Processes starting together on one PostgreSQL take turns: the first migrates and seeds.
  await whileStarting(db, async () => {
    await prepareDatabase(db, registry);
    // PGlite has no autovacuum: refresh statistics and the visibility map at start (cheap when small).
    if (db.kind === 'pglite') await db.exec('vacuum analyze records');
    // The demo's secret fields (an importer's regulator key) are sealed with the configured key: it comes first.
    await configureSecrets(opts.efilingEnv ?? {}, db);
    const seeded = await seedDemoAccounts(db);
    if (seeded && opts.demoRecords !== false) await seedDemoRecords(db, registry, files, publicUrl);
  });
  const app = await buildApp({
    db,
    readDb,
    registry,
    filesDir: resolve(dataDir, 'files'),
    fileStorage: files,
    clientDir: resolve(opts.clientDir ?? 'dist'),
    logger: opts.logger,
    metricsAccess: opts.metricsAccess,
    smtpConfigured: Boolean(opts.smtpUrl),
    trustProxy: opts.trustProxy,
    publicUrl,
    paymentsEnv: opts.paymentsEnv,
    efilingEnv: opts.efilingEnv,
    embedOrigins: opts.embedOrigins,
    errorLogs: opts.errorLogs,
    pressure,
    jobs: jobLimitsFromEnv(opts.jobsEnv ?? {}),
    backup: { token: await controlToken(dataDir, opts.backupToken), dataDir, databaseUrl: opts.databaseUrl },
  });
  // The workers log as the app does, by request id, and are measured.
  const observe = { log: app.log, metrics: app.metrics };
  const measured = measuredDatabase(db, app.metrics, 'primary');
  const stops = [
    opts.smtpUrl ? startMailWorker(measured, opts.smtpUrl, undefined, undefined, observe) : async () => undefined,
    startTimerWorker(measured, registry, undefined, observe),
    startNoticeWorker(db),
    startEffectWorker(app.effects, undefined, app.log),
    startReclaimWorker(db, app.effects),
    startRecordWritesPruner(db),
    startSessionSweeper(db),
    startProcessHeartbeat(db, () => app.websocketServer?.clients.size ?? 0),
  ];
  await app.listen({ port, host });
  // `npm run backup` finds this process here (server/backup/control.ts); taken back at close.
  const unpublish = await publishControl(dataDir, localPublicUrl(host === '0.0.0.0' ? '127.0.0.1' : host, port));
  return {
    url: localPublicUrl(host, port),
    db,
    metrics: app.metrics,
    async close() {
      await unpublish();
      await closeGracefully(app, opts.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, async () => {
        await Promise.all(stops.map((stop) => stop()));
      });
      await readDb?.close();
      await db.close();
    },
  };
}

/** The address of a server listening on `host`:`port` when no PUBLIC_URL is given (all interfaces: localhost). */
export function localPublicUrl(host: string, port: number): string {
  return `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
}

/** The advisory lock key of preparing the database at start (any fixed number; "Seed" in ASCII). */
const START_LOCK_KEY = 0x53656564;

/** Runs `work` holding the start lock, so one process at a time migrates and seeds (the others then find it done). */
async function whileStarting(db: Database, work: () => Promise<void>): Promise<void> {
  await db.session(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      await work();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    }
  });
}

/** A port free on `host` now (asked of the system by listening on port 0 once). */
function freePort(host: string): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}
