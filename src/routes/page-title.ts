import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { useTabs } from '../tabs/tabs-store.ts';
import { usePageContext } from '../tabs/page-context.ts';

/** The labels pages give themselves (a record's number, a report's name), by path. */
export const usePageLabels = create<{ labels: Readonly<Record<string, string>> }>(() => ({ labels: {} }));

/**
 * A page's own label (a record's number, a report's name, a new record's form): the document
 * title of its path where the menu does not name it, and the label of its tab. `enabled: false`
 * leaves it to another page; a page kept alive but hidden leaves it to the page on screen.
 * `opensTab`: the page titles itself, and its tab opens with the title.
 */
export function usePageTitle(label: string | undefined, enabled = true, opensTab = false): void {
  const { t } = useTranslation();
  const product = t('app.title');
  const context = usePageContext();
  // One page element may show several paths (the generated pages' catch-all route): each is titled.
  const { pathname } = useLocation();
  const path = context.path ?? pathname;
  useLayoutEffect(() => {
    if (!enabled || !context.active) return;
    usePageLabels.setState((s) => (s.labels[path] === (label ?? '') ? s : { labels: { ...s.labels, [path]: label ?? '' } }));
  }, [label, enabled, context.active, path]);
  useEffect(() => {
    if (!enabled || !context.active || !label || label === product) return;
    if (opensTab) useTabs.getState().openTitled(pathname, window.location.search, label);
    useTabs.getState().retitle(pathname, label);
  }, [label, product, enabled, context.active, opensTab, pathname]);
}
