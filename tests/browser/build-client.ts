import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';

const repo = resolve(import.meta.dirname, '../..');

/**
 * A production build of the client, as `npm start` serves it. Vitest sets NODE_ENV=test, which
 * would otherwise give React's development build (slower, and a dist/ the login bundle bench would
 * misread). `plugins` join the project's own (vite.config.ts).
 */
export async function buildClient(outDir: string, plugins: Plugin[] = []): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: repo, mode: 'production', logLevel: 'warn', plugins, build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Points the client's discovery indexes at another layout's (a copy of schemas/ and workflows/
 * with their indexes generated there), so the client is built from that layout exactly as
 * `npm run build` would build it had its files been in the repository.
 */
export function discoveryFrom(dir: string): Plugin {
  const redirect = new Map(['engine/generated/declarations.ts', 'engine/generated/entity-routes.ts', 'engine/generated/shell-entities.ts', 'engine/generated/machine-actions.ts', 'workflows/index.ts'].map((p) => [resolve(repo, p), join(dir, p)]));
  return {
    name: 'layout-discovery',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      return redirect.get(resolve(importer, '..', source)) ?? null;
    },
  };
}
