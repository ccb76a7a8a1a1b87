import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { LANGUAGES, type Language } from '../../engine/declaration/types.ts';
import { i18n } from '../i18n/i18n.ts';
import { useTabs } from '../tabs/tabs-store.ts';
import { usePageContext } from '../tabs/page-context.ts';
import { useLanguage } from '../i18n/language-store.ts';

/** The labels pages give themselves (a record's number, a report's name), by path and language: a label of another language is never shown. */
export const usePageLabels = create<{ labels: Readonly<Record<string, Partial<Record<Language, string>>>> }>(() => ({ labels: {} }));

/**
 * A page's own label (a record's number, a report's name, a new record's form): the document
 * title of its path where the menu does not name it, and the label of its tab. `enabled: false`
 * leaves it to another page; a page kept alive but hidden leaves it to the page on screen.
 * `opensTab`: the page titles itself, and its tab opens with the title. `labels`: the title in
 * each language the page can name itself in, so that its tab follows a language switch while
 * the page is not on screen.
 */
export function usePageTitle(label: string | undefined, enabled = true, opensTab = false, labels?: Partial<Record<Language, string>>): void {
  const { t } = useTranslation();
  const lang = useLanguage();
  const product = t('app.title');
  const context = usePageContext();
  // One page element may show several paths (the generated pages' catch-all route): each is titled.
  const { pathname } = useLocation();
  const path = context.path ?? pathname;
  useLayoutEffect(() => {
    if (!enabled || !context.active) return;
    const next = { ...labels, [lang]: label ?? '' };
    usePageLabels.setState((s) => (JSON.stringify(s.labels[path]) === JSON.stringify(next) ? s : { labels: { ...s.labels, [path]: next } }));
    // `labels` is read with `label`: a page changes both together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, lang, enabled, context.active, path]);
  useEffect(() => {
    if (!enabled || !context.active || !label || label === product) return;
    if (opensTab) useTabs.getState().openTitled(pathname, window.location.search, label, labels);
    useTabs.getState().retitle(pathname, label, labels);
    // `labels` is read with `label`: a page changes both together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, product, enabled, context.active, opensTab, pathname]);
}

/** A page's title made in each language (`usePageTitle`'s `labels`); a language it cannot be made in is left out. */
export function inEachLanguage(make: (lang: Language) => string | undefined): Partial<Record<Language, string>> {
  return Object.fromEntries(LANGUAGES.flatMap((lang) => {
    const label = make(lang);
    return label ? [[lang, label]] : [];
  }));
}

/** A text of the resources in a language, if that language's texts have loaded (language-pack.ts). */
export function loadedText(lang: Language, key: string, params: Record<string, string> = {}): string | undefined {
  const template: unknown = i18n.getResource(lang, 'translation', key);
  return typeof template === 'string' ? template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => params[p] ?? '') : undefined;
}
