import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Language, PermissionMap } from '../../engine/index.ts';
import type { DataProvider } from '../../renderers/env/data-provider.ts';
import { createQueryClient } from '../../renderers/env/query-client.ts';
import { RendererEnvProvider } from '../../renderers/env/renderer-env.tsx';
import type { RendererTranslate } from '../../renderers/env/texts.ts';
import zhCN from '../i18n/zh-CN.json';
import enUS from '../i18n/en-US.json';

const RESOURCES = { 'zh-CN': zhCN.renderer, 'en-US': enUS.renderer } as const;

/** The renderer texts of the portal's own resources, as the portal hands them to the renderers. */
function translator(lang: Language): RendererTranslate {
  return (key, params = {}) => {
    const [group, name] = key.split('.') as [keyof typeof zhCN.renderer, string];
    const template = (RESOURCES[lang][group] as Record<string, string>)[name] ?? key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
  };
}

/** The renderer environment of a story: the portal's texts, an in-memory data provider and its own query cache, navigation logged. */
export function StoryEnv({ lang, data, permissions, onNavigate, children }: {
  lang: Language;
  data: DataProvider;
  permissions: PermissionMap;
  onNavigate(to: string): void;
  children: ReactNode;
}) {
  const [queries] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queries}>
      <RendererEnvProvider value={{ lang, t: translator(lang), data, permissions, navigate: onNavigate }}>{children}</RendererEnvProvider>
    </QueryClientProvider>
  );
}
