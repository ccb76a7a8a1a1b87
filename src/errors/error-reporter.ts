import { request } from '../api/client.ts';

/** One client error as POST /api/error-logs takes it (SPEC §3, error log). */
export interface ErrorLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack?: string;
  info?: string;
}

const MAX_BATCH = 50;
const FLUSH_DELAY_MS = 2_000;
let queue: ErrorLogEntry[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;

function flush(): void {
  timer = undefined;
  if (sending || !queue.length) return;
  const entries = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  sending = true;
  request('/api/error-logs', { method: 'POST', json: { entries }, ignoreUnauthorized: true, quiet: true })
    .catch(() => undefined) // a report that cannot be sent is dropped: reporting must never loop
    .finally(() => {
      sending = false;
      if (queue.length) schedule();
    });
}

function schedule(): void {
  timer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

/** Queues an error for the server; entries are sent in batches (up to 50) a moment later. */
export function reportError(type: string, error: unknown, info?: string): void {
  const e = error instanceof Error ? error : undefined;
  queue.push({
    url: window.location.href,
    time: new Date().toISOString(),
    type,
    message: (e?.message ?? String(error)).slice(0, 2000) || type,
    stack: e?.stack?.slice(0, 8000),
    info,
  });
  if (queue.length > 500) queue = queue.slice(-500);
  schedule();
}

let installed = false;

/** Reports window errors and unhandled promise rejections (once per page). */
export function installErrorReporting(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => reportError('error', event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`));
  window.addEventListener('unhandledrejection', (event) => reportError('unhandledrejection', event.reason, `reason: ${event.reason instanceof Error ? event.reason.name : typeof event.reason}`));
}
