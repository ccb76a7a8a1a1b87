// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, type EntitySchema, type Language, type TemplateBundle } from '../../../engine/index.ts';
import { FormSection } from '../../../renderers/form/FormSection.tsx';
import { EnvProviders, translator } from './render-env.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const both = (text: string) => ({ 'zh-CN': text, 'en-US': text });
const label = (zh: string, en: string) => ({ 'x-label': { 'zh-CN': zh, 'en-US': en } });
const SCHEMA = {
  type: 'object',
  properties: {
    kind: { type: 'string', ...label('类型', 'Kind'), enum: ['report', 'manual'], 'x-enumLabels': { report: { 'zh-CN': '报告', 'en-US': 'Report' }, manual: { 'zh-CN': '手册', 'en-US': 'Manual' } } },
    when: {
      ...label('时间', 'When'),
      oneOf: [
        { type: 'string', format: 'date', ...label('日期', 'A date') },
        { type: 'string', maxLength: 20, ...label('说明', 'A note') },
      ],
    },
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

function mount(lang: Language): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  act(() =>
    root.render(
      <EnvProviders lang={lang}>
        <FormSection section={sectionOf(lang)} formData={{}} onChange={() => undefined} />
      </EnvProviders>,
    ),
  );
  return host;
}

/** Opens the select whose input has this id and answers the texts of its list's options. */
async function optionsOf(id: string): Promise<string[]> {
  const input = document.querySelector<HTMLInputElement>(`#${id}`)!;
  await act(async () => {
    input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focus'));
  });
  const list = () => [...document.querySelectorAll(`.ant-select-dropdown:has([id="${id}_list"]) .ant-select-item-option`)];
  await until(() => list().length > 0);
  return list().map((o) => o.textContent ?? '');
}

describe('issue 53: a document enum select', () => {
  it.each<Language>(['zh-CN', 'en-US'])('offers its values only: the placeholder is the empty select’s hint, never an option (%s)', async (lang) => {
    const host = mount(lang);
    await until(() => host.querySelector('#root_kind') !== null);
    // The hint of the empty select: "请选择" / "Select".
    expect(host.querySelector('#root_kind')!.closest('.ant-select')!.textContent).toContain(translator(lang)('lookup.placeholder'));
    expect(await optionsOf('root_kind')).toEqual(lang === 'zh-CN' ? ['报告', '手册'] : ['Report', 'Manual']);
  });

  it.each<Language>(['zh-CN', 'en-US'])('leaves the oneOf selector the antd theme’s: its options, the first chosen (%s)', async (lang) => {
    const host = mount(lang);
    await until(() => host.querySelector('#root_when__oneof_select') !== null);
    expect(host.querySelector('#root_when__oneof_select')!.closest('.ant-select')!.textContent).toContain(lang === 'zh-CN' ? '日期' : 'A date');
    expect(await optionsOf('root_when__oneof_select')).toEqual(lang === 'zh-CN' ? ['日期', '说明'] : ['A date', 'A note']);
  });
});
