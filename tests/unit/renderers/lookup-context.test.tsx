// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, lookupContextValues } from '../../../engine/index.ts';
import { DocumentContext, useDocumentStore, useLookupContextValues } from '../../../renderers/form/document-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CONTEXT = { buyer: 'buyer.companyId', productCategory: 'cclInfo.productCategory' };
const seen: Record<string, string>[] = [];

/** A field of the samples section: what its lookup is told of the whole document. */
function SampleMaterial() {
  seen.push(useLookupContextValues(CONTEXT));
  return null;
}

function Form({ base, parts, children }: { base?: Record<string, unknown>; parts: Record<string, Record<string, unknown>>; children: ReactNode }) {
  return <DocumentContext.Provider value={useDocumentStore(base, parts)}>{children}</DocumentContext.Provider>;
}

const roots: { unmount(): void }[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  seen.length = 0;
});

function mount(node: ReactNode) {
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  act(() => root.render(node));
  return (next: ReactNode) => act(() => root.render(next));
}

describe('a lookup told of its document (x-lookupContext)', () => {
  it('reads the values at their paths, leaving empty ones out', () => {
    expect(lookupContextValues(CONTEXT, { buyer: { companyId: 'c-buyer' }, cclInfo: { productCategory: '  Apparel ' } })).toEqual({ buyer: 'c-buyer', productCategory: 'Apparel' });
    expect(lookupContextValues(CONTEXT, { buyer: { companyId: '' }, cclInfo: 'x' })).toEqual({});
    expect(lookupContextValues(undefined, { buyer: { companyId: 'c' } })).toEqual({});
  });

  it('passes the declaration to the lookup widget of a TRF sample', () => {
    const trf = createStaticRegistry().get('trf');
    const samples = deriveFormSections(trf, 'en-US', new Set(Object.keys(trf.schema.properties ?? {})), { creating: true }).find((s) => s.fields.includes('samples'))!;
    const items = (samples.uiSchema.samples as { items: Record<string, { 'ui:options'?: Record<string, unknown> }> }).items;
    expect(items.materialId!['ui:options']).toEqual({ lookup: 'materials', lookupContext: CONTEXT });
  });

  it('renders the field again when a value it depends on changes in another section, not when anything else does', () => {
    const base = { buyer: { companyId: 'c-buyer' } };
    const rerender = mount(<Form base={base} parts={{ parties: { buyer: { companyId: 'c-buyer' } }, samples: { samples: [] } }}><SampleMaterial /></Form>);
    expect(seen.at(-1)).toEqual({ buyer: 'c-buyer' });
    const renders = seen.length;
    // Typing in the samples section itself re-renders the parent, but the values are unchanged: the same object.
    rerender(<Form base={base} parts={{ parties: { buyer: { companyId: 'c-buyer' } }, samples: { samples: [{ sampleNo: 'S-1' }] } }}><SampleMaterial /></Form>);
    expect(new Set(seen.slice(renders - 1))).toHaveProperty('size', 1);
    rerender(<Form base={base} parts={{ parties: { buyer: { companyId: 'c-other' } }, ccl: { cclInfo: { productCategory: 'Shoes' } } }}><SampleMaterial /></Form>);
    expect(seen.at(-1)).toEqual({ buyer: 'c-other', productCategory: 'Shoes' });
  });

  it('tells nothing outside a form page (the designer preview, a DFF section)', () => {
    mount(<SampleMaterial />);
    expect(seen.at(-1)).toEqual({});
  });
});
