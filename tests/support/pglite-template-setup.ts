import type { TestProject } from 'vitest/node';
import { makePgliteTemplates, type PgliteTemplates } from './pglite-template.ts';

/** One making per run however many projects name this setup (each may load the module anew). */
const KEY = Symbol.for('portico.pgliteTemplates');
type Made = Promise<PgliteTemplates & { remove(): void }>;
const store = globalThis as typeof globalThis & { [KEY]?: Made };

/** Vitest global setup: makes the PGlite templates (pglite-template.ts) and gives their paths to the test files. */
export default async function setup(project: TestProject): Promise<() => void> {
  const made = await (store[KEY] ??= makePgliteTemplates());
  project.provide('pgliteTemplates', { seeded: made.seeded, migrated: made.migrated });
  return () => made.remove();
}
