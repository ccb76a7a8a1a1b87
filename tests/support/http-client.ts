/** What a request to a running server answered; status 0 when it did not answer within the limit (a hang). */
export interface Answered {
  status: number;
  body: any;
  retryAfter: string | null;
  ms: number;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  lang?: string;
}

/**
 * A client of a server process over HTTP (fetch), each request bounded by `limitMs`: one that
 * takes longer is cut and answered as status 0, so a test can tell a hang from a slow answer.
 */
export function httpClient(base: () => string, limitMs: number) {
  return async function call(method: string, path: string, opts: CallOptions = {}): Promise<Answered> {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en-US' };
    if (opts.token) headers['portico-auth'] = `bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    const started = Date.now();
    try {
      const res = await fetch(base() + path, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json), signal: AbortSignal.timeout(limitMs) });
      const text = await res.text();
      const isJson = (res.headers.get('content-type') ?? '').includes('json');
      return { status: res.status, body: isJson && text ? JSON.parse(text) : text, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') return { status: 0, body: undefined, retryAfter: null, ms: Date.now() - started };
      throw err;
    }
  };
}
