import { request } from './client.ts';
import type { MenuNode } from './account.ts';

/** The e-filing service's answer to the session token (SPEC §7, e-filing token validate). */
export interface EfilingSession {
  valid: boolean;
  account: string;
  userName: string;
  companyId: string;
  permissions: string[];
}

/** Signs in to the e-filing service with the session token (sent as on every request). Quiet: the menu says why it failed. */
export const validateEfilingToken = () => request<EfilingSession>('/api/efiling/token/validate', { method: 'POST', quiet: true });
/** The e-filing menu (SPEC §7, e-filing routes) in the language. */
export const getEfilingRoutes = (languageCode: string) => request<MenuNode[]>(`/api/efiling/routes?languageCode=${encodeURIComponent(languageCode)}`, { quiet: true });

/** One exchange of a certificate with the regulator (server/efiling/routes.ts): its outcome in the user's language. */
export interface FilingExchange {
  id: number;
  at: string;
  kind: string;
  ok: boolean;
  outcome: string;
  message: string;
  request: string;
  response: string;
}

/** A certificate's exchanges with the regulator, oldest first. */
export const filingExchanges = (id: string) => request<FilingExchange[]>(`/api/efiling/filings/${encodeURIComponent(id)}/exchanges`);
