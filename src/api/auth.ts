import { request } from './client.ts';

export interface PublicKey {
  /** base64 DER (SPKI) of the RSA key passwords are encrypted with. */
  spki: string;
  algorithm: string;
}

export interface UserInfo {
  id: string;
  account: string;
  userName: string;
  companyId?: string;
  companyName?: string;
  regionAccount?: string;
  /** The company's customer admin (marks the customerAdmin role). */
  isAdmin?: boolean;
}

/** The session user as the server describes it (GET /api/auth/me: the same without accessToken). */
export interface SessionProfile {
  permissions: string;
  dimensions: Record<string, string | undefined>;
  posts: unknown[];
  guide?: unknown;
  tcpp?: unknown;
  userMgtId?: string;
  userInfo: UserInfo;
}

export interface TokenResponse extends SessionProfile {
  accessToken: string;
}

export interface TokenRequest {
  account: string;
  /** base64 of the RSA-OAEP (SHA-256) ciphertext of the UTF-8 password. */
  password: string;
  type: 'account';
  tenantId?: string;
  receiveMarketingCommunication?: boolean;
  termsAccepted?: boolean;
  captchaKey?: string;
  captchaCode?: string;
}

export interface Captcha {
  captchaKey: string;
  /** data:image/svg+xml;base64,… */
  image: string;
  expiresInSeconds: number;
}

/* The login, SSO and registration pages show these failures on the page themselves (quiet: no automatic message). */

export const getPublicKey = () => request<PublicKey>('/api/auth/public-key', { quiet: true });

export const requestToken = (body: TokenRequest) =>
  request<TokenResponse>('/api/auth/token', { method: 'POST', json: body, ignoreUnauthorized: true, quiet: true });

export const getButtons = () => request<string[]>('/api/auth/buttons', { quiet: true });

export const getMe = () => request<SessionProfile>('/api/auth/me');

export const postLogout = () => request<unknown>('/api/auth/logout', { method: 'POST', ignoreUnauthorized: true, quiet: true });

export const getCaptcha = () => request<Captcha>('/api/auth/captcha', { quiet: true });

export const validateSsoToken = (token: string) => request<{ valid: boolean }>('/api/auth/sso/validate', { query: { token }, ignoreUnauthorized: true, quiet: true });

export const ssoLogin = (token: string) => request<TokenResponse>('/api/auth/sso/login', { method: 'POST', json: { token }, ignoreUnauthorized: true, quiet: true });
