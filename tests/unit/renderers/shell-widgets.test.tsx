// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, type EntitySchema, type Language, type TemplateBundle } from '../../../engine/index.ts';
import { holdsAnyRole } from '../../../engine/declaration/roles.ts';
import { DASHBOARD_TILES } from '../../../engine/generated/shell-entities.ts';
import { FormSection } from '../../../renderers/form/FormSection.tsx';
import { createQueryClient } from '../../../renderers/env/query-client.ts';
import { RendererEnvProvider } from '../../../renderers/env/renderer-env.tsx';
import { memoryDataProvider, translator } from './render-env.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const both = (text: string) => ({ 'zh-CN': text, 'en-US': text });
const SCHEMA = {
  type: 'object',
  properties: {
    kind: { type: 'string', title: 'Kind', enum: ['report', 'manual'], 'x-enumLabels': { report: { 'zh-CN': '报告', 'en-US': 'Report' }, manual: { 'zh-CN': '手册', 'en-US': 'Manual' } } },
  },
};

function sectionOf(lang: Language) {
  const fields = Object.keys(SCHEMA.properties);
  const bundle: TemplateBundle = {
    entity: { name: 'doc', label: both('doc'), titleField: '$id', permissions: { list: 'form:list', read: 'form:read', create: 'form:create', update: 'form:update', delete: 'form:delete' }, routes: { list: '/form/doc/list', detail: '/form/doc/detail', form: '/form/doc/form' } },
    schema: { $id: 'https://portico.local/schemas/doc', ...SCHEMA } as unknown as EntitySchema,
    views: { list: { columns: [{ field: '$createdAt' }], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } }, detail: { sections: [{ id: 'main', label: both('main'), fields }] }, form: { sections: [{ id: 'main', label: both('main'), fields }] } },
    uiSchema: {},
  };
  return deriveFormSections(createStaticRegistry([]).registerVersion(bundle, 1), lang, new Set(fields))[0]!;
}

const roots: { unmount(): void }[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
});

async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

describe('issue 53: shell seams', () => {
  it.each<Language>(['zh-CN', 'en-US'])('an enum select offers its values only, never its placeholder (%s)', async (lang) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    roots.push(root);
    act(() =>
      root.render(
        <ConfigProvider>
          <App>
            <QueryClientProvider client={createQueryClient()}>
              <RendererEnvProvider value={{ lang, t: translator(lang), data: memoryDataProvider([]), permissions: {}, navigate: () => undefined }}>
                <FormSection section={sectionOf(lang)} formData={{}} onChange={() => undefined} />
              </RendererEnvProvider>
            </QueryClientProvider>
          </App>
        </ConfigProvider>,
      ),
    );
    await until(() => host.querySelector('#root_kind') !== null);
    const input = host.querySelector<HTMLInputElement>('#root_kind')!;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      input.dispatchEvent(new FocusEvent('focus'));
    });
    await until(() => document.querySelectorAll('.ant-select-item-option').length > 0);
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(lang === 'zh-CN' ? ['报告', '手册'] : ['Report', 'Manual']);
    expect(host.textContent).toContain(translator(lang)('lookup.placeholder'));
  });

  it('the onboarding tasks are for the customer roles the guide tile names, not for staff', () => {
    const guide = DASHBOARD_TILES.find((tile) => tile.kind === 'guide')!;
    expect(holdsAnyRole(guide.roles, { dimensions: { SGSUserRole: 'SgsAdmin' }, isAdmin: false })).toBe(false);
    for (const role of ['Buyer', 'Applicant', 'Supplier']) expect(holdsAnyRole(guide.roles, { dimensions: { UserRole: role }, isAdmin: false }), role).toBe(true);
    const states = DASHBOARD_TILES.find((tile) => tile.kind === 'states')!;
    expect(holdsAnyRole(states.roles, { dimensions: { SGSUserRole: 'SgsAdmin' }, isAdmin: false })).toBe(true);
  });
});
