import type { ComponentType } from 'react';

/**
 * One route of the portal's route table (table.tsx): each names its page (loaded
 * on first visit), the i18n key of its label (page title), and whether it needs a session.
 * Routes with `auth: true` render inside the shell. Generated entity pages (each entity's
 * declared list/detail/form routes) are resolved from the registry by the `*` route; paths that
 * match nothing go to /404.
 */
export interface AppRoute {
  path: string;
  /** i18n key of the page's label (the document title: label plus product title). */
  label: string;
  /** The page sets the document title itself (generated entity pages use the entity's label). */
  titledByPage?: boolean;
  /** The page needs a session token. */
  auth: boolean;
  /** Only for visitors without a session: a logged-in user is sent to /. */
  guestOnly?: boolean;
  /**
   * The page shows the login texts only (scripts/text-parts.ts): it does not wait for the rest,
   * which every other page loads with its module.
   */
  loginTexts?: boolean;
  /** The page module, loaded when the route is first visited. */
  lazy?: () => Promise<{ default: ComponentType }>;
  /**
   * What the page will first ask for besides its modules (the viewer: its machine's shipped
   * layout), started by a cold open of the path at once, beside the modules rather than after
   * them; the first render waits for it too (routes/prefetch.ts).
   */
  prefetch?: (params: Readonly<Record<string, string | undefined>>) => Promise<unknown>;
  /** The page stays mounted while its tab is open (SPEC §2: kept alive per route metadata). */
  keepAlive?: boolean;
  /** Or a redirect to another path. */
  redirect?: string;
  /**
   * The route exists only when the server's menu for the user has this path (the page of a
   * permission): without it the path opens /403. Titled by the menu name (SPEC §2).
   */
  menu?: string;
}
