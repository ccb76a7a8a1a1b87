import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * A production build of the client, as `npm start` serves it. Vitest sets NODE_ENV=test, which
 * would otherwise give React's development build (slower, and a dist/ the login bundle bench would
 * misread). `plugins` join the project's own (vite.config.ts).
 */
export async function buildClient(outDir: string, plugins: Plugin[] = []): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', plugins, build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
