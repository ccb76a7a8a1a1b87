import { startServer } from '../../server/start-server.ts';
import { NPM_START_JOB_NICE } from '../../server/jobs/pool.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { seedBenchTrfs } from './seed-trfs.ts';

/** TRFs and companies of the throughput bench: each bench company sees 2 × 25,000 / 50 = 1,000 of them (its own and its buyer's). */
const TRFS = 25_000;
const COMPANIES = 50;

/**
 * One server process of the throughput bench (http-throughput.ts): `npm start`'s server on
 * PGlite under argv[3] or the PostgreSQL at argv[2] ('-' for none), without the client, seeded
 * with the bench TRFs; prints its address, a session token of a bench applicant and one record
 * it sees, then serves until killed.
 */
const url = process.argv[2] === '-' ? undefined : process.argv[2];
// The job pool as `npm start` runs it (its threads niced: server/jobs/pool.ts).
const server = await startServer({ port: 0, databaseUrl: url, dataDir: process.argv[3], clientDir: '/nonexistent', demoRecords: false, jobsEnv: { JOB_NICE: String(NPM_START_JOB_NICE) } });
await seedBenchTrfs(server.db, TRFS, COMPANIES);
const token = (await createSession(server.db, 'bench-u1')).token;
// Staff, who may design templates: the hostile-template bench (hostile-templates.ts) submits as them.
const staffToken = (await createSession(server.db, 'u-staff')).token;
const { rows } = await server.db.query<{ id: string }>("select id from records where entity = 'trf' and company_id = 'bench-c1' order by id limit 20");
console.log(JSON.stringify({ url: server.url, token, staffToken, records: rows.map((r) => r.id) }));
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
