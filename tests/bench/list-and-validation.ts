import { performance } from 'node:perf_hooks';
import { createStaticRegistry } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';
import { validTrf } from '../support/api-harness.ts';
import { median, percentile, type BenchFigure } from './stats.ts';
import { seedBenchAuthorizations, seedBenchTrfs } from './seed-trfs.ts';

const ROUNDS = 5;
const REQUESTS_PER_ROUND = 100;

/** List endpoint on PGlite with 100,000 TRFs over 50 companies: one declared filter, a sort, pages of 50. */
export async function benchList(): Promise<BenchFigure[]> {
  const db = await openDatabase({});
  const registry = createStaticRegistry();
  await prepareDatabase(db, registry);
  await seedDemoAccounts(db);
  const t0 = performance.now();
  await seedBenchTrfs(db, 100_000, 50);
  // The company user's company holds two active authorizations (and sees past an expired and a
  // cancelled one): its list reads through the grant subquery of the one visibility predicate.
  await seedBenchAuthorizations(db, 'bench-c3', ['bench-c10', 'bench-c20'], ['bench-c30']);
  console.log(`seeded 100,000 TRFs over 50 companies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
  const company = (await createSession(db, 'bench-u3')).token;
  const staff = (await createSession(db, 'u-staff')).token;
  const statuses = ['submitted', 'testing', 'draft', 'reportIssued'];
  const run = async (token: string, url: (i: number) => string) => {
    const p95s: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url: url(i), headers: { 'portico-auth': `bearer ${token}` } });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
      }
      p95s.push(percentile(times, 95));
    }
    return median(p95s);
  };
  const byCompany = await run(company, (i) => `/api/entities/trf?pageSize=50&page=${1 + (i % 5)}&sort=dueDate:desc&f.$status=${statuses[i % 4]}`);
  const byStaff = await run(staff, (i) => `/api/entities/trf?pageSize=50&page=${1 + (i % 5)}&sort=$updatedAt:desc&f.$status=${statuses[i % 4]}`);
  // Work lists (schemas/trf/trf.entity.json routes.partyLists `todo`): one condition on the states
  // where the user may act (read from the machine once per set of codes), counted per action.
  const todoCompany = await run(company, (i) => `/api/entities/trf?list=todo&pageSize=50&page=${1 + (i % 5)}`);
  const todoStaff = await run(staff, (i) => `/api/entities/trf?list=todo&pageSize=50&page=${1 + (i % 5)}&sort=dueDate:${i % 2 ? 'asc' : 'desc'}`);
  await app.close();
  await db.close();
  return [
    { name: 'todo list p95, company user (its drafts and returned TRFs, counts per action), page 50', value: todoCompany, unit: 'ms', goal: 30 },
    { name: 'todo list p95, internal staff (~62,000 waiting, counts per action), page 50', value: todoStaff, unit: 'ms', goal: 30 },
    { name: 'list p95, company user with 2 authorizations (~12,000 visible), status filter + due-date sort, page 50', value: byCompany, unit: 'ms', goal: 30 },
    { name: 'list p95, internal staff (all 100,000), status filter + updated sort, page 50', value: byStaff, unit: 'ms', goal: 30 },
  ];
}

/** Validation of one full TRF document with the compiled schema. */
export function benchValidation(): BenchFigure[] {
  const trf = createStaticRegistry().get('trf');
  const doc = validTrf({
    agent: { companyId: 'c-agent', name: 'Agent', contactName: 'Zhao', contactEmail: 'zhao@example.com', contactPhone: '021-1234' },
    payer: { companyId: 'c-buyer', name: 'Payer', contactName: 'Qian', contactEmail: 'qian@example.com' },
    samples: Array.from({ length: 10 }, (_, i) => ({ sampleNo: `S-${i}`, description: 'Top', material: 'Cotton', color: 'Red', quantity: 2 })),
    careLabel: { washing: 'machine30', bleaching: 'doNotBleach', drying: 'lineDry', ironing: 'low', dryCleaning: 'any', instructions: 'Wash inside out' },
    reportLanguage: '3',
    reportHeader: { nameEn: 'Demo', addressEn: 'Shanghai', nameZh: '演示', addressZh: '上海' },
    reportDeliveredTo: ['a@example.com', 'b@example.com'],
    failedReportDeliveredTo: ['c@example.com'],
    returnSample: 'returnAll',
    judgmentRule: 'simpleAcceptance',
    reportSymbols: ['CNAS', 'CMA'],
    reportCopy: 'both',
    hardCopyQuantity: 2,
    invoiceDelivery: { way: 'express', contactName: 'Li', contactPhone: '138-0000', address: 'Shanghai' },
    lab: { name: 'SGS Shanghai', address: 'Shanghai', contactEmail: 'lab@example.com' },
  });
  if (!trf.validate(doc)) throw new Error(`bench document is invalid: ${JSON.stringify(trf.validate.errors)}`);
  const perCall: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const n = 20_000;
    const start = performance.now();
    for (let i = 0; i < n; i++) trf.validate(doc);
    perCall.push((performance.now() - start) / n);
  }
  return [{ name: 'validation of one full TRF document', value: median(perCall), unit: 'ms', goal: 0.1 }];
}
