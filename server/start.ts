import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { buildClient, clientBuildNeeded } from './client-build.ts';
import { localPublicUrl, startServer } from './start-server.ts';
import { paymentSandboxOn } from './payments/registry.ts';
import { errorLogLimitsOf } from './portal/error-log-repo.ts';
import { workerCount } from './workers.ts';
import { NPM_START_JOB_NICE } from './jobs/pool.ts';
import { checkConfig } from './config/check-config.ts';
import { logSettingsFromEnv } from './observe/logging.ts';
import { metricsAccessFromEnv } from './observe/metrics-route.ts';
import { shutdownGraceFromEnv } from './observe/shutdown.ts';
import { metricsPortFromEnv, reportToCluster, serveClusterMetrics } from './observe/cluster-metrics.ts';

/** `npm start`: builds the client when needed, then serves app and API (PORT, HOST, DATABASE_URL, WORKERS). */
/** TRUST_PROXY: `true`, or a comma list of the proxies' addresses (CIDR too); unset trusts none. */
function trustProxyOf(value: string | undefined): boolean | string | undefined {
  if (!value || value === 'false') return undefined;
  return value === 'true' ? true : value;
}

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const publicUrl = process.env.PUBLIC_URL || undefined;
// Configuration mistakes stop the start with one line saying why (before any client build or worker).
const { workers, sandbox, logger, metricsAccess, shutdownGraceMs, metricsPort } = (() => {
  try {
    // Every variable against the settings' schema first (server/config/config-schema.ts).
    checkConfig(process.env);
    return {
      workers: workerCount(process.env),
      sandbox: paymentSandboxOn(process.env, publicUrl ?? localPublicUrl(host, port)),
      logger: logSettingsFromEnv(process.env),
      metricsAccess: metricsAccessFromEnv(process.env),
      shutdownGraceMs: shutdownGraceFromEnv(process.env),
      metricsPort: metricsPortFromEnv(process.env),
    };
  } catch (err) {
    console.error((err as Error).message);
    return process.exit(1);
  }
})();

if (cluster.isPrimary) {
  if (sandbox) console.log('Payment sandboxes are on: paying there moves no money (PAYMENTS_SANDBOX=0 turns them off; docs/payments.md)');
  if (process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildNeeded(root)) {
    console.log('Building the client…');
    await buildClient(root);
  }
}

if (cluster.isPrimary && workers > 1) {
  // WORKERS processes share the port (node:cluster); each migrates and seeds under the start lock
  // (start-server.ts), so the first does it and the others find it done. One that dies is replaced.
  let stopping = false;
  const fork = () => cluster.fork({ SKIP_CLIENT_BUILD: '1' });
  for (let i = 0; i < workers; i++) fork();
  // Every worker's series added together (docs/operations.md, Metrics: several processes).
  const metricsServer = metricsPort ? await serveClusterMetrics(metricsPort, host, metricsAccess) : undefined;
  if (metricsServer) console.log(`The cluster's metrics are served on port ${metricsPort} (/metrics)`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    metricsServer?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  const server = await startServer({
    port,
    host,
    dataDir: process.env.DATA_DIR ?? resolve(root, 'data'),
    backupToken: process.env.BACKUP_TOKEN || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
    readDatabaseUrl: process.env.READ_DATABASE_URL || undefined,
    databasePoolSize: Number(process.env.DATABASE_POOL_SIZE) || undefined,
    clientDir: resolve(root, 'dist'),
    logger,
    metricsAccess,
    shutdownGraceMs,
    smtpUrl: process.env.SMTP_URL || undefined,
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
    publicUrl,
    paymentsEnv: process.env,
    efilingEnv: process.env,
    filesEnv: process.env,
    pressureEnv: process.env,
    jobsEnv: { JOB_NICE: String(NPM_START_JOB_NICE), ...process.env },
    embedOrigins: process.env.POWERBI_EMBED_ORIGINS ? process.env.POWERBI_EMBED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    errorLogs: errorLogLimitsOf(process.env),
  });
  if (cluster.isWorker) reportToCluster(server.metrics);
  const who = cluster.isWorker ? `worker ${process.pid}` : 'Portico';
  console.log(`${who} is running on ${server.url} (database: ${server.db.kind})`);
  // SIGTERM (a supervisor, the cluster's primary): graceful (server/observe/shutdown.ts); a second signal does not start it again.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
