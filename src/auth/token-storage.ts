/**
 * The session token the login answered lives in sessionStorage and goes out in the `Portico-Auth`
 * header. The server also sets it as an HttpOnly cookie (plain links such as file downloads carry
 * it; scripts never see it) plus a script-readable marker, `portico_session`, that authenticates
 * nothing: it tells a new tab of the same browser that a cookie session may be there to restore.
 */
export const SESSION_MARKER_COOKIE = 'portico_session';
const STORAGE_KEY = 'portico_token';
/** The store's token for a session known only by its HttpOnly cookie: no header is sent for it. */
const COOKIE_SESSION = 'cookie:';

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The session's identity in the client: the header token, or the cookie session's marker. */
export function readToken(): string | undefined {
  const stored = sessionStorage.getItem(STORAGE_KEY);
  if (stored) return stored;
  const marker = readCookie(SESSION_MARKER_COOKIE);
  return marker ? `${COOKIE_SESSION}${marker}` : undefined;
}

/**
 * The token to send in the header; none for a cookie session (the browser sends the cookie). Read
 * on every request, so from sessionStorage only: the marker cookie would tell a cookie session,
 * which sends no header, and each read of `document.cookie` asks the browser's process.
 */
export function headerToken(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

export function writeToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  document.cookie = `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
