import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_SOURCES = ['index.html', 'vite.config.ts', 'scripts/precompress.ts', 'scripts/shell-chunk.ts', 'scripts/first-paint-plugin.ts', 'public', 'src', 'renderers', 'engine', 'schemas', 'workflows'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/ is missing or older than any client source. */
export function clientBuildNeeded(root: string, outDir = 'dist'): boolean {
  const built = join(root, outDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((p) => newestMtime(join(root, p)) > builtAt);
}

/** Builds the client with Vite (a dev dependency, installed by `npm ci`). */
export async function buildClient(root: string): Promise<void> {
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production in this process while it builds; the server started after it
  // must see the environment it was given (the payment and regulator sandboxes, the secrets key).
  const before = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: 'warn' });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
