import { describe, expect, it, vi } from 'vitest';
import { createStaticRegistry, registrationFor } from '../../../engine/index.ts';
import { normalizeBundle } from '../../../server/templates/template-bundle.ts';
import { sampleFormV1, sampleFormV2 } from '../../api/templates-fixture.ts';

/**
 * The client's registry of published templates (docs/templates.md, "The client's registry"):
 * every version served is registered once, the newest is current, older ones stay for their
 * records, and what this browser cannot register is left out without breaking the rest.
 */
const memoryStorage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};
vi.stubGlobal('window', { location: { origin: 'http://portal.test', protocol: 'http:', href: 'http://portal.test/form/sampleForm/list' } });
vi.stubGlobal('document', { cookie: '' });
vi.stubGlobal('sessionStorage', memoryStorage());
vi.stubGlobal('localStorage', memoryStorage());

const { addPublishedTemplates, hasVersion } = await import('../../../src/registry/published-templates.ts');

const served = (code: string, version: number, bundle: unknown) => ({ code, version, bundle: normalizeBundle(code, version, bundle) });
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('client registry of published templates', () => {
  it('registers each served version once, the newest current, older ones for their records', async () => {
    const registry = createStaticRegistry();
    vi.stubGlobal('fetch', answer(200, { code: 200, data: [served('sampleForm', 1, sampleFormV1())] }));
    expect(await addPublishedTemplates(registry)).toBe(1);
    expect(registry.get('sampleForm').entity.routes.list).toBe('/form/sampleForm/list');

    // Published meanwhile: the next fetch adds only version 2, which becomes current.
    vi.stubGlobal('fetch', answer(200, { code: 200, data: [served('sampleForm', 1, sampleFormV1()), served('sampleForm', 2, sampleFormV2())] }));
    expect(await addPublishedTemplates(registry)).toBe(1);
    expect(await addPublishedTemplates(registry)).toBe(0);
    const current = registry.get('sampleForm');
    expect(current.templateVersion).toBe(2);
    expect(hasVersion(registry, 'sampleForm', 1)).toBe(true);
    expect(Object.keys(registrationFor(current, 1).schema.properties)).toContain('legacy');
    expect(Object.keys(current.schema.properties)).toContain('colour');
  });

  it('leaves out what it cannot register and adds nothing when the request fails', async () => {
    const registry = createStaticRegistry();
    vi.stubGlobal('fetch', answer(200, { code: 200, data: [served('trf', 1, sampleFormV1()), served('sampleForm', 1, sampleFormV1())] }));
    expect(await addPublishedTemplates(registry)).toBe(1);
    expect(registry.isDynamic('trf')).toBe(false);
    vi.stubGlobal('fetch', answer(500, { code: 500, message: 'down' }));
    expect(await addPublishedTemplates(registry)).toBe(0);
    expect(hasVersion(registry, 'sampleForm', 1)).toBe(true);
  });
});
