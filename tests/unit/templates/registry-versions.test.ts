import { describe, expect, it } from 'vitest';
import { createStaticRegistry, registrationFor, templateSchemaId, type TemplateBundle } from '../../../engine/index.ts';
import { validBundle } from './fixtures.ts';

const version = (n: number, change: (b: TemplateBundle) => void = () => undefined): TemplateBundle => {
  const b = validBundle();
  b.schema.$id = templateSchemaId('dffTextile', n);
  change(b);
  return b;
};

describe('a registry holding several versions of a dynamic entity', () => {
  it('serves the newest version and keeps the older ones for their records', () => {
    const registry = createStaticRegistry();
    const v1 = registry.registerVersion(version(1), 1);
    const v2 = registry.registerVersion(version(2, (b) => (b.schema.required = ['styleNo', 'fabric'])), 2);
    expect(registry.isDynamic('dffTextile')).toBe(true);
    expect(registry.isDynamic('trf')).toBe(false);
    expect(registry.get('dffTextile')).toBe(v2);
    expect(registrationFor(v2, 1)).toBe(v1);
    expect(registrationFor(v1, 2)).toBe(v2);
    expect(registrationFor(v2, undefined)).toBe(v2);
    expect(v1.validate({ styleNo: 'A' })).toBe(true);
    expect(v2.validate({ styleNo: 'A' })).toBe(false);
    expect(() => registrationFor(v2, 7)).toThrow("Entity 'dffTextile' has no registered version 7");
    expect(registry.list().filter((r) => r.name === 'dffTextile')).toEqual([v2]);
  });

  it('never replaces a version, never takes a static name, and adds a prepared version only once', () => {
    const registry = createStaticRegistry();
    registry.registerVersion(version(1), 1);
    expect(() => registry.registerVersion(version(1), 1)).toThrow("Version 1 of entity 'dffTextile' is registered twice");
    const trf = { ...version(1), entity: { ...version(1).entity, name: 'trf' } };
    expect(() => registry.registerVersion(trf, 1)).toThrow("Entity 'trf' is static; a template cannot take its name");
    const prepared = registry.prepareVersion(version(2), 2);
    expect(registry.get('dffTextile').templateVersion).toBe(1); // not yet added
    // a failed attempt leaves nothing behind: preparing the same version again compiles afresh
    const again = registry.prepareVersion(version(2), 2);
    registry.addVersion(again);
    expect(registry.get('dffTextile').templateVersion).toBe(2);
    expect(() => registry.addVersion(prepared)).toThrow('registered twice');
  });

  it('keeps the newest version current when older ones load later', () => {
    const registry = createStaticRegistry();
    registry.registerVersion(version(3), 3);
    registry.registerVersion(version(1), 1);
    expect(registry.get('dffTextile').templateVersion).toBe(3);
  });
});
