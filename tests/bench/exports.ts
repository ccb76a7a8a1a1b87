import { performance } from 'node:perf_hooks';
import { createStaticRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { median, type BenchFigure } from './stats.ts';
import { seedBenchTrfs } from './seed-trfs.ts';

const ROUNDS = 5;


/**
 * Declared exports on PGlite, request to last byte (app.inject reads the whole streamed answer):
 * the TRF list of 3,000 rows as xlsx for internal staff, 1,000 test lines (the test-results export, its limit) and 500 quotations (the quotation export's limit).
 */
export async function benchExports(): Promise<BenchFigure[]> {
  const db = await openDatabase({});
  const registry = createStaticRegistry();
  await prepareDatabase(db, registry);
  await seedDemoAccounts(db);
  await seedBenchTrfs(db, 3000, 5);
  await db.exec(`
    insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by)
      select 'line-' || i, 'testLine',
        jsonb_build_object('reportId', 'bench-report', 'reportNo', 'RPT2611230001', 'categoryCode', 'CH' || (i % 7), 'protocolPackage', 'EN 71-3',
          'citation', 'EN 71-3:2019', 'sampleNo', 'S' || (i % 40), 'testName', 'Soluble heavy metals ' || i, 'testResult', (array['Pass','Fail','<5 mg/kg'])[1 + i % 3],
          'component', 'Red coating', 'color', 'Red', 'remark', 'Line ' || i),
        'none', '{}'::jsonb, null, 1, 'bench-c1', array['bench-c1'], 'bench-u1'
      from generate_series(1, 1000) i;
  `);
  // 500 quotations (the quotation export's limit, SPEC §9), amounts in three currencies.
  await db.exec(`
    insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by)
      select 'quo-' || i, 'quotation',
        jsonb_build_object('quotationNo', 'QUO261124' || lpad(i::text, 6, '0'), 'trfId', 'bench-trf', 'trfNo', 'TRF261124' || lpad(i::text, 6, '0'),
          'payer', jsonb_build_object('companyId', 'bench-c1', 'name', '演示申请方有限公司', 'customerNo', 'C0001'),
          'currency', (array['CNY','USD','HKD'])[1 + i % 3], 'serviceAmount', 100000 + i * 37, 'hardcopyCopies', i % 3, 'hardcopyFee', (i % 3) * 10000,
          'totalAmount', 100000 + i * 37 + (i % 3) * 10000, 'issuedDate', '2026-11-' || lpad((1 + i % 28)::text, 2, '0'), 'commentBy', '张申请',
          'commentTime', '2026-11-20T08:00:00.000Z'),
        'confirmed', '{"$status":"confirmed"}'::jsonb, null, 1, 'c-lab', array['c-lab', 'bench-c1'], 'u-staff'
      from generate_series(1, 500) i;
  `);
  await db.exec('vacuum analyze records');
  const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
  const staff = (await createSession(db, 'u-staff')).token;
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
  const lines = await time('testLine', staff, 1000);
  const quotations = await time('quotation', staff, 500);
  await app.close();
  await db.close();
  return [
    { name: 'export of 3,000 TRFs to xlsx (streamed, request to last byte)', value: trfs, unit: 'ms', goal: 1500 },
    { name: 'test-results export of 1,000 test lines to xlsx', value: lines, unit: 'ms', goal: 500 },
    { name: 'quotation export of 500 quotations to xlsx', value: quotations, unit: 'ms', goal: 1000 },
  ];
}
