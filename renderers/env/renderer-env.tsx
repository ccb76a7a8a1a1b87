import { createContext, useContext, type ReactNode } from 'react';
import type { Language, PermissionMap } from '../../engine/index.ts';
import type { DataProvider } from './data-provider.ts';
import type { RendererTranslate } from './texts.ts';

/**
 * What a renderer needs from the app around it: the language, its texts, the data provider,
 * the user's permissions and a way to navigate. The portal provides it once, above its routes.
 */
export interface RendererEnv {
  lang: Language;
  t: RendererTranslate;
  data: DataProvider;
  permissions: PermissionMap;
  /** The user's company: which side of a record the user is on (an action's `by`). */
  companyId?: string;
  /** Client-side navigation to an app path (with its query string). */
  navigate(to: string): void;
}

const RendererEnvContext = createContext<RendererEnv | null>(null);

export function RendererEnvProvider({ value, children }: { value: RendererEnv; children: ReactNode }) {
  return <RendererEnvContext.Provider value={value}>{children}</RendererEnvContext.Provider>;
}

export function useRendererEnv(): RendererEnv {
  const env = useContext(RendererEnvContext);
  if (!env) throw new Error('Renderers need a <RendererEnvProvider> above them (language, texts, data provider, navigation)');
  return env;
}
