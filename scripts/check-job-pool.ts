import { JobPool } from '../server/jobs/pool.ts';

/**
 * Checks that the job pool's worker runs the project's TypeScript under `node --import tsx` (as
 * `npm start` does; the API tests check it under vitest): `node --import tsx scripts/check-job-pool.ts`.
 * Runs a template check and a schema import in the pool and prints what came back.
 */
const pool = new JobPool({ threads: 1 });
try {
  const started = Date.now();
  const checked = await pool.run('checkTemplate', { bundle: {}, lang: 'en-US' });
  const imported = await pool.run('importSchema', { code: 'poolCheck', schema: { type: 'object', properties: { name: { type: 'string' } } }, routes: { list: '/x', detail: '/x/:id', form: '/x/new' } });
  console.log(`job pool: checkTemplate gave ${checked.problems.length} problem(s) (${checked.problems[0]?.code}); importSchema gave ${'bundle' in imported ? 'a bundle' : 'a refusal'} (${Date.now() - started} ms)`);
} finally {
  await pool.close();
}
