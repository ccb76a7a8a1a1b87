import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** A client to build: `layoutDir` builds it from that layout's declarations (build-client.ts, discoveryFrom). */
export interface ClientBuildJob {
  readonly name: string;
  readonly outDir: string;
  readonly layoutDir?: string;
}

/** What the global setup gives the browser test files: where the builds report, and the throwaway entity's layout. */
export interface ClientBuilds {
  readonly statusDir: string;
  readonly throwawayDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    clientBuilds: ClientBuilds;
  }
}

const repo = resolve(import.meta.dirname, '../..');

/**
 * Starts the run's client builds in a child process, one after the other, and returns at once:
 * the browser files run after every other file (vitest.config.ts), so the builds run beside the
 * unit and API files instead of before them. A build a browser file needs is awaited there
 * (`builtClient`). The child is stopped at teardown if it is still building.
 */
export function startClientBuilds(jobs: readonly ClientBuildJob[]): { statusDir: string; stop(): void } {
  mkdirSync(join(repo, '.tmp'), { recursive: true });
  const statusDir = mkdtempSync(join(repo, '.tmp', 'client-builds-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'build-clients-process.ts'), JSON.stringify({ statusDir, jobs })], {
    cwd: repo,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopped = false;
  // A child that dies leaves every build it had not finished failed, so no test file waits on it for ever.
  const failUnfinished = (why: string) => {
    if (stopped) return;
    for (const job of jobs) {
      if (!existsSync(join(statusDir, `${job.name}.done`)) && !existsSync(join(statusDir, `${job.name}.failed`))) writeFileSync(join(statusDir, `${job.name}.failed`), why);
    }
  };
  child.on('error', (error) => failUnfinished(`the client build process could not start: ${error.message}`));
  child.on('exit', (code, signal) => failUnfinished(`the client build process ended (${signal ?? `exit code ${code}`}) before this build finished`));
  return {
    statusDir,
    stop() {
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) child.kill();
      rmSync(statusDir, { recursive: true, force: true });
    },
  };
}

/** The builds' report folder and the throwaway layout, as the global setup provided them. */
export const clientBuilds = (): ClientBuilds => inject('clientBuilds');

/** Waits until the global setup's build of `name` has finished; throws its error if it failed. */
export async function builtClient(name: string): Promise<void> {
  const { statusDir } = clientBuilds();
  for (;;) {
    if (existsSync(join(statusDir, `${name}.done`))) return;
    const failed = join(statusDir, `${name}.failed`);
    if (existsSync(failed)) throw new Error(`The client build "${name}" failed:\n${readFileSync(failed, 'utf8')}`);
    await sleep(250);
  }
}
