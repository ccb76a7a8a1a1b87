import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Language, PermissionMap } from '../../../engine/index.ts';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import type { DataProvider } from '../../../renderers/env/data-provider.ts';
import { createQueryClient } from '../../../renderers/env/query-client.ts';
import { RendererEnvProvider } from '../../../renderers/env/renderer-env.tsx';
import type { RendererTranslate } from '../../../renderers/env/texts.ts';
import zhCN from '../../../src/i18n/zh-CN.json';
import enUS from '../../../src/i18n/en-US.json';

const RESOURCES = { 'zh-CN': zhCN.renderer, 'en-US': enUS.renderer } as const;

/** The renderer texts from the portal's resources, as the portal provides them. */
export function translator(lang: Language): RendererTranslate {
  return (key, params = {}) => {
    const [group, name] = key.split('.') as [keyof typeof zhCN.renderer, string];
    const template = (RESOURCES[lang][group] as Record<string, string>)[name] ?? key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
  };
}

/** A data provider over fixed records (nothing is fetched while rendering to a string). */
export function memoryDataProvider(records: EntityRecord[]): DataProvider {
  const find = (id: string) => {
    const found = records.find((r) => r.id === id);
    if (!found) throw Object.assign(new Error('not found'), { code: 404 });
    return found;
  };
  return {
    list: async (p) => ({ items: records, total: records.length, page: p.page, pageSize: p.pageSize }),
    get: async ({ id }) => find(id),
    create: async ({ entity, doc }) => ({ ...find(records[0]?.id ?? ''), entity, doc }),
    update: async ({ id, doc }) => ({ ...find(id), doc }),
    remove: async () => undefined,
    transition: async ({ id }) => find(id),
    history: async () => [],
    copy: async ({ id }) => find(id),
    lookup: async () => [],
    upload: async ({ file }) => ({ fileId: 'f-1', fileName: file.name, contentType: file.type, size: file.size }),
    fileUrl: ({ fileId }) => `/files/${fileId}`,
  };
}

/** The providers a mounted renderer reads (antd's app, the query client, the renderer env over fixed records), in the language. */
export function EnvProviders({ lang, children, permissions = {}, records = [] }: { lang: Language; children: ReactNode; permissions?: PermissionMap; records?: EntityRecord[] }) {
  return (
    <ConfigProvider>
      <App>
        <QueryClientProvider client={createQueryClient()}>
          <RendererEnvProvider value={{ lang, t: translator(lang), data: memoryDataProvider(records), permissions, navigate: () => undefined }}>{children}</RendererEnvProvider>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}

export function renderWithEnv(node: ReactNode, lang: Language, permissions: PermissionMap, records: EntityRecord[] = []): string {
  return renderToString(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={createQueryClient()}>
          <RendererEnvProvider value={{ lang, t: translator(lang), data: memoryDataProvider(records), permissions, navigate: () => undefined }}>
            {node}
          </RendererEnvProvider>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

/** The visible text of rendered HTML (tags dropped, entities decoded), to look for labels in. */
export function visibleText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}
