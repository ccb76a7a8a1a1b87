import { performance } from 'node:perf_hooks';
import { createStaticRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { DOCUMENT_BUNDLE } from '../fixtures/document-entity.ts';
import { median, type BenchFigure } from './stats.ts';
import { seedBenchTrfs } from './seed-trfs.ts';

const ROUNDS = 5;

/** The fixture document entity with a 1,000-row export (its test declaration stops at 5). */
const SIMPLE = { ...DOCUMENT_BUNDLE, views: { ...DOCUMENT_BUNDLE.views, list: { ...DOCUMENT_BUNDLE.views.list, export: { format: 'xlsx' as const, maxRows: 1000 } } } };

/**
 * Declared exports on PGlite, request to last byte (app.inject reads the whole streamed answer):
 * the TRF list of 3,000 rows as xlsx for internal staff, and 1,000 rows of a simple entity.
 */
export async function benchExports(): Promise<BenchFigure[]> {
  const db = await openDatabase({});
  const registry = createStaticRegistry([SIMPLE]);
  await prepareDatabase(db, registry);
  await seedDemoAccounts(db);
  await seedBenchTrfs(db, 3000, 5);
  await db.exec(`
    insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by)
      select 'doc-' || i, 'labDocument',
        jsonb_build_object('title', 'Document ' || i, 'kind', (array['report','photo'])[1 + i % 2], 'issuedOn', to_char(date '2025-01-01' + (i % 300), 'YYYY-MM-DD'), 'template', 'TPL-TOYS'),
        'none', '{}'::jsonb, null, 1, 'bench-c1', array['bench-c1'], 'bench-u1'
      from generate_series(1, 1000) i;
  `);
  await db.exec('vacuum analyze records');
  const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
  const staff = (await createSession(db, 'u-staff')).token;
  const company = (await createSession(db, 'bench-u1')).token;
  const time = async (entity: string, token: string, rows: number) => {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const start = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/entities/${entity}/export`, headers: { 'portico-auth': `bearer ${token}`, 'accept-language': 'zh-CN' }, payload: {} });
      const took = performance.now() - start;
      if (res.statusCode !== 200 || res.headers['x-export-total'] !== String(rows)) throw new Error(`export failed: ${res.statusCode} ${res.headers['x-export-total']} ${res.body.slice(0, 200)}`);
      if (round > 0) times.push(took);
    }
    return median(times);
  };
  const trfs = await time('trf', staff, 3000);
  const simple = await time('labDocument', company, 1000);
  await app.close();
  await db.close();
  return [
    { name: 'export of 3,000 TRFs to xlsx (streamed, request to last byte)', value: trfs, unit: 'ms', goal: 1500 },
    { name: 'export of 1,000 rows of a simple entity to xlsx', value: simple, unit: 'ms', goal: 500 },
  ];
}
