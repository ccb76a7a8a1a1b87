import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { createStaticRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createSession, userByAccount } from '../../server/auth/sessions.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { seedDemoMaterials } from '../../server/seed/material-seed.ts';
import { DEMO_MATERIAL_CODE as CODE } from '../../server/seed/demo-material-template.ts';
import { median, type BenchFigure } from './stats.ts';

const ROUNDS = 5;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import template with 500 valid material rows, codes prefixed so each round's are new. */
async function fiveHundredRows(template: Buffer, prefix: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  for (let i = 0; i < 500; i++) {
    sheet.getRow(3 + i).values = [
      '演示买家有限公司',
      `Cotton jersey ${i}`,
      `${prefix}-${i}`,
      '面料',
      '7732-18-5',
      120 + (i % 50),
      '中国, 欧盟',
      JSON.stringify([{ component: 'cotton', percentage: 95 }, { component: 'elastane', percentage: 5 }]),
    ];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Materials on PGlite (the demo material template, published): importing 500 valid rows end to
 * end (upload, read, check, 500 records written in one transaction), and exporting 5,000 materials
 * with a filter to the import layout (request to last byte).
 */
export async function benchMaterials(): Promise<BenchFigure[]> {
  const db = await openDatabase({});
  const registry = createStaticRegistry();
  await prepareDatabase(db, registry);
  await seedDemoAccounts(db);
  await seedDemoMaterials(db);
  await db.exec(`
    insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by, template_version)
      select 'bench-mat-' || i, '${CODE}',
        jsonb_build_object('buyer', 'c-buyer', 'title', 'Bench fabric ' || i, 'materialCode', 'BX-' || i, 'category', (array['fabric','trim','chemical'])[1 + i % 3],
          'weight', 100 + i % 80, 'markets', jsonb_build_array('CN', 'EU'),
          'composition', jsonb_build_array(jsonb_build_object('component', 'cotton', 'percentage', 60), jsonb_build_object('component', 'polyester', 'percentage', 40))),
        '', '{}'::jsonb, null, 1, 'c-supplier', array['c-supplier'], (select id from users where account = 'supplier'), 1
      from generate_series(1, 5000) i;
  `);
  await db.exec('vacuum analyze records');
  const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
  const supplier = (await userByAccount(db, 'supplier'))!;
  const token = (await createSession(db, supplier.id)).token;
  const headers = { 'portico-auth': `bearer ${token}`, 'accept-language': 'zh-CN' };
  const template = (await app.inject({ method: 'GET', url: `/api/entities/${CODE}/import-template`, headers })).rawPayload;
  const files = await Promise.all(Array.from({ length: ROUNDS + 1 }, (_, r) => fiveHundredRows(template, `IM${r}`)));
  const imports: number[] = [];
  for (const [round, file] of files.entries()) {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/entities/${CODE}/import`, headers: { ...headers, 'content-type': XLSX }, payload: file });
    const took = performance.now() - start;
    if (res.statusCode !== 200 || res.json().data.imported !== 500) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (round > 0) imports.push(took);
  }
  const exports: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/entities/${CODE}/export?f.materialCode=BX-`, headers, payload: {} });
    const took = performance.now() - start;
    if (res.statusCode !== 200 || res.headers['x-export-total'] !== '5000') throw new Error(`export failed: ${res.statusCode} ${res.headers['x-export-total']} ${res.body.slice(0, 200)}`);
    if (round > 0) exports.push(took);
  }
  await app.close();
  await db.close();
  return [
    { name: 'import of 500 valid material rows (xlsx, end to end, one transaction)', value: median(imports), unit: 'ms', goal: 2000 },
    { name: 'export of 5,000 materials to xlsx (import layout, re-importable)', value: median(exports), unit: 'ms', goal: 1500 },
  ];
}
