import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Language } from '../../engine/index.ts';
import type { DesignerState, DesignerStore } from './designer-store.ts';
import type { TemplateApi } from './template-api.ts';

/** The designer's texts: keys under the portal's `designer.` resources, `{{name}}` placeholders. */
export type DesignerTranslate = (key: string, params?: Record<string, string | number>) => string;

/** A lifecycle state a field can be made editable in: its key and label in the interface language. */
export interface StateOption {
  value: string;
  label: string;
}

export interface DesignerEnv {
  t: DesignerTranslate;
  /** The interface language. */
  lang: Language;
  store: DesignerStore;
  api: TemplateApi;
  /** The states the template's records go through (a DFF template's: the test request's); undefined without a lifecycle. */
  lifecycleStates?: readonly StateOption[];
}

const Ctx = createContext<DesignerEnv | null>(null);

export function DesignerProvider({ value, children }: { value: DesignerEnv; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useDesigner(): DesignerEnv {
  const env = useContext(Ctx);
  if (!env) throw new Error('Designer components need a <DesignerProvider> above them');
  return env;
}

/** A slice of the designer's state (re-renders when it changes). */
export function useDesignerState<T>(pick: (s: DesignerState) => T): T {
  return useStore(useDesigner().store, pick);
}
