import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { percentile, type BenchFigure } from './stats.ts';

export interface BenchServer {
  child: ChildProcess;
  url: string;
  token: string;
  staffToken: string;
  records: string[];
}

/** Starts http-server-process.ts on PGlite (databaseUrl undefined) or PostgreSQL; resolves once it is seeded and listening. */
export function serverProcess(databaseUrl: string | undefined, dataDir: string): Promise<BenchServer> {
  const script = join(import.meta.dirname, 'http-server-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl ?? '-', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`bench server exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) done({ child, ...(JSON.parse(line) as Omit<BenchServer, 'child'>) });
    });
  });
}

/** The PostgreSQL database of this bench (`portico_bench` beside BENCH_DATABASE_URL's or TEST_DATABASE_URL's), made empty. */
async function benchDatabase(): Promise<string | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const admin = postgres(base, { max: 1, onnotice: () => undefined });
  await admin.unsafe('drop database if exists portico_bench with (force)');
  await admin.unsafe('create database portico_bench');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/portico_bench';
  return url.toString();
}

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** One autocannon run: every response's time is kept, so any percentile can be read. */
export async function load(server: BenchServer, connections: number, seconds: number, paths: readonly string[]): Promise<Load> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration: seconds,
        headers: { 'portico-auth': `bearer ${server.token}`, 'accept-encoding': 'gzip, br' },
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (err: unknown, res: autocannon.Result) => (err ? fail(err instanceof Error ? err : new Error(String(err))) : done(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const load1 = () => loadavg()[0]!.toFixed(1);

/**
 * Issue 22's throughput goals, measured with autocannon against a started server process (one
 * process, seeded with 25,000 TRFs of which the bench applicant sees 1,000), on PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, on PostgreSQL. The 300-user figure runs
 * 100 connections for 30 s unless BENCH_FULL=1 asks for its stated 300 connections for 5 minutes.
 */
export async function benchHttpThroughput(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const pgUrl = await benchDatabase();
  for (const kind of pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-http-bench-'));
    const server = await serverProcess(kind === 'postgres' ? pgUrl : undefined, dataDir);
    try {
      figures.push(...(await measure(server, kind)));
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!pgUrl) console.log('http: PostgreSQL figures skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  return figures;
}

async function measure(server: BenchServer, kind: 'pglite' | 'postgres'): Promise<BenchFigure[]> {
  const gets = server.records.map((id) => `/api/entities/trf/${id}`);
  const lists = [1, 2, 3, 4, 5].map((page) => `/api/entities/trf?pageSize=20&page=${page}&sort=dueDate:desc`);
  const mixed = gets.flatMap((get, i) => [get, lists[i % lists.length]!]);
  const full = process.env.BENCH_FULL === '1';
  // A warm-up: the first requests compile routes and fill caches.
  await load(server, 10, 3, mixed);
  const note = (l: Load) => `${kind}; load ${load1()}; ${l.errors} errors`;
  const get = await load(server, 50, 15, gets);
  const mixed50 = await load(server, 50, 30, mixed);
  const many = full ? await load(server, 300, 300, mixed) : await load(server, 100, 30, mixed);
  const list = await load(server, 50, 15, lists);
  const manyName = full ? '300 connections, 5 min' : '100 connections, 30 s (BENCH_FULL=1: 300 for 5 min)';
  return [
    { name: `record GET, 50 connections [${kind}]`, value: get.requestsPerSecond, unit: 'req/s', goal: kind === 'postgres' ? 3000 : 1500, atLeast: true, note: `p50 ${get.p50.toFixed(0)} ms; ${note(get)}` },
    { name: `record GET p99, 50 connections [${kind}]`, value: get.p99, unit: 'ms', goal: 20, note: note(get) },
    { name: `mixed list + get p95, 50 connections, 30 s [${kind}]`, value: mixed50.p95, unit: 'ms', goal: 100, note: `${mixed50.requestsPerSecond.toFixed(0)} req/s, p50 ${mixed50.p50.toFixed(0)} ms, p99 ${mixed50.p99.toFixed(0)} ms; ${note(mixed50)}` },
    { name: `mixed list + get p95, ${manyName} [${kind}]`, value: many.p95, unit: 'ms', goal: 200, note: `${many.requestsPerSecond.toFixed(0)} req/s, p99 ${many.p99.toFixed(0)} ms; ${note(many)}` },
    { name: `mixed ${manyName} errors [${kind}]`, value: many.errors, unit: 'errors', goal: 0, note: `load ${load1()}` },
    { name: `list only, applicant seeing 1,000 rows, page of 20, 50 connections [${kind}]`, value: list.requestsPerSecond, unit: 'req/s', goal: 1000, atLeast: true, note: `p95 ${list.p95.toFixed(0)} ms; ${note(list)}` },
  ];
}
