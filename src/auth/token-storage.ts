import { SESSION_TTL_MS } from '../../engine/session-limits.ts';

/**
 * The session token lives in sessionStorage and in a cookie (`portico_token`, 4 h, path /), so
 * the server accepts plain links (file downloads) and a new tab of the same browser finds it.
 */
export const TOKEN_COOKIE = 'portico_token';
export const TOKEN_MAX_AGE_SECONDS = SESSION_TTL_MS / 1000;
const STORAGE_KEY = 'portico_token';

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function readToken(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEY) || readCookie(TOKEN_COOKIE) || undefined;
}

export function writeToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, token);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function clearToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
