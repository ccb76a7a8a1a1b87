import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { headerToken } from '../auth/token-storage.ts';
import { ApiError, type ApiFieldError } from './api-error.ts';

/** SPEC §7: the portal's basic client credentials (identify the client, not the user). */
export const CLIENT_CREDENTIALS = 'portico:portico_secret';

/** SPEC §9: every request gives up after 40 s. */
export const REQUEST_TIMEOUT_MS = 40_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body (file uploads) sent with its own content type. */
  raw?: Blob;
  /** A 401 here is an answer, not an expired session (the login call). */
  ignoreUnauthorized?: boolean;
  /**
   * The caller shows the failure itself (field errors beside the inputs, a conflict dialog, an
   * inline alert): no automatic error message, so the user does not read it twice.
   */
  quiet?: boolean;
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

type FailureHandler = (message: string, error: ApiError) => void;
const failureHandlers: FailureHandler[] = [];

/**
 * Who shows a failed request's message (SPEC §8: the body's message or the generic one, in the
 * user's language). The frame on screen registers itself (antd's message API); the newest one
 * shows it. Returns the way to unregister.
 */
export function onRequestFailure(handler: FailureHandler): () => void {
  failureHandlers.push(handler);
  return () => {
    const at = failureHandlers.lastIndexOf(handler);
    if (at >= 0) failureHandlers.splice(at, 1);
  };
}

/** Rejects with the error, having shown it first unless the caller shows it (quiet) or the session ended (401). */
function fail(error: ApiError, options: RequestOptions): never {
  if (!options.quiet && error.code !== 401) failureHandlers.at(-1)?.(error.message, error);
  throw error;
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

/** The headers of every call: JSON answers, the language, the client credentials and the session token. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), Authorization: `Basic ${btoa(CLIENT_CREDENTIALS)}` };
  const token = headerToken();
  if (token) headers['Portico-Auth'] = `bearer ${token}`;
  return headers;
}

/** An envelope's failure as the ApiError every caller gets (the session ended on a 401). */
export async function failureOf(response: Response): Promise<ApiError> {
  const envelope = await readEnvelope(response);
  const code = envelope?.code ?? response.status;
  if (code === 401) unauthorizedHandler?.();
  return new ApiError({ code, errorCode: envelope?.errorCode, message: envelope?.message || i18n.t('errors.generic'), errors: envelope?.errors, data: envelope?.data });
}

/**
 * A file's answer (an export, an import template, a chart's data), with the session's headers: a
 * network failure rejects as `request`'s does, a refusal with the server's message; the caller
 * reads the body (`blob()`, or the stream to show progress).
 */
export async function fetchFile(url: string | URL, init: { method?: 'GET' | 'POST'; json?: unknown } = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.json === undefined ? requestHeaders() : { ...requestHeaders(), 'Content-Type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new ApiError({ code: 0, errorCode: 'NETWORK', message: i18n.t('errors.network'), data: e });
  }
  if (!response.ok || !response.body) throw await failureOf(response);
  return response;
}

/** The file name a download's Content-Disposition gives (`filename*=UTF-8''…`), else the fallback. */
export function fileNameOf(response: Response, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The one request function: same origin, session token, language and timestamp on every call,
 * a 40 s timeout, and the `{ code, data, message, errors }` envelope unwrapped into data or an ApiError.
 * A failure other than 401 (which ends the session) is also shown to the user, unless `quiet`.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  url.searchParams.set('t', String(Date.now()));

  const headers = requestHeaders();
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
    fail(new ApiError({ code: 0, errorCode: timedOut ? 'TIMEOUT' : 'NETWORK', message: i18n.t(timedOut ? 'errors.timeout' : 'errors.network'), data: e }), options);
  } finally {
    clearTimeout(timer);
  }

  const envelope = await readEnvelope(response);
  const code = envelope?.code ?? response.status;
  if ((response.status === 401 || code === 401) && !options.ignoreUnauthorized) unauthorizedHandler?.();
  if (!response.ok || code >= 300) {
    fail(new ApiError({ code, errorCode: envelope?.errorCode, message: envelope?.message || i18n.t('errors.generic'), errors: envelope?.errors, data: envelope?.data }), options);
  }
  return envelope?.data as T;
}

/** The rejection handler of a request that is not quiet: the client has shown the failure already, nothing is left to do. */
export const alreadyShown = (): void => undefined;
