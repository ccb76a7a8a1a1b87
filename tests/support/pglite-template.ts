import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createStaticRegistry } from '../../engine/index.ts';
import { prepareDatabase } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { pgliteDatabase } from '../../server/db/pglite.ts';
import { seedDemoAccounts } from '../../server/seed/seed.ts';

/**
 * PGlite databases made once per `vitest run` and copied by every test file that would otherwise
 * make its own: a new PGlite runs initdb (seconds of both cores: the largest part of an API file's
 * start), then the migrations and the demo accounts. Both are the same for every file, so the
 * global setup (pglite-template-setup.ts) makes them once:
 * - `seeded`: an in-memory database, migrated with the product's entities and the demo accounts,
 *   dumped as a tarball that ApiHarness loads (PGlite's `loadDataDir`);
 * - `migrated`: a data folder, migrated only, that a browser test's server starts from (it seeds
 *   the accounts, and the demo records when asked, as on a first start).
 * A file still runs the migrations and the seeding on its copy (each finds them done) and the
 * indexes of its own entities. Without the setup (a test run some other way) files start fresh.
 */
export interface PgliteTemplates {
  seeded: string;
  migrated: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates;
  }
}

/** Makes both templates in a new temporary folder; `remove` deletes it. */
export async function makePgliteTemplates(): Promise<PgliteTemplates & { remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-pglite-template-'));
  const registry = createStaticRegistry();
  const memory = await PGlite.create({});
  const seededDb = pgliteDatabase(memory);
  await prepareDatabase(seededDb, registry);
  await seedDemoAccounts(seededDb);
  const seeded = join(dir, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await memory.dumpDataDir('none')).arrayBuffer()));
  await memory.close();
  const migrated = join(dir, 'migrated');
  mkdirSync(migrated);
  const folder = pgliteDatabase(await PGlite.create({ dataDir: migrated }));
  await prepareDatabase(folder, registry);
  await folder.close();
  return { seeded, migrated, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The templates this run's global setup made, if it did. */
export const pgliteTemplates = (): PgliteTemplates | undefined => inject('pgliteTemplates');

/** An in-memory PGlite holding the seeded template (migrated, demo accounts), if this run has one. */
export async function seededPglite(): Promise<Database | undefined> {
  const path = pgliteTemplates()?.seeded;
  if (!path) return undefined;
  return pgliteDatabase(await PGlite.create({ loadDataDir: new Blob([readFileSync(path)]) }));
}
