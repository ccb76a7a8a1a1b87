import { createStaticRegistry, productStatistics } from '../../engine/index.ts';
import { buildApp, prepareDatabase } from '../../server/app.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedDemoAccounts, seedDemoNetwork } from '../../server/seed/seed.ts';
import { seedBulkReports } from '../../server/seed/demo-statistics.ts';
import { freshDatabase } from '../support/backends.ts';
import { median, percentile, type BenchFigure } from './stats.ts';

const ROUNDS = 2;
const REQUESTS_PER_ROUND = 10;

/**
 * Each statistics page's aggregates (all its charts, one request) over 100,000 TRFs with their
 * issued reports and 1,000,000 test lines (server/seed/demo-statistics.ts, 2022–2026 across the
 * demo suppliers), for a year: as internal staff choosing a buyer's company, and as the buyer
 * itself (visibility through the predicate). PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
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
      await seedBulkReports(db, registry, { trfs: 100_000, linesPerReport: 10, createdBy: 'u-staff' });
      if (backend === 'postgres') await db.exec('analyze records');
      console.log(`${backend}: seeded 100,000 TRFs, reports and 1,000,000 test lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const app = await buildApp({ db, registry, filesDir: '/tmp/portico-bench-files' });
      const staff = (await createSession(db, 'u-staff')).token;
      const buyer = (await createSession(db, 'u-buyer')).token;
      const goal = backend === 'postgres' ? 200 : 500;
      for (const page of productStatistics(registry).pages) {
        const run = async (token: string) => {
          const p95s: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const times: number[] = [];
            for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
              const year = 2022 + (i % 4);
              const start = performance.now();
              const res = await app.inject({ method: 'GET', url: `/api/statistics/${page.id}?from=${year}-03-01&to=${year + 1}-02-28&company=c-buyer`, headers: { 'portico-auth': `bearer ${token}` } });
              times.push(performance.now() - start);
              if (res.statusCode !== 200) throw new Error(`statistics failed: ${res.body}`);
            }
            p95s.push(percentile(times, 95));
          }
          return median(p95s);
        };
        for (const [who, token, what] of [['staff', staff, `staff, one year of a buyer (${page.charts.length} charts)`], ['buyer', buyer, 'the buyer itself (visibility)']] as const) {
          const figure = { name: `${backend}: /statistics/${page.id} p95, ${what}`, value: await run(token), unit: 'ms', goal };
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
