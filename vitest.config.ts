import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Browser test files run side by side on machines with cores to spare: each file has its own
 * server (its own PGlite folder, port 0) and its own Chromium, and they share only the client
 * built once in the global setup, which they read. Half the cores (at least one: this 2-core
 * machine runs them one at a time: two at once made two-user flows time out in a full run on 1 December 2026,
 * and on 5 December they were slower, not faster: 14 files in 15 minutes against 12
 * one at a time, each file taking 1.7-1.9x as long, with the cores already 70% busy running one);
 * PORTICO_BROWSER_WORKERS overrides.
 */
const BROWSER_WORKERS = Number(process.env.PORTICO_BROWSER_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));

/**
 * Unit, API and model files run one per core (vitest's own default is one fewer than the cores,
 * which is one at a time on a 2-core machine, though API files spend much of their time waiting on
 * PostgreSQL): every file has its own database (in-memory PGlite, or its own PostgreSQL schema and
 * NOTIFY channels), so files share nothing. PORTICO_TEST_WORKERS overrides.
 */
const TEST_WORKERS = Number(process.env.PORTICO_TEST_WORKERS) || Math.max(1, availableParallelism());

/*
 * API, model and browser files share their worker's modules (`isolate: false`): importing the
 * server and the engine was about half of an API file's time and 2.6 s of every browser file's
 * (104 s of a browser run), and every file starts its own harness (its own database, server and
 * caches keyed by database), stubs no global and mocks no module. Unit files stay isolated: some
 * stub window, document and fetch.
 */

/** Makes the migrated PGlite databases the files of a run copy instead of each running initdb (tests/support/pglite-template.ts). */
const PGLITE_TEMPLATES = 'tests/support/pglite-template-setup.ts';

/**
 * One `vitest run` runs every project, the browser files after the others; `npm test` runs the
 * browser project in a vitest of its own beside the other three (scripts/test-all.mjs), so that
 * neither waits for the other. Browser tests drive Debian's Chromium through
 * playwright-core against a real server. Their global setup starts the client builds in a child
 * process and returns (tests/browser/client-builds.ts): the builds run beside the unit and API
 * files, and each browser file waits for the client it serves.
 *
 * Timeouts catch hangs, never slowness: every test must pass on a machine four times slower than
 * a developer's (both cores busy), so each is several times the longest run seen on a loaded
 * machine. Speed goals belong in `npm run bench`.
 */
export default defineConfig({
  test: {
    reporters: ['default'],
    maxWorkers: TEST_WORKERS,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', isolate: false, globalSetup: [PGLITE_TEMPLATES], testTimeout: 600_000, hookTimeout: 600_000 } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 600_000, hookTimeout: 600_000 } },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [PGLITE_TEMPLATES, 'tests/browser/global-setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
          // Its own group after the others (a project whose worker count differs needs one).
          maxWorkers: BROWSER_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
