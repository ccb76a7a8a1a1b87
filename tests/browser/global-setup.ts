import { resolve } from 'node:path';
import { build } from 'vite';

/** Builds the client once for every browser test (the server serves dist/). */
export default async function setup(): Promise<void> {
  await build({ root: resolve(import.meta.dirname, '../..'), logLevel: 'warn' });
}
