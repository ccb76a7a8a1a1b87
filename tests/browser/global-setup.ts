import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { throwawayLayout } from '../fixtures/throwaway-entity.ts';
import { startClientBuilds } from './client-builds.ts';

/**
 * Starts the browser tests' client builds (client-builds.ts) and returns without waiting for them:
 * the product's client, which every browser file uses (in dist/, or the folder named by
 * PORTICO_TEST_DIST so that runs of several people on one machine do not rebuild each other's),
 * and the product plus the throwaway entity, for discovered-entity-pages.test.ts.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const layout = await throwawayLayout({ withProduct: true });
  // The late browser files of `npm test` (scripts/test-all.mjs) use the product client built this run and need no throwaway one.
  const late = process.env.PORTICO_CLIENTS_BUILT === '1';
  const builds = startClientBuilds([
    { name: 'product', outDir: resolve(import.meta.dirname, '../..', process.env.PORTICO_TEST_DIST ?? 'dist') },
    ...(late ? [] : [{ name: 'throwaway', outDir: join(layout.dir, 'dist'), layoutDir: layout.dir }]),
  ]);
  if (late) writeFileSync(join(builds.statusDir, 'throwaway.failed'), 'not built for the late browser files of npm test (PORTICO_CLIENTS_BUILT=1): run this file in the browser lane');
  project.provide('clientBuilds', { statusDir: builds.statusDir, throwawayDir: layout.dir });
  return () => {
    builds.stop();
    layout.remove();
  };
}
