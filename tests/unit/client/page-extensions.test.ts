// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createStaticRegistry } from '../../../engine/index.ts';
import { DETAIL_EXTENSIONS, SELECTION_EXTENSIONS, detailExtensionsOf } from '../../../src/pages/extensions/page-extensions.tsx';

/** The page extensions the views name (docs/declarations.md §2) exist in the client's registry; the generic pages name no entity. */
describe('page extensions', () => {
  const registry = createStaticRegistry();

  it('every name a view declares is registered, and the payment screens are declared, not hard-wired', () => {
    for (const reg of registry.list()) {
      for (const name of reg.views.detail.extensions ?? []) expect(DETAIL_EXTENSIONS, `${reg.name} detail`).toHaveProperty(name);
      for (const name of reg.views.list.selectionExtensions ?? []) expect(SELECTION_EXTENSIONS, `${reg.name} list`).toHaveProperty(name);
    }
    expect(registry.get('invoice').views.detail.extensions).toEqual(['invoicePay']);
    expect(registry.get('invoice').views.list.selectionExtensions).toEqual(['payInvoices']);
    expect(registry.get('paymentOrder').views.detail.extensions).toEqual(['paymentOrder']);
  });

  it('fails loudly, naming the entity, on a name nobody registered', () => {
    const invoice = registry.get('invoice');
    const broken = { ...invoice, views: { ...invoice.views, detail: { ...invoice.views.detail, extensions: ['nowhere'] } } };
    expect(() => detailExtensionsOf(broken)).toThrow(/invoice: no page extension 'nowhere'/);
  });
}, 60_000);
