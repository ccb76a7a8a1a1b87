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
  const builds = startClientBuilds([
    { name: 'product', outDir: resolve(import.meta.dirname, '../..', process.env.PORTICO_TEST_DIST ?? 'dist') },
    { name: 'throwaway', outDir: join(layout.dir, 'dist'), layoutDir: layout.dir },
  ]);
  project.provide('clientBuilds', { statusDir: builds.statusDir, throwawayDir: layout.dir });
  return () => {
    builds.stop();
    layout.remove();
  };
}
