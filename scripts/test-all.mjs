// `npm test`: every check, in three lanes run side by side, each line of output prefixed with its
// lane. Run one after another (typecheck, lint, then one vitest whose browser group waited for the
// unit and API files), the suite left a core idle for much of its hour: a browser file keeps about
// 1.4 of 2 cores busy, an API file waits on PostgreSQL, the client builds and the typecheck are one
// thread each. Side by side the lanes fill those gaps. Each test still gets its own database and
// server (the projects share nothing), and every test is meant to pass with both cores busy.
//
//   checks   npm run typecheck (its own generation finds nothing to change), then npm run lint
//   tests    vitest: the unit, API and model projects; then the browser files named in LATE_BROWSER
//   browser  vitest: the other browser files (its global setup builds the clients beside the others)
//
// The browser files run one at a time and are the longest lane: the tests lane, once its own files
// are done, takes the late ones (the longest journeys) with the client the browser lane built.
//
// The generated files come first, alone: the other lanes read them. Exit status: the first
// failing lane's, after every lane has finished (a failure in one does not stop the others, so one
// run reports everything). PORTICO_TEST_SERIAL=1 runs the lanes one after another instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';
import { createInterface } from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Browser files the tests lane runs after its own (none of them needs the throwaway entity's client). */
const LATE_BROWSER = ['tests/browser/journey-analyst.test.ts', 'tests/browser/journey-staff.test.ts', 'tests/browser/journey-applicant.test.ts'].filter((f) => existsSync(f));
/** The late files' vitest uses the product client the browser lane built, and builds no other. */
const lateEnv = { PORTICO_CLIENTS_BUILT: '1' };

const lanes = [
  { name: 'checks', steps: [[npm, ['run', '--silent', 'typecheck']], [npm, ['run', '--silent', 'lint']]] },
  {
    name: 'tests',
    steps: [
      [npx, ['vitest', 'run', '--project', 'unit', '--project', 'api', '--project', 'model']],
      ...(LATE_BROWSER.length ? [[npx, ['vitest', 'run', '--project', 'browser', ...LATE_BROWSER], lateEnv]] : []),
    ],
  },
  { name: 'browser', steps: [[npx, ['vitest', 'run', '--project', 'browser', ...LATE_BROWSER.flatMap((f) => ['--exclude', f])]]] },
];

const width = Math.max(...lanes.map((l) => l.name.length));
const started = Date.now();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** Runs a command with each output line prefixed; resolves to its exit status. */
function run(lane, [command, args, extraEnv = {}]) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...(process.env.FORCE_COLOR === undefined ? { NO_COLOR: '1' } : {}), ...extraEnv };
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const prefix = `[${lane.padEnd(width)}] `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(prefix + line + '\n'));
    }
    child.on('error', (err) => {
      process.stdout.write(`${prefix}${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A lane's steps in order, stopping at the first that fails. */
async function runLane(lane) {
  const laneStart = Date.now();
  for (const step of lane.steps) {
    const status = await run(lane.name, step);
    if (status !== 0) return { lane: lane.name, status, took: Date.now() - laneStart };
  }
  return { lane: lane.name, status: 0, took: Date.now() - laneStart };
}

const gen = spawnSync(npm, ['run', '--silent', 'gen'], { stdio: 'inherit' });
if (gen.status !== 0) process.exit(gen.status ?? 1);

const results = [];
if (process.env.PORTICO_TEST_SERIAL === '1') for (const lane of lanes) results.push(await runLane(lane));
else results.push(...(await Promise.all(lanes.map(runLane))));

process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.status === 0 ? 'passed' : 'FAILED'}  ${r.lane.padEnd(width)}  ${minutes(r.took)}\n`);
process.stdout.write(`all lanes: ${minutes(Date.now() - started)}\n`);
process.exit(results.find((r) => r.status !== 0)?.status ?? 0);
