// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, type EntitySchema, type Language, type TemplateBundle } from '../../../engine/index.ts';
import { FormSection } from '../../../renderers/form/FormSection.tsx';
import { EnvProviders } from './render-env.tsx';
import { RECURSIVE_SCHEMAS } from '../../fixtures/hostile-schemas.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const both = (text: string) => ({ 'zh-CN': text, 'en-US': text });

function sectionOf(schema: Record<string, unknown>, lang: Language) {
  const fields = Object.keys(schema.properties as object);
  const bundle: TemplateBundle = {
    entity: { name: 'tree', label: both('tree'), titleField: '$id', permissions: { list: 'form:list', read: 'form:read', create: 'form:create', update: 'form:update', delete: 'form:delete' }, routes: { list: '/form/tree/list', detail: '/form/tree/detail', form: '/form/tree/form' } },
    schema: { $id: 'https://portico.local/schemas/tree', ...schema } as unknown as EntitySchema,
    views: { list: { columns: [{ field: '$createdAt' }], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } }, detail: { sections: [{ id: 'main', label: both('main'), fields }] }, form: { sections: [{ id: 'main', label: both('main'), fields }] } },
    uiSchema: {},
  };
  const reg = createStaticRegistry([]).registerVersion(bundle, 1);
  return deriveFormSections(reg, lang, new Set(fields))[0]!;
}

const roots: { unmount(): void }[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
});

function mount(schema: Record<string, unknown>, lang: Language, formData: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const changes: Record<string, unknown>[] = [];
  act(() =>
    root.render(
      <EnvProviders lang={lang}>
          <FormSection section={sectionOf(schema, lang)} formData={formData} onChange={(_, data) => changes.push(data)} />
        </EnvProviders>,
    ),
  );
  return { host, changes };
}

/** The form draws large objects a few fields per frame (renderers/form/speed/): waits, in act, until `ready` holds. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

const openButtons = (host: HTMLElement) => [...host.querySelectorAll<HTMLButtonElement>('[data-testid="open-recursive"]')];

/** Issue 52: a recursive template's form renders one level and opens the next on demand (RJSF alone would render without end). */
describe('a recursive field in the generated form', () => {
  it('shows each recursive child as a button, in the language, and opens one level per click', async () => {
    const { host, changes } = mount(RECURSIVE_SCHEMAS[0]!.schema, 'en-US');
    await until(() => openButtons(host).length > 0);
    // The root's recursive fields show one level; each of their own recursive children is a button.
    const before = openButtons(host);
    expect(before.length).toBe(9);
    expect(before.every((b) => /^Add [ABC]$/.test(b.textContent ?? ''))).toBe(true);
    act(() => before[0]!.click());
    expect(changes.at(-1)).toMatchObject({ a: { a: {} } });
    // The opened level shows its own fields and, again, one button per recursive child.
    await until(() => openButtons(host).length > before.length);
    expect(openButtons(host).length).toBeGreaterThan(before.length);
  });

  it('shows a stored tree to its depth, the rest closed', async () => {
    const { host } = mount(RECURSIVE_SCHEMAS[0]!.schema, 'zh-CN', { name: 'root', a: { name: 'a', b: { name: 'ab' } } });
    const inputs = () => [...host.querySelectorAll<HTMLInputElement>('input')].map((i) => i.value);
    await until(() => inputs().includes('ab'));
    expect(inputs()).toEqual(expect.arrayContaining(['root', 'a', 'ab']));
    expect(openButtons(host)[0]!.textContent).toMatch(/^添加/);
  });

  it.each(RECURSIVE_SCHEMAS.slice(1).map((h) => [h.name, h] as const))('renders %s, its recursion closed', async (_, h) => {
    const { host } = mount(h.schema, 'en-US');
    await until(() => host.querySelectorAll('input').length > 0);
    expect(host.querySelectorAll('input').length).toBeGreaterThan(0);
  });
});
