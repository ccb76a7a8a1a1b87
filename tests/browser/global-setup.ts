import { resolve } from 'node:path';
import { build } from 'vite';

/**
 * Builds the client once for every browser test (the server serves dist/, or the folder named by
 * PORTICO_TEST_DIST so that runs of several people on one machine do not rebuild each other's).
 */
export default async function setup(): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  await build({ root, logLevel: 'warn', build: { outDir: resolve(root, process.env.PORTICO_TEST_DIST ?? 'dist'), emptyOutDir: true } });
}
