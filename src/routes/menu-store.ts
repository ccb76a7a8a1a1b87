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

/** The load under way, by token and language: a second caller (the start-up and the guard) shares it. */
let loading: { key: string; done: Promise<void> } | undefined;

export const useMenu = create<MenuState>((set, get) => ({
  failed: false,
  load(token) {
    const key = `${token}\n${useLanguageStore.getState().lang}`;
    if (loading?.key === key) return loading.done;
    const done = (async () => {
      try {
        const { nodes, efilingError } = await withServices(await getMenu());
        if (useSession.getState().token === token) set({ nodes, loadedFor: token, failed: false, efilingError });
      } catch {
        if (useSession.getState().token === token && !get().nodes) set({ failed: true, loadedFor: token });
      }
    })();
    const current = { key, done };
    loading = current;
    void done.finally(() => {
      if (loading === current) loading = undefined;
    });
    return done;
  },
  clear() {
    set({ nodes: undefined, loadedFor: undefined, failed: false, efilingError: undefined });
  },
}));

/**
 * The e-filing service's groups, or why it could not give them: its sign-in and its routes, asked
 * together (a round trip less before the first page; the sign-in's refusal is the one reported).
 */
function efilingMenu(lang: string): Promise<{ groups: MenuNode[] } | { error: string }> {
  const why = (e: unknown) => ({ error: e instanceof ApiError ? e.message : String(e) });
  const routes = getEfilingRoutes(lang);
  return validateEfilingToken().then(
    () => routes.then((groups) => ({ groups }), why),
    (e: unknown) => {
      routes.catch(() => undefined);
      return why(e);
    },
  );
}

/**
 * The groups another service serves (SPEC §7): where the main menu holds the e-filing group's
 * place, the client signs in to the e-filing service with the session token and takes the group
 * from its routes call, in the user's language. Either failing leaves the group out and says why.
 */
async function withServices(nodes: MenuNode[]): Promise<{ nodes: MenuNode[]; efilingError?: string }> {
  if (!nodes.some((n) => n.service === 'efiling')) return { nodes };
  const answer = await efilingMenu(useLanguageStore.getState().lang);
  if ('error' in answer) return { nodes: nodes.filter((n) => n.service !== 'efiling'), efilingError: answer.error };
  return { nodes: nodes.flatMap((n) => (n.service === 'efiling' ? answer.groups.filter((g) => g.path === n.path) : [n])) };
}

useSession.subscribe((s, prev) => {
  if (s.token !== prev.token) useMenu.getState().clear();
});

useLanguageStore.subscribe((s, prev) => {
  const token = useSession.getState().token;
  if (s.lang !== prev.lang && token && useMenu.getState().nodes) void useMenu.getState().load(token);
});
