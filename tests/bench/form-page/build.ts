import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Builds the form bench page (index.html + main.tsx here) with Vite into a new temporary
 * directory and answers it. Production React, except that react-dom/client is the profiling
 * build, whose <Profiler> reports commits (the bench waits for the commit an input caused).
 * `minify: false` keeps function names, for reading a CPU profile of the page.
 */
export async function buildFormBenchPage({ minify = true }: { minify?: boolean } = {}): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'portico-bench-form-'));
  await build({
    configFile: false,
    root: import.meta.dirname,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    build: { outDir, emptyOutDir: true, minify, chunkSizeWarningLimit: 10_000, reportCompressedSize: false },
    server: { fs: { allow: [resolve(import.meta.dirname, '../../..')] } },
  });
  return outDir;
}
