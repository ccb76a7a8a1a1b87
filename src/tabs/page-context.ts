import { createContext, useContext } from 'react';

/**
 * The page a component belongs to: its own path and whether it is the page on screen. A page
 * kept alive (hidden) while another shows must not title the document or the other's tab.
 */
export interface PageContextValue {
  /** The page's own path (kept-alive pages); undefined: the address bar's. */
  path?: string;
  active: boolean;
}

export const PageContext = createContext<PageContextValue>({ active: true });

export const usePageContext = (): PageContextValue => useContext(PageContext);
