import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import { installCompression, staticCacheHeaders } from './http/compression.ts';
import { buildOpenApi, type AccessDeclarations, type EntityRegistry } from '../engine/index.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrations.ts';
import { entityIndexStatements } from './db/sql-expressions.ts';
import { authRoutes } from './auth/routes.ts';
import { loadLoginKey } from './auth/rsa-keys.ts';
import { grantSource } from './auth/roles.ts';
import { installSessionHook, publicRoute } from './auth/session-hook.ts';
import { startSessionCache } from './auth/sessions.ts';
import { installProtections, type RateLimits } from './http/protections.ts';
import { errorLogRoutes } from './portal/error-log-routes.ts';
import type { ErrorLogLimits } from './portal/error-log-repo.ts';
import { installBackPressure, passUnderPressure, PRESSURE_FIGURES_SCHEMA, type Pressure } from './http/back-pressure.ts';
import { inlineScriptSources } from './http/inline-scripts.ts';
import { firstPaintPage } from './portal/first-paint.ts';
import { installInputGuard } from './http/input-guard.ts';
import { recordRoutes, type RouteEntry } from './http/route-table.ts';
import { installSchemaValidation } from './http/schema-validation.ts';
import { answers } from './http/route-schemas.ts';
import { entityRoutes } from './entities/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { folderStorage, type FileStorage } from './files/storage.ts';
import { exportRoutes } from './exports/routes.ts';
import { importRoutes } from './imports/routes.ts';
import { trainingRoutes } from './training/routes.ts';
import { installErrorHandler, ok } from './http/errors.ts';
import { duplicateValueError } from './entities/unique-violation.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { accountPostRoutes } from './accounts/posts-routes.ts';
import { noticeRoutes } from './notices/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { Outbox } from './mail/outbox.ts';
import { EffectRunner } from './effects/runner.ts';
import { mailEffect } from './effects/mail-effect.ts';
import { entityMailEffect } from './effects/entity-mail.ts';
import { checkServerMachines } from './machines/server-machines.ts';
import { ACCOUNT_RECIPIENTS } from './accounts/mail-recipients.ts';
import { ACCOUNT_NOTIFICATIONS } from './accounts/notifications.ts';
import { ACCOUNT_MAILS } from './accounts/mail-texts.ts';
import { templateRoutes } from './templates/routes.ts';
import { EntityService } from './entities/service.ts';
import { buildPaymentProviders, loopbackFetch, paymentFormOrigins, type Env, type PaymentProviders } from './payments/registry.ts';
import { PaymentOrders } from './payments/order-service.ts';
import { paymentEffects } from './payments/payment-effects.ts';
import { logExchange } from './payments/payments-repo.ts';
import { paymentRoutes } from './payments/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { DEFAULT_EMBED_ORIGINS, powerbiRoutes } from './powerbi/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import type { ChatHub } from './chat/chat-hub.ts';
import { publishStatusRoutes } from './publish-status/stomp-routes.ts';
import type { PublishStatusHub } from './publish-status/publish-status-hub.ts';
import { configureSecrets } from './entities/secrets.ts';
import { FilingService } from './efiling/filing-service.ts';
import { buildRegulator, type Regulator } from './efiling/setup.ts';
import { efilingRoutes } from './efiling/routes.ts';
import { setupNotifications } from './notifications/setup.ts';
import { efilingServiceRoutes } from './efiling/service-routes.ts';
import { JobPool, type JobLimits } from './jobs/pool.ts';
import { closeTemplateLane } from './templates/record-validation.ts';
import { backupRoute } from './backup/control.ts';
import { installObservability, operationsRoutes } from './observe/install.ts';
import { loggerOptions, type LogSettings } from './observe/logging.ts';
import { requestIdOf } from './observe/request-context.ts';
import type { MetricsAccess } from './observe/metrics-route.ts';
import { countSockets } from './observe/socket-metrics.ts';

