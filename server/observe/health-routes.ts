import type { FastifySchema, FastifyInstance } from 'fastify';
import { message, type MessageCode } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { MIGRATIONS } from '../db/migrations.ts';
import type { FileStorage } from '../files/storage.ts';
import type { JobPool } from '../jobs/pool.ts';
import { templateLaneAccepting } from '../templates/record-validation.ts';
import { publicRoute } from '../auth/session-hook.ts';
import { passUnderPressure } from '../http/back-pressure.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';

/** What /readyz checks. */
export interface Readiness {
  db: Queryable;
  files: FileStorage;
  jobs: JobPool;
}

type CheckName = 'database' | 'migrations' | 'storage' | 'jobs';
export type CheckResults = Record<CheckName, 'ok' | 'failing'>;

/** How long one check may take before it counts as failing (a database that does not answer). */
export const CHECK_TIMEOUT_MS = 3_000;

/** Probes a client may make a minute: a load balancer or supervisor probes every few seconds. */
const PROBES_PER_MINUTE = 300;

const LABELS: Record<CheckName, MessageCode> = {
  database: 'READY_CHECK_DATABASE',
  migrations: 'READY_CHECK_MIGRATIONS',
  storage: 'READY_CHECK_STORAGE',
  jobs: 'READY_CHECK_JOBS',
};

const LAST_MIGRATION = MIGRATIONS.at(-1)!.id;

/** Whether `work` finishes within CHECK_TIMEOUT_MS without throwing (and says yes). */
async function passes(work: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([work().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The storage takes a small file and lets it go (a full disk, a read-only folder, a bucket refusing writes fail). */
async function storageWritable(files: FileStorage): Promise<boolean> {
  const location = await files.put(`.readyz-${process.pid}`, Buffer.from('ready'), 'text/plain');
  await files.remove(location);
  return true;
}

/** Every check once (a bounded query each, a small file written and removed). */
export async function readinessChecks(r: Readiness): Promise<CheckResults> {
  const [database, migrations, storage, jobs] = await Promise.all([
    passes(async () => (await r.db.query('select 1 as one')).rows.length === 1),
    passes(async () => (await r.db.query('select id from schema_migrations where id = $1', [LAST_MIGRATION])).rows.length === 1),
    passes(() => storageWritable(r.files)),
    passes(async () => r.jobs.accepting && templateLaneAccepting()),
  ]);
  const word = (b: boolean) => (b ? 'ok' : 'failing');
  return { database: word(database), migrations: word(migrations), storage: word(storage), jobs: word(jobs) };
}

const META_SCHEMA: FastifySchema & { tags: string[] } = { tags: ['meta'] };

/**
 * GET /healthz: the process answers (liveness: nothing else is checked, answered under pressure).
 * GET /readyz: it can serve (database, migrations, file storage, job pool): 200, or 503 naming the
 * failing checks in the request's language; ok/failing per check and nothing more. Probes arriving
 * together share one run of the checks. Both public and rate limited (docs/operations.md).
 */
export function healthRoutes(app: FastifyInstance, readiness: Readiness): void {
  const limited = publicRoute(PROBES_PER_MINUTE);
  app.get('/healthz', { config: { ...limited.config, pressureHandler: passUnderPressure }, schema: META_SCHEMA }, async () => ok({ status: 'alive' }));
  let running: Promise<CheckResults> | undefined;
  app.get('/readyz', { ...limited, schema: META_SCHEMA }, async (req) => {
    running ??= readinessChecks(readiness).finally(() => (running = undefined));
    const checks = await running;
    const failing = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] === 'failing');
    if (!failing.length) return ok({ status: 'ready', checks });
    const lang = requestLanguage(req);
    throw new ApiError(503, 'NOT_READY', { checks: failing.map((name) => message(LABELS[name], lang)).join(lang === 'zh-CN' ? '、' : ', ') }, undefined, { checks });
  });
}
