import { resolve } from 'node:path';
import { buildClient } from './build-client.ts';

/**
 * Builds the client once for every browser test (the server serves dist/, or the folder named by
 * PORTICO_TEST_DIST so that runs of several people on one machine do not rebuild each other's).
 */
export default async function setup(): Promise<void> {
  await buildClient(resolve(import.meta.dirname, '../..', process.env.PORTICO_TEST_DIST ?? 'dist'));
}
