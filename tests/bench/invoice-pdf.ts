import { performance } from 'node:perf_hooks';
import { createStaticRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { median, type BenchFigure } from './stats.ts';

const ROUNDS = 10;

/**
 * The invoice's PDF (record document, CJK font subset embedded) on PGlite, request to last byte:
 * the first one in a process (which unwraps the font) and the median of the next ones.
 */
export async function benchInvoicePdf(): Promise<BenchFigure[]> {
  const db = await openDatabase({});
  const registry = createStaticRegistry();
  await prepareDatabase(db, registry);
  await seedDemoAccounts(db);
  const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
  const staff = (await createSession(db, 'u-staff')).token;
  const headers = { 'portico-auth': `bearer ${staff}`, 'accept-language': 'zh-CN' };
  const doc = { payer: { companyId: 'c-applicant', name: '演示申请方有限公司' }, payee: '通标标准技术服务有限公司', currency: 'CNY', preTaxAmount: 123456, taxRate: 600, issuedDate: '2026-11-20', reportNo: 'RPT-2026-001' };
  const made = await app.inject({ method: 'POST', url: '/api/entities/invoice', headers, payload: { doc } });
  if (made.statusCode !== 201) throw new Error(`invoice not made: ${made.body}`);
  const id = (made.json() as { data: { id: string } }).data.id;
  const render = async () => {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/entities/invoice/${id}/documents/pdf`, headers });
    if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/pdf') throw new Error(`pdf failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - start;
  };
  const first = await render();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) times.push(await render());
  await app.close();
  await db.close();
  return [
    { name: 'first invoice PDF in a process (font unwrapped, CJK subset embedded)', value: first, unit: 'ms', goal: 1000 },
    { name: 'invoice PDF, request to last byte (median)', value: median(times), unit: 'ms', goal: 500 },
  ];
}
