import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Content-Security-Policy sources of the inline scripts in the built index.html (the first
 * paint's, scripts/first-paint-plugin.ts): each allowed by its SHA-256, so no other inline script
 * runs. None when there is no built client.
 */
export function inlineScriptSources(clientDir: string | undefined): string[] {
  const page = clientDir && join(clientDir, 'index.html');
  if (!page || !existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
}
