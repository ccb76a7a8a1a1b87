import { resolve } from 'node:path';
import { build } from 'vite';

/**
 * Builds the client once for every browser test (the server serves dist/, or the folder named by
 * PORTICO_TEST_DIST so that runs of several people on one machine do not rebuild each other's).
 * A production build, as `npm start` serves: Vitest sets NODE_ENV=test, which would otherwise
 * give React's development build (slower, and a dist/ the login bundle bench would misread).
 */
export default async function setup(): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir: resolve(root, process.env.PORTICO_TEST_DIST ?? 'dist'), emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