export interface AppOptions {
  db: Database;
  /** A read replica of `db` (READ_DATABASE_URL) that record lists and statistics are read from; `db` unless given. */
  readDb?: Database;
  registry: EntityRegistry;
  /** Where uploaded files go when no `fileStorage` is given (a local folder). */
  filesDir: string;
  /** The uploaded files' storage (server/files/storage.ts: a folder or an S3 bucket); the folder `filesDir` unless given. */
  fileStorage?: FileStorage;
  /** The built client (dist/) to serve, with the SPA fallback; omitted in API-only tests. */
  clientDir?: string;
  /** JSON-line request logs (server/observe/logging.ts: LOG_LEVEL, LOG=1): true logs at info; none unless given. */
  logger?: boolean | LogSettings;
  /** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW: server/observe/metrics-route.ts); nobody unless given. */
  metricsAccess?: MetricsAccess;
  /** Mail goes out over SMTP when configured; it is always kept in the outbox table. */
  smtpConfigured?: boolean;
  /** Per-client request limits of the anonymous routes (`shared` on PostgreSQL unless given); `off` only for tests that hammer a route on purpose (fuzzing). */
  rateLimits?: RateLimits;
  /**
   * Behind a reverse proxy: trust its X-Forwarded-For/-Proto (Fastify's `trustProxy`: `true` or
   * the proxies' addresses), so rate limits see the client's address and https sets Secure cookies and HSTS.
   */
  trustProxy?: boolean | string;
  /** The roles and posts (schemas/_access/ unless given: tests try other declarations on the same database). */
  access?: AccessDeclarations;
  /** The portal's address as users reach it, for links in mails (never taken from a request's Host header); http://localhost:8080 unless given. */
  publicUrl?: string;
  /**
   * Where the payment providers' configuration is read (ALIPAY_*, PAYMENTS_SANDBOX, NODE_ENV:
   * server/payments/registry.ts, sandbox-policy.ts); none given: no provider configured, so the
   * sandbox gateways serve when `publicUrl` is a loopback address (else none is offered).
   */
  paymentsEnv?: Env;
  /**
   * Where the e-filing regulator and the secrets key are read (CPSC_API_URL, EFILING_EMULATOR,
   * CPSC_TIMEOUT_MS, SECRETS_KEY, NODE_ENV: server/efiling/setup.ts, server/entities/secrets.ts);
   * none given: the local regulator emulator and the development secrets key.
   */
  efilingEnv?: Env;
  /** The https origins BI reports may be embedded from (POWERBI_EMBED_ORIGINS); https://app.powerbi.com unless given. */
  embedOrigins?: readonly string[];
  /** How much of the client error log is kept and taken (server/portal/error-log-repo.ts); the defaults there unless given. */
  errorLogs?: Partial<ErrorLogLimits>;
  /**
   * Back-pressure's limits (server/http/back-pressure.ts): past one, 503 with `Retry-After`. `off`
   * unless given (tests); start-server.ts gives the configured ones (PRESSURE_*: docs/deployment.md).
   */
  pressure?: Pressure;
  /** The job pool's limits (server/jobs/pool.ts: JOB_THREADS, JOB_HEAP_MB, JOB_TIME_LIMIT_MS, JOB_QUEUE); the defaults unless given. */
  jobs?: Partial<JobLimits>;
  /** The backup route's control token and what it backs up besides db and files (server/backup/control.ts); no route unless given. */
  backup?: { token: string; dataDir: string; databaseUrl?: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, with its method, pattern and whether it is public (security tests walk it). */
    routeTable: RouteEntry[];
    /** Runs the declared effects of the machines' transitions (start-server.ts starts its worker). */
    effects: EffectRunner;
    /** The payment providers offered and the sandbox gateways mounted (server/payments/registry.ts). */
    payments: PaymentProviders;
    /** The chats of this process, hearing every process's messages (server/chat/). */
    chat: ChatHub;
    /** The publish-status STOMP subscribers of this process, hearing every process's notice changes (server/publish-status/). */
    publishStatus: PublishStatusHub;
    /** The e-filing regulator's adapter and, in dev and test, its emulator (server/efiling/setup.ts). */
    regulator: Regulator;
    /** The worker pool that runs the heavy work on user input (server/jobs/pool.ts), closed with the app. */
    jobs: JobPool;
  }
}

