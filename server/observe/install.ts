import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStorage } from '../files/storage.ts';
import type { JobPool } from '../jobs/pool.ts';
import { healthRoutes } from './health-routes.ts';
import { measuredDatabase } from './measured-db.ts';
import { AppMetrics, processMetrics } from './metrics.ts';
import { metricsRoute, type MetricsAccess } from './metrics-route.ts';
import { installRequestContext } from './request-context.ts';
import { registerScrapeGauges } from './scrape-gauges.ts';
import { closeSocketsOnShutdown } from './socket-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (server/observe/metrics.ts), served at /metrics. */
    metrics: AppMetrics;
  }
}

/**
 * Observability first, before any other hook or route: the request id's context, the metrics
 * (decorated as `app.metrics`) with every response timed, and the databases measured: the app
 * uses the returned ones. Sockets are told to reconnect on shutdown (a preClose hook that must
 * come before @fastify/websocket's).
 */
export function installObservability(app: FastifyInstance, db: Database, readDb: Database | undefined): { db: Database; readDb?: Database } {
  installRequestContext(app);
  processMetrics();
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);
  metrics.installHttpTiming(app);
  const measured = measuredDatabase(db, metrics, 'primary');
  registerScrapeGauges(metrics, measured);
  closeSocketsOnShutdown(app);
  return { db: measured, readDb: readDb && measuredDatabase(readDb, metrics, 'replica') };
}

/** The operations routes: /metrics (for `access`), /healthz and /readyz (docs/operations.md). */
export function operationsRoutes(app: FastifyInstance, s: { db: Database; files: FileStorage; jobs: JobPool; access?: MetricsAccess }): void {
  metricsRoute(app, app.metrics, s.access ?? { allow: [] });
  healthRoutes(app, { db: s.db, files: s.files, jobs: s.jobs });
}
