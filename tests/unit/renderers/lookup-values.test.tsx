// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticRegistry, LOOKUP_CAP, type FieldSchema } from '../../../engine/index.ts';
import type { LookupRequest } from '../../../renderers/env/data-provider.ts';
import { createQueryClient } from '../../../renderers/env/query-client.ts';
import { RendererEnvProvider } from '../../../renderers/env/renderer-env.tsx';
import { FieldValue } from '../../../renderers/format/FieldValue.tsx';
import { memoryDataProvider, translator } from './render-env.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** 260 companies: the source's first answer holds the first LOOKUP_CAP only (server/lookups). */
const COMPANIES = Array.from({ length: 260 }, (_, i) => ({ value: `c-${String(i).padStart(3, '0')}`, label: `Company ${String(i).padStart(3, '0')}` }));

const roots: { unmount(): void }[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
});

describe('a saved lookup value past the first answer (a detail page, a list)', () => {
  it("shows each value's label, asking the source for a page's values in one request", async () => {
    const asked: LookupRequest[] = [];
    const data = {
      ...memoryDataProvider([]),
      lookup: async (p: LookupRequest) => {
        asked.push(p);
        return p.values ? COMPANIES.filter((o) => p.values!.includes(o.value)) : COMPANIES.slice(0, LOOKUP_CAP);
      },
    };
    const reg = createStaticRegistry().get('documentShare');
    const one: FieldSchema = { type: 'string', 'x-lookup': 'companies' };
    const many: FieldSchema = { type: 'array', items: { type: 'string', 'x-lookup': 'companies' } };
    const host = document.createElement('div');
    const root = createRoot(host);
    roots.push(root);
    await act(async () => {
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <RendererEnvProvider value={{ lang: 'en-US', t: translator('en-US'), data, permissions: {}, navigate: () => undefined }}>
            {/* Three rows of a list: one value within the first answer, three past it (one twice). */}
            <FieldValue reg={reg} field="companyId" kind="text" node={one} value="c-001" />
            <FieldValue reg={reg} field="companyId" kind="text" node={one} value="c-250" />
            <FieldValue reg={reg} field="companyIds" kind="array" node={many} value={['c-201', 'c-250', 'c-259']} />
          </RendererEnvProvider>
        </QueryClientProvider>,
      );
    });
    await act(async () => {
      for (let i = 0; i < 50 && !host.textContent?.includes('Company 259'); i++) await new Promise((r) => setTimeout(r, 10));
    });
    const text = host.textContent ?? '';
    for (const label of ['Company 001', 'Company 250', 'Company 201', 'Company 259']) expect(text).toContain(label);
    expect(text).not.toContain('c-250');
    // The first answer once, then the values it lacks together: not one request per row.
    expect(asked.filter((p) => !p.values)).toHaveLength(1);
    const byValue = asked.filter((p) => p.values);
    expect(byValue).toHaveLength(1);
    expect([...byValue[0]!.values!].sort()).toEqual(['c-201', 'c-250', 'c-259']);
  });
});
