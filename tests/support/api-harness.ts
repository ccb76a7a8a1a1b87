import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createStaticRegistry, type EntityBundle, type EntityRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import type { RateLimits } from '../../server/http/protections.ts';
import type { Pressure } from '../../server/http/back-pressure.ts';
import type { Database } from '../../server/db/database.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';
import { freshDatabase } from './backends.ts';
import { seededPglite } from './pglite-template.ts';
import type { FileStorage } from '../../server/files/storage.ts';
import type { ErrorLogLimits } from '../../server/portal/error-log-repo.ts';
import type { JobLimits } from '../../server/jobs/pool.ts';
import type { LogSettings } from '../../server/observe/logging.ts';
import type { MetricsAccess } from '../../server/observe/metrics-route.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: { code: number; data: T; message?: string; errorCode?: string; errors?: { field: string; keyword: string; message: string }[] };
}

export interface HarnessOptions {
  rateLimits?: RateLimits;
  trustProxy?: boolean;
  /** The e-filing configuration (server/app.ts `efilingEnv`: the regulator emulator's timeout, the secrets key). */
  efilingEnv?: Record<string, string | undefined>;
  /** The uploaded files' storage (server/files/storage.ts); a temporary folder unless given. */
  fileStorage?: FileStorage;
  /** A read replica lists and statistics are read from (server/app.ts `readDb`). */
  readDb?: Database;
  /** A built client to serve (server/app.ts `clientDir`); none unless given. */
  clientDir?: string;
  /** The payment providers' configuration (server/app.ts `paymentsEnv`); none: the sandboxes of the local demo. */
  paymentsEnv?: Record<string, string | undefined>;
  /** The portal's address (server/app.ts `publicUrl`); http://localhost:8080 unless given. */
  publicUrl?: string;
  /** The client error log's caps and budget (server/app.ts `errorLogs`). */
  errorLogs?: Partial<ErrorLogLimits>;
  /** Back-pressure's limits (server/app.ts `pressure`); off unless given: a loaded test machine must not make the app refuse. */
  pressure?: Pressure;
  /** Mail queued as pending for an SMTP worker (server/app.ts `smtpConfigured`) rather than stored. */
  smtpConfigured?: boolean;
  /** The job pool's limits (server/app.ts `jobs`); the defaults unless given. */
  jobs?: Partial<JobLimits>;
  /** Who may read /metrics (server/app.ts `metricsAccess`); nobody unless given. */
  metricsAccess?: MetricsAccess;
  /** JSON-line logs (server/app.ts `logger`): a test captures them with a stream; none unless given. */
  logger?: LogSettings;
}

/** An app on a fresh database with the demo accounts, driven through `inject`. */
export class ApiHarness {
  private constructor(
    readonly app: FastifyInstance,
    readonly db: Database,
    readonly registry: EntityRegistry,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** Rate limits are off unless asked for: API tests call the anonymous routes far faster than anyone may. */
  static async start(kind: 'pglite' | 'postgres', extra: readonly EntityBundle[] = [], opts: HarnessOptions = {}): Promise<ApiHarness> {
    return ApiHarness.startWith(kind, createStaticRegistry(extra), opts);
  }

  /** The same, on a registry of the test's own (e.g. entities discovered in a temporary folder). */
  static async startWith(kind: 'pglite' | 'postgres', registry: EntityRegistry, opts: HarnessOptions = {}): Promise<ApiHarness> {
    // On PGlite, a copy of the run's seeded template when there is one (pglite-template.ts): no initdb.
    const seeded = kind === 'pglite' ? await seededPglite() : undefined;
    if (seeded) return ApiHarness.onDatabase(seeded, registry, opts);
    const { db, drop, url } = await freshDatabase(kind);
    return ApiHarness.onDatabase(db, registry, opts, drop, url);
  }

  /** The same on a database the test opened (a data directory opened again: a restart); `drop` ends it. */
  static async onDatabase(db: Database, registry: EntityRegistry, opts: HarnessOptions = {}, drop: () => Promise<void> = () => db.close(), url?: string): Promise<ApiHarness> {
    await prepareDatabase(db, registry);
    await seedDemoAccounts(db);
    const filesDir = mkdtempSync(join(tmpdir(), 'portico-files-'));
    const app = await buildApp({ db, registry, filesDir, fileStorage: opts.fileStorage, readDb: opts.readDb, clientDir: opts.clientDir, rateLimits: opts.rateLimits ?? 'off', trustProxy: opts.trustProxy, efilingEnv: opts.efilingEnv, paymentsEnv: opts.paymentsEnv, publicUrl: opts.publicUrl, errorLogs: opts.errorLogs, pressure: opts.pressure, smtpConfigured: opts.smtpConfigured, jobs: opts.jobs, metricsAccess: opts.metricsAccess, logger: opts.logger });
    const harness = new ApiHarness(app, db, registry, async () => {
      await app.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    });
    harness.url = url;
    return harness;
  }

  /** The PostgreSQL schema's URL (a second connection: another server process); none on PGlite. */
  url?: string;

  close(): Promise<void> {
    return this.cleanup();
  }

  async call<T = any>(opts: InjectOptions & { token?: string; lang?: string }): Promise<ApiResponse<T>> {
    const { token, lang, headers, ...rest } = opts;
    const res = await this.app.inject({
      ...rest,
      headers: {
        ...(token ? { 'portico-auth': `bearer ${token}` } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...headers,
      },
    });
    return { status: res.statusCode, body: res.json() };
  }

  async encrypt(password: string): Promise<string> {
    const { body } = await this.call<{ spki: string }>({ method: 'GET', url: '/api/auth/public-key' });
    return sealPassword(body.data.spki, password);
  }

  /** Logs a demo account in and returns its token. */
  async login(account: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await this.call({ method: 'POST', url: '/api/auth/token', payload: { account, password: await this.encrypt(password), type: 'account' } });
    if (res.status !== 200) throw new Error(`login ${account} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.accessToken;
  }
}

/** A password encrypted as the browser does it, with the server's login key (its SPKI, base64). */
export function sealPassword(spki: string, password: string): string {
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
}

/** A TRF document that passes full validation. */
export function validTrf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    template: 'TPL-TEXTILE',
    sampleReceivedDate: '2026-11-01',
    dueDate: '2026-11-10',
    buyer: { companyId: 'c-buyer', name: 'Demo Buyer Co., Ltd.', contactName: 'Wang', contactEmail: 'wang@example.com' },
    applicant: { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.', contactName: 'Zhang', contactEmail: 'zhang@example.com' },
    samples: [{ sampleNo: 'S-1', description: 'Knitted top' }],
    ...overrides,
  };
}

/** Bytes of an upload of the kind (its magic number first, then filler), `size` long. */
export function fileBytes(kind: 'pdf' | 'jpg', size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  (kind === 'pdf' ? Buffer.from('%PDF-1.7\n') : Buffer.from([0xff, 0xd8, 0xff, 0xe0])).copy(bytes);
  return bytes;
}