/** The schemas of the document and health routes. */
const META: Record<'openapi' | 'health', FastifySchema & { tags: string[] }> = {
  openapi: { tags: ['meta'] },
  health: {
    tags: ['meta'],
    response: answers({
      type: 'object',
      required: ['status', 'database', ...Object.keys(PRESSURE_FIGURES_SCHEMA)],
      properties: { status: { type: 'string' }, database: { type: 'string' }, ...PRESSURE_FIGURES_SCHEMA },
    }),
  },
};

export const APP_VERSION = '24.11.22';

/** Prepares the database for the registry: migrations, then the list indexes the views declare. */
export async function prepareDatabase(db: Database, registry: EntityRegistry): Promise<void> {
  await migrate(db);
  for (const reg of registry.list()) for (const ddl of entityIndexStatements(reg)) await db.exec(ddl);
}

/** The Fastify app: API and, when built, the client. `server.ts`-style starting lives in start-server.ts. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(opts.logger), genReqId: requestIdOf, bodyLimit: 2 * 1024 * 1024, trustProxy: opts.trustProxy ?? false });
  // The app uses the measured databases (every statement timed into /metrics).
  const { db, readDb } = installObservability(app, opts.db, opts.readDb);
  // A schema past a walk's budget (engine/schema/walk.ts) is answered 422 SCHEMA_TOO_COMPLEX by the error handler, never a 500.
  installErrorHandler(app, [(err, lang) => duplicateValueError(opts.registry, err, lang)]);
  installSchemaValidation(app);
  app.decorate('routeTable', recordRoutes(app));
  await app.register(fastifyCookie);
  await installCompression(app);
  // On PostgreSQL other processes may serve the same clients: the counters are kept in the database.
  const limits = opts.rateLimits ?? (db.kind === 'postgres' ? 'shared' : 'on');
  await installProtections(app, limits, paymentFormOrigins(opts.paymentsEnv ?? {}), db, inlineScriptSources(opts.clientDir), (route) => app.metrics.rateLimitRefusals.inc({ route }));
  // Before the session hook: a request refused under pressure costs no session lookup.
  await installBackPressure(app, opts.pressure ?? 'off');
  const grants = grantSource(() => opts.registry.list(), opts.access);
  const stopSessionCache = await startSessionCache(db);
  app.addHook('onClose', () => stopSessionCache());
  const jobs = new JobPool(opts.jobs);
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.close());
  app.addHook('onClose', () => closeTemplateLane());
  installSessionHook(app, db, grants);
  installInputGuard(app);
  const key = await loadLoginKey(db);
  await templateRoutes(app, db, opts.registry);
  // The OpenAPI document follows the registry: rebuilt when a template version is published.
  let openapi: { key: string; doc: Record<string, unknown> } | undefined;
  const openapiNow = () => {
    const key = opts.registry.list().map((r) => `${r.name}@${r.templateVersion ?? 0}`).join(',');
    if (openapi?.key !== key) openapi = { key, doc: buildOpenApi(opts.registry, APP_VERSION, app.routeTable) };
    return openapi.doc;
  };

  const outbox = new Outbox(Boolean(opts.smtpConfigured));
  // The effect kinds the server runs; a machine it drives that declares another is refused here.
  // An entity's mail is declared with the entity (its `mail`); the server machines' mail texts are TypeScript.
  const sendEmail = entityMailEffect(opts.registry, outbox, mailEffect(outbox, ACCOUNT_RECIPIENTS, ACCOUNT_MAILS), opts.access);
  // The payment effects run on the payment orders, which are made once the routes they need exist.
  const late: { orders?: PaymentOrders; regulator?: Regulator } = {};
  await configureSecrets(opts.efilingEnv ?? {}, db);
  const filings = new FilingService(opts.registry, new EntityService(db, undefined, opts.registry), () => late.regulator!.adapter);
  const publicUrl = (opts.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  const notifications = await setupNotifications(app, { db: db, registry: opts.registry, outbox, publicUrl, access: opts.access, server: ACCOUNT_NOTIFICATIONS });
  const handlers = { sendEmail, ...paymentEffects(() => late.orders!), fileWithRegulator: filings.handler(), notify: notifications.handler };
  const effects = new EffectRunner(db, handlers, { log: app.log, metrics: app.metrics });
  checkServerMachines(effects, opts.registry.list().flatMap((r) => (r.machine ? [r.machine] : [])));
  app.decorate('effects', effects);
  authRoutes(app, db, key, grants);
  accountRoutes(app, db, opts.registry, key, outbox, effects);
  accountPostRoutes(app, db, outbox, effects, publicUrl, opts.access);
  const payments = await buildPaymentProviders(app, { env: opts.paymentsEnv ?? {}, publicUrl, fetch: loopbackFetch(app, publicUrl), log: (e) => logExchange(db, e) });
  app.decorate('payments', payments);
  late.orders = new PaymentOrders(db, opts.registry, new EntityService(db, undefined, opts.registry, effects), payments, publicUrl, effects);
  await paymentRoutes(app, late.orders);
  late.regulator = await buildRegulator(app, { env: opts.efilingEnv ?? {}, publicUrl, fetch: loopbackFetch(app, publicUrl) });
  app.decorate('regulator', late.regulator);
  efilingRoutes(app, db, opts.registry, new EntityService(db, undefined, opts.registry, effects));
  efilingServiceRoutes(app, opts.registry);
  const entities = entityRoutes(app, db, opts.registry, outbox, publicUrl, effects, readDb);
  lookupRoutes(app, db, opts.registry);
  noticeRoutes(app, db);
  portalRoutes(app, db, opts.registry);
  errorLogRoutes(app, db, limits, opts.errorLogs);
  const files = opts.fileStorage ?? folderStorage(opts.filesDir);
  fileRoutes(app, db, files, opts.registry);
  if (opts.backup) backupRoute(app, { db: opts.db, storage: files, dataDir: opts.backup.dataDir, databaseUrl: opts.backup.databaseUrl }, opts.backup.token);
  exportRoutes(app, db, opts.registry, files);
  importRoutes(app, db, opts.registry, entities);
  trainingRoutes(app, db, opts.registry);
  await statisticsRoutes(app, db, opts.registry, readDb);
  dashboardRoutes(app, db, opts.registry);
  adminRoutes(app, db);
  powerbiRoutes(app, db, opts.registry, opts.embedOrigins ?? DEFAULT_EMBED_ORIGINS);
  app.decorate('chat', await chatRoutes(app, db, opts.registry, grants, notifications.hub));
  // After chat: the STOMP endpoint is served by the @fastify/websocket that chatRoutes registers.
  app.decorate('publishStatus', await publishStatusRoutes(app, db, grants));
  countSockets(app, app.metrics);
  operationsRoutes(app, { db, files, jobs, access: opts.metricsAccess });
  app.get('/api/openapi.json', { ...publicRoute(30), schema: META.openapi }, async () => openapiNow());
  // Answered under pressure too: a load balancer sees why the process refuses.
  const health = publicRoute(120);
  app.get('/api/health', { config: { ...health.config, pressureHandler: passUnderPressure }, schema: META.health }, async () =>
    ok({ status: 'up', database: db.kind, ...app.pressureFigures() }),
  );

  const clientDir = opts.clientDir;
  if (clientDir && existsSync(join(clientDir, 'index.html'))) {
    // The client's files and its pages are public: the data behind them is not. They are served
    // under pressure too: streamed from disk, cached by browsers, and the page is what shows the
    // user the API's 503 in their language (refused, they would be a blank page or bare JSON).
    await app.register(async (client) => {
      client.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true, pressureHandler: passUnderPressure };
      });
      // The build writes each file's .br and .gz beside it (vite.config.ts): sent as the browser accepts.
      await client.register(fastifyStatic, { root: clientDir, wildcard: false, index: false, preCompressed: true, cacheControl: false, setHeaders: staticCacheHeaders });
      const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
      client.get('/*', async (req, reply) => {
        const path = req.url.split('?')[0] ?? '/';
        if (path.startsWith('/api/')) return reply.callNotFound();
        // The lifecycle viewer's page carries its chart for a user who may see it (portal/first-paint.ts).
        const personal = firstPaintPage(template, req);
        if (personal) return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').header('vary', 'cookie').send(personal);
        return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      });
    });
  }
  return app;
}
