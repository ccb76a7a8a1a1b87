import { performance } from 'node:perf_hooks';
import { createSession } from '../../server/auth/sessions.ts';
import { DatabaseRateLimitStore } from '../../server/http/rate-limit-store.ts';
import { validTrf } from '../support/api-harness.ts';
import { withServerProcesses } from '../support/server-process.ts';
import { percentile, type BenchFigure } from './stats.ts';

const CONNECTIONS = 50;
const SECONDS = 10;

/** `CONNECTIONS` loops each asking for the next base's record in turn for `SECONDS`: request times and the rate. */
async function load(bases: readonly string[], path: string, token: string): Promise<{ times: number[]; perSecond: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  let turn = 0;
  const end = performance.now() + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const base = bases[turn++ % bases.length]!;
      const t0 = performance.now();
      const res = await fetch(base + path, { headers: { 'portico-auth': `bearer ${token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) failed++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return { times, perSecond: (times.length / (performance.now() - start)) * 1000, failed };
}

/**
 * Scale-out on the PostgreSQL of TEST_DATABASE_URL (docs/deployment.md's capacity table): a TRF's
 * GET at 50 connections against one server process, then against two (the client alternating,
 * as a load balancer would), and the cost of the shared rate-limit counter (one upsert).
 */
export async function benchScaleOut(): Promise<BenchFigure[]> {
  const figures = await withServerProcesses('scale-out', async ({ db, start }) => {
    const first = await start();
    const token = (await createSession(db, 'u-applicant')).token;
    const made = await fetch(`${first.base}/api/entities/trf`, { method: 'POST', headers: { 'content-type': 'application/json', 'portico-auth': `bearer ${token}` }, body: JSON.stringify({ doc: validTrf() }) });
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    const one = await load([first.base], `/api/entities/trf/${id}`, token);
    const second = await start();
    const two = await load([first.base, second.base], `/api/entities/trf/${id}`, token);
    const store = new DatabaseRateLimitStore(db);
    const counts: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      await new Promise((done, fail) => store.incr(`bench-${i % 50}`, (err) => (err ? fail(err) : done(undefined)), 60_000));
      counts.push(performance.now() - t0);
    }
    const note = (r: typeof one) => `${r.perSecond.toFixed(0)} req/s${r.failed ? `, ${r.failed} failed` : ''}`;
    console.log(`scale-out: one process ${note(one)}, two processes ${note(two)} (record GET, ${CONNECTIONS} connections, ${SECONDS} s, PostgreSQL)`);
    return [
      { name: `record GET p95, 1 process on PostgreSQL, ${CONNECTIONS} connections`, value: percentile(one.times, 95), unit: 'ms', goal: 100, note: note(one) },
      { name: `record GET p95, 2 processes on PostgreSQL, ${CONNECTIONS} connections`, value: percentile(two.times, 95), unit: 'ms', goal: 100, note: note(two) },
      { name: 'shared rate-limit count (one upsert) p95', value: percentile(counts, 95), unit: 'ms', goal: 5 },
    ];
  });
  return figures ?? [];
}
