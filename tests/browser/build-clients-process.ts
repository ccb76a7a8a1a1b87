import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClient, discoveryFrom } from './build-client.ts';
import type { ClientBuildJob } from './client-builds.ts';

/**
 * The child process the browser project's global setup starts (client-builds.ts): builds each
 * client in turn and leaves `<name>.done`, or `<name>.failed` holding the error, in the status
 * folder for the test files waiting on it.
 */
const { statusDir, jobs } = JSON.parse(process.argv[2] ?? '{}') as { statusDir: string; jobs: ClientBuildJob[] };
for (const job of jobs) {
  try {
    // A developer re-running a few browser files may keep the client built before (PORTICO_REUSE_CLIENTS=1); CI always builds,
    // except for the second browser vitest of one `npm test` (PORTICO_CLIENTS_BUILT=1), which uses what the first built this run.
    const builtThisRun = process.env.PORTICO_CLIENTS_BUILT === '1';
    const reuse = (builtThisRun || (process.env.PORTICO_REUSE_CLIENTS === '1' && !process.env.CI)) && existsSync(join(job.outDir, 'index.html'));
    if (!reuse) await buildClient(job.outDir, job.layoutDir ? [discoveryFrom(job.layoutDir)] : []);
    writeFileSync(join(statusDir, `${job.name}.done`), '');
  } catch (error) {
    writeFileSync(join(statusDir, `${job.name}.failed`), error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
