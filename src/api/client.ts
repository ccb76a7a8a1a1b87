import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { readToken } from '../auth/token-storage.ts';
import { ApiError, type ApiFieldError } from './api-error.ts';

/** SPEC §7: the portal's basic client credentials (identify the client, not the user). */
export const CLIENT_CREDENTIALS = 'portico:portico_secret';

/** SPEC §9: every request gives up after 40 s. */
export const REQUEST_TIMEOUT_MS = 40_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body (file uploads) sent with its own content type. */
  raw?: Blob;
  /** A 401 here is an answer, not an expired session (the login call). */
  ignoreUnauthorized?: boolean;
}

interface Envelope {
  code?: number;
  data?: unknown;
  message?: string;
  errorCode?: string;
  errors?: ApiFieldError[];
}

let unauthorizedHandler: (() => void) | undefined;

/** What to do when the session has ended (the app clears it and goes to /login). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  const body = await response.text();
  if (!body) return undefined;
  try {
    return JSON.parse(body) as Envelope;
  } catch {
    return undefined;
  }
}

/**
 * The one request function: same origin, session token, language and timestamp on every call,
 * a 40 s timeout, and the `{ code, data, message, errors }` envelope unwrapped into data or an ApiError.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  url.searchParams.set('t', String(Date.now()));

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), Authorization: `Basic ${btoa(CLIENT_CREDENTIALS)}` };
  const token = readToken();
  if (token) headers['Portico-Auth'] = `bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.raw) {
    body = options.raw;
    headers['Content-Type'] = options.raw.type || 'application/octet-stream';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch (e) {
    const timedOut = controller.signal.aborted;
    throw new ApiError({ code: 0, errorCode: timedOut ? 'TIMEOUT' : 'NETWORK', message: i18n.t(timedOut ? 'errors.timeout' : 'errors.network'), data: e });
  } finally {
    clearTimeout(timer);
  }

  const envelope = await readEnvelope(response);
  const code = envelope?.code ?? response.status;
  if ((response.status === 401 || code === 401) && !options.ignoreUnauthorized) unauthorizedHandler?.();
  if (!response.ok || code >= 300) {
    throw new ApiError({
      code,
      errorCode: envelope?.errorCode,
      message: envelope?.message || i18n.t('errors.generic'),
      errors: envelope?.errors,
      data: envelope?.data,
    });
  }
  return envelope?.data as T;
}
