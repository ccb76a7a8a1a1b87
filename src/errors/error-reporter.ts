import { request } from '../api/client.ts';

/** One client error as POST /api/error-logs takes it (SPEC §3, error log). */
export interface ErrorLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack?: string;
  info?: string;
  /** How many times the client saw it while it waited to be sent (1 unless given). */
  count?: number;
}

const MAX_BATCH = 50;
/** A batch's largest size as JSON (bytes): under the server's 64 KB a batch (server/portal/portal-schemas.ts). */
const MAX_BATCH_BYTES = 60 * 1024;
const MAX_COUNT = 10_000;
const FLUSH_DELAY_MS = 2_000;
let queue: ErrorLogEntry[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;

function flush(): void {
  timer = undefined;
  if (sending || !queue.length) return;
  const entries = nextBatch(queue);
  queue = queue.slice(entries.length);
  sending = true;
  request('/api/error-logs', { method: 'POST', json: { entries }, ignoreUnauthorized: true, quiet: true })
    .catch(() => undefined) // a report that cannot be sent is dropped: reporting must never loop
    .finally(() => {
      sending = false;
      if (queue.length) schedule();
    });
}

/** The first entries of the queue that fit a batch (at least one: the server's limits keep an entry well under the batch's bytes). */
function nextBatch(waiting: readonly ErrorLogEntry[]): ErrorLogEntry[] {
  const encoder = new TextEncoder();
  let bytes = 0;
  let n = 0;
  while (n < Math.min(waiting.length, MAX_BATCH)) {
    bytes += encoder.encode(JSON.stringify(waiting[n])).length + 1;
    if (n > 0 && bytes > MAX_BATCH_BYTES) break;
    n++;
  }
  return waiting.slice(0, n);
}

function schedule(): void {
  timer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

/** Queues an error for the server; entries are sent in batches (up to 50) a moment later. */
export function reportError(type: string, error: unknown, info?: string): void {
  const e = error instanceof Error ? error : undefined;
  const entry: ErrorLogEntry = {
    url: window.location.href,
    time: new Date().toISOString(),
    type,
    message: (e?.message ?? String(error)).slice(0, 2000) || type,
    stack: e?.stack?.slice(0, 8000),
    info,
  };
  // A repeat waiting to be sent is counted on it (an error in a loop sends one entry, not hundreds).
  const waiting = queue.find((q) => q.type === entry.type && q.message === entry.message && q.stack === entry.stack && q.url === entry.url);
  if (waiting) {
    waiting.count = Math.min(MAX_COUNT, (waiting.count ?? 1) + 1);
    return;
  }
  queue.push(entry);
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
