// The job pool's worker entry (server/jobs/pool.ts). Plain JavaScript so that it starts the same
// under `npm start` (node --import tsx: the worker inherits tsx with the process's execArgv) and
// inside vitest (whose workers run without tsx): tsx is registered here when it is not already,
// then each job's TypeScript module is imported by its URL and its named function called.
import { register } from 'tsx/esm/api';

register();

const modules = new Map();

/**
 * One job: `{ module, fn, input, started }` → `{ value }` (`started`, a MessagePort, hears when the
 * module is loaded and the function starts: the job's time limit runs from then), or `{ refused }` for an error meant for the
 * user (an ApiError: its status, code, params and field errors; a class does not survive the
 * thread's structured clone, so it travels as plain data). Anything else is thrown: the pool maps it.
 */
export default async function runJob({ module, fn, input, started }) {
  let loaded = modules.get(module);
  if (!loaded) modules.set(module, (loaded = import(module)));
  const task = (await loaded)[fn];
  if (typeof task !== 'function') throw new Error(`job ${fn} is not exported by ${module}`);
  started.postMessage('started');
  started.close();
  try {
    return { value: await task(input) };
  } catch (err) {
    if (err && typeof err.status === 'number' && typeof err.code === 'string' && err.status < 500) {
      return { refused: { status: err.status, code: err.code, params: err.params ?? {}, errors: err.errors } };
    }
    throw err;
  }
}
