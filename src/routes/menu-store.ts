import { create } from 'zustand';
import { getMenu, type MenuNode } from '../api/account.ts';
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
  load(token: string): Promise<void>;
  clear(): void;
}

export const useMenu = create<MenuState>((set, get) => ({
  failed: false,
  async load(token) {
    try {
      const nodes = await getMenu();
      if (useSession.getState().token === token) set({ nodes, loadedFor: token, failed: false });
    } catch {
      if (useSession.getState().token === token && !get().nodes) set({ failed: true, loadedFor: token });
    }
  },
  clear() {
    set({ nodes: undefined, loadedFor: undefined, failed: false });
  },
}));

useSession.subscribe((s, prev) => {
  if (s.token !== prev.token) useMenu.getState().clear();
});

useLanguageStore.subscribe((s, prev) => {
  const token = useSession.getState().token;
  if (s.lang !== prev.lang && token && useMenu.getState().nodes) void useMenu.getState().load(token);
});
