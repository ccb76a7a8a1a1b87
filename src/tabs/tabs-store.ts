import { create } from 'zustand';
import type { Language } from '../../engine/declaration/types.ts';
import { readSetting, SETTING, writeSetting } from '../settings/ui-settings.ts';
import { useSession } from '../auth/session-store.ts';

/** One open tab (SPEC §3): label, path, params, query, meta, group, closable. */
export interface OpenTab {
  /** The page title shown on the tab (the route label or the page's own title). */
  label: string;
  /** A title the page gave itself, in each language it could name itself in: the tab follows a language switch without the page on screen. */
  labels?: Partial<Record<Language, string>>;
  path: string;
  params: Record<string, string | undefined>;
  query: string;
  meta: { labelKey?: string; keepAlive?: boolean };
  /** The first path segment: tabs of one module sit together. */
  group: string;
  closable: boolean;
}

export const DASHBOARD_PATH = '/wel/index';

/** The first tab: the dashboard. */
const DASHBOARD_TAB: OpenTab = { label: '', path: DASHBOARD_PATH, params: {}, query: '', meta: { labelKey: 'route.dashboard', keepAlive: true }, group: 'wel', closable: false };

/** The dashboard tab cannot be closed while it is the only one; every other tab can. */
const withClosable = (tabs: OpenTab[]) => tabs.map((tab) => ({ ...tab, closable: !(tab.path === DASHBOARD_PATH && tabs.length === 1) }));

interface TabsState {
  tabs: OpenTab[];
  /** Opens (or refreshes the query of) the tab of a page, kept in the local settings; the dashboard tab comes first. */
  open(tab: Omit<OpenTab, 'closable'>): void;
  /** The page's title, once it knows it (and in the languages it can name itself in). */
  retitle(path: string, label: string, labels?: Partial<Record<Language, string>>): void;
  /** A page that titles itself (a generated entity page) opens its tab with its title. */
  openTitled(path: string, query: string, label: string, labels?: Partial<Record<Language, string>>): void;
  /** Closes a tab; returns the tab to show instead when it was the active one. */
  close(path: string): OpenTab | undefined;
  reset(): void;
}

function save(tabs: OpenTab[]): OpenTab[] {
  writeSetting(SETTING.tabs, tabs);
  return tabs;
}

export const useTabs = create<TabsState>((set, get) => ({
  tabs: withClosable(readSetting<OpenTab[]>(SETTING.tabs) ?? []),
  open(tab) {
    const tabs = get().tabs;
    const existing = tabs.find((t) => t.path === tab.path);
    const start = tabs.length || tab.path === DASHBOARD_PATH ? tabs : [DASHBOARD_TAB];
    const named = (t: OpenTab) => (t.label ? { label: t.label, labels: t.labels } : { label: tab.label, labels: tab.labels });
    const next = existing ? tabs.map((t) => (t.path === tab.path ? { ...t, query: tab.query, params: tab.params, ...named(t) } : t)) : [...start, { ...tab, closable: true }];
    set({ tabs: save(withClosable(next)) });
  },
  retitle(path, label, labels) {
    const tabs = get().tabs;
    const same = (t: OpenTab) => t.label === label && JSON.stringify(t.labels) === JSON.stringify(labels);
    if (!tabs.some((t) => t.path === path && !same(t))) return;
    set({ tabs: save(tabs.map((t) => (t.path === path ? { ...t, label, labels } : t))) });
  },
  openTitled(path, query, label, labels) {
    get().open({ label, labels, path, params: {}, query, meta: {}, group: path.split('/')[1] ?? '' });
  },
  close(path) {
    const tabs = get().tabs;
    const index = tabs.findIndex((t) => t.path === path);
    if (index < 0 || !tabs[index]!.closable) return undefined;
    const next = withClosable(tabs.filter((t) => t.path !== path));
    set({ tabs: save(next) });
    return next[Math.min(index, next.length - 1)];
  },
  reset() {
    set({ tabs: [] });
  },
}));

// Tabs end with the session (their stored list is cleared by the session store).
useSession.subscribe((s) => {
  if (!s.token && useTabs.getState().tabs.length) useTabs.getState().reset();
});
