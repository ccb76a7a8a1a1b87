import { create } from 'zustand';
import { getMenu, type MenuNode } from '../api/account.ts';
import { getEfilingRoutes, validateEfilingToken } from '../api/efiling.ts';
import { ApiError } from '../api/api-error.ts';
import { useSession } from '../auth/session-store.ts';
import { useLanguageStore } from '../i18n/language-store.ts';

/**
 * The menu the server returns for the logged-in user (SPEC §2, §3: name, path, icon, children;
 * already filtered by the user's permissions). Loaded at start-up — after login, or on a reload
 * with a session — and again when the language changes (the names are in the user's language);
 * forgotten at logout. The menu decides which menu-gated routes exist (router.tsx).
 */
interface MenuState {
  nodes?: MenuNode[];
  /** The session token the menu was loaded for. */
  loadedFor?: string;
  failed: boolean;
  /** Why the e-filing service's menu is missing (its sign-in or routes call failed); the rest of the menu shows. */
  efilingError?: string;
  load(token: string): Promise<void>;
  clear(): void;
}

export const useMenu = create<MenuState>((set, get) => ({
  failed: false,
  async load(token) {
    try {
      const { nodes, efilingError } = await withServices(await getMenu());
      if (useSession.getState().token === token) set({ nodes, loadedFor: token, failed: false, efilingError });
    } catch {
      if (useSession.getState().token === token && !get().nodes) set({ failed: true, loadedFor: token });
    }
  },
  clear() {
    set({ nodes: undefined, loadedFor: undefined, failed: false, efilingError: undefined });
  },
}));

/**
 * The groups another service serves (SPEC §7): where the main menu holds the e-filing group's
 * place, the client signs in to the e-filing service with the session token and takes the group
 * from its routes call, in the user's language. Either failing leaves the group out and says why.
 */
async function withServices(nodes: MenuNode[]): Promise<{ nodes: MenuNode[]; efilingError?: string }> {
  if (!nodes.some((n) => n.service === 'efiling')) return { nodes };
  try {
    await validateEfilingToken();
    const groups = await getEfilingRoutes(useLanguageStore.getState().lang);
    return { nodes: nodes.flatMap((n) => (n.service === 'efiling' ? groups.filter((g) => g.path === n.path) : [n])) };
  } catch (e) {
    return { nodes: nodes.filter((n) => n.service !== 'efiling'), efilingError: e instanceof ApiError ? e.message : String(e) };
  }
}

useSession.subscribe((s, prev) => {
  if (s.token !== prev.token) useMenu.getState().clear();
});

useLanguageStore.subscribe((s, prev) => {
  const token = useSession.getState().token;
  if (s.lang !== prev.lang && token && useMenu.getState().nodes) void useMenu.getState().load(token);
});
