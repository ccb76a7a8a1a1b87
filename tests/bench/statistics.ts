import { createStaticRegistry, productStatistics } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedDemoAccounts, seedDemoNetwork } from '../../server/seed/seed.ts';
import { seedBulkReports } from '../../server/seed/demo-statistics.ts';
import { freshDatabase } from '../support/backends.ts';
import { median, percentile, type BenchFigure } from './stats.ts';

const ROUNDS = 2;
const REQUESTS_PER_ROUND = 10;
/** PGlite's dataset: the goal's 100,000 TRFs unless PORTICO_BENCH_PGLITE_TRFS says fewer (its one process seeds them in minutes); a smaller set is said in the figures. */
const PGLITE_TRFS = Number(process.env.PORTICO_BENCH_PGLITE_TRFS ?? 100_000);

/**
 * Each statistics page's aggregates (all its charts, one request) over 100,000 TRFs with their
 * issued reports and 1,000,000 test lines (server/seed/demo-statistics.ts, 2022–2026 across the
 * demo suppliers; PGlite on a smaller set, said in its figures), read from the pre-aggregate (whole months from the monthly roll-up, edge days from the daily rows), for a year: as internal staff choosing a buyer's company, and as the buyer
 * itself (visibility through the predicate); a year of whole months, and one cut mid-month at both ends. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 */
export async function benchStatistics(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const all = process.env.TEST_DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const);
  // `STATISTICS_BACKENDS=postgres` measures one backend only (PGlite's 1,000,000 lines take minutes to seed).
  const backends = all.filter((b) => !process.env.STATISTICS_BACKENDS || process.env.STATISTICS_BACKENDS.split(',').includes(b));
  for (const backend of backends) {
    const { db, drop } = await freshDatabase(backend);
    try {
      const registry = createStaticRegistry();
      await prepareDatabase(db, registry);
      await seedDemoAccounts(db);
      await seedDemoNetwork(db, registry);
      const t0 = performance.now();
      const trfs = backend === 'pglite' ? PGLITE_TRFS : 100_000;
      await seedBulkReports(db, registry, { trfs, linesPerReport: 10, createdBy: 'u-staff' });
      // The app's start writes the statistics sources and builds the daily pre-aggregate from the seeded records in one statement
      // (what migration 038 and a first start do on an existing database); from then on the triggers keep it.
      const t1 = performance.now();
      const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
      const built = (performance.now() - t1) / 1000;
      if (backend === 'postgres') await db.exec('analyze records; analyze statistics_daily');
      const size = `${trfs.toLocaleString('en-US')} TRFs, reports and ${(trfs * 10).toLocaleString('en-US')} test lines`;
      console.log(`${backend}: seeded ${size} in ${((t1 - t0) / 1000).toFixed(1)} s, built the daily pre-aggregate in ${built.toFixed(1)} s`);
      const staff = (await createSession(db, 'u-staff')).token;
      const buyer = (await createSession(db, 'u-buyer')).token;
      const goal = backend === 'postgres' ? 200 : 500;
      for (const page of productStatistics(registry).pages) {
        // Whole months (March to February: the monthly roll-up alone), or a range cut mid-month at both ends (edge days read too).
        const run = async (token: string, edges: boolean) => {
          const p95s: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const times: number[] = [];
            for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
              const year = 2022 + (i % 4);
              const start = performance.now();
              const range = edges ? `from=${year}-03-17&to=${year + 1}-03-09` : `from=${year}-03-01&to=${year + 1}-02-28`;
              const res = await app.inject({ method: 'GET', url: `/api/statistics/${page.id}?${range}&company=c-buyer`, headers: { 'portico-auth': `bearer ${token}` } });
              times.push(performance.now() - start);
              if (res.statusCode !== 200) throw new Error(`statistics failed: ${res.body}`);
            }
            p95s.push(percentile(times, 95));
          }
          return median(p95s);
        };
        const runs = [
          ['staff', staff, `staff, one year of a buyer (${page.charts.length} charts)`, false],
          ['buyer', buyer, 'the buyer itself (visibility)', false],
          ['staff', staff, 'staff, a year cut mid-month at both ends', true],
          ['buyer', buyer, 'the buyer, a year cut mid-month at both ends', true],
        ] as const;
        for (const [who, token, what, edges] of runs) {
          const smaller = trfs < 100_000 ? ` — on ${size}, not the goal's 100,000 TRFs (PORTICO_BENCH_PGLITE_TRFS)` : '';
          const figure = { name: `${backend}: /statistics/${page.id} p95, ${what}${smaller}`, value: await run(token, edges), unit: 'ms', goal };
          // Printed as measured too: the whole part takes minutes.
          console.log(`  ${figure.name}: ${figure.value.toFixed(1)} ms (goal ≤ ${goal} ms, ${who})`);
          figures.push(figure);
        }
      }
      await app.close();
    } finally {
      await drop();
    }
  }
  return figures;
}
