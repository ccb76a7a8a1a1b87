import { describe, expect, it } from 'vitest';
import { createStaticRegistry, EntityRegistry, UnknownEntityError, type EntityBundle } from '../../../engine/index.ts';
import { createBuiltRegistry } from '../../../engine/built-registry.ts';
import { machines } from '../../../workflows/index.ts';
import { CONTACT_BUNDLE } from '../../fixtures/contact-entity.ts';

const clone = (b: EntityBundle): EntityBundle => JSON.parse(JSON.stringify(b));

describe('entity registry', () => {
  it('registers the static declarations with their machines and compiled validators', () => {
    const registry = createStaticRegistry();
    const trf = registry.get('trf');
    expect(trf.machine?.id).toBe('trf');
    expect(trf.validate({ template: 'T', sampleReceivedDate: '2026-01-01' })).toBe(true);
    expect(trf.validate({})).toBe(false);
    expect(trf.validateDraft({})).toBe(true);
    expect(Object.keys(trf.validatePayload).sort()).toEqual(['CONFIRM_SAMPLE_RECEIVED', 'PEND', 'REJECT_QUOTATION', 'RETURN', 'SEND_QUOTATION', 'TRANSFER']);
  });

  it("the browser's registry holds the same declarations, unchecked (the build checked them), and compiles a schema on first use, with the same rules", () => {
    const checked = createStaticRegistry();
    const lazy = createBuiltRegistry();
    expect(lazy.list().map((e) => e.entity.name)).toEqual(checked.list().map((e) => e.entity.name));
    for (const e of checked.list()) {
      const built = lazy.get(e.entity.name);
      expect([built.entity, built.schema, built.views]).toEqual([e.entity, e.schema, e.views]);
    }
    // The draft-07 ajv (every static schema's draft) of the registry's ajv per draft.
    const ajv = (lazy as unknown as { ajvs: { for(schema: unknown): { getSchema(id: string): unknown } } }).ajvs.for({});
    const trf = lazy.get('trf');
    expect(ajv.getSchema(trf.schema.$id)).toBeUndefined();
    expect(trf.validate({ template: 'T', sampleReceivedDate: '2026-01-01' })).toBe(true);
    expect(ajv.getSchema(trf.schema.$id)).toBe(trf.validate);
    expect(trf.validate({})).toBe(false);
    expect(trf.validateDraft({})).toBe(true);
    expect(Object.keys(trf.validatePayload).sort()).toEqual(['CONFIRM_SAMPLE_RECEIVED', 'PEND', 'REJECT_QUOTATION', 'RETURN', 'SEND_QUOTATION', 'TRANSFER']);
    expect(trf.validatePayload).toBe(trf.validatePayload);
  });

  it('throws a typed error for an unknown entity instead of falling back', () => {
    expect(() => createStaticRegistry().get('nothing')).toThrow(UnknownEntityError);
    expect(() => createStaticRegistry().get('nothing')).toThrow("No entity 'nothing' is registered");
  });

  it('refuses declarations that disagree with each other, naming the place', () => {
    const cases: [string, (b: EntityBundle) => void, RegExp][] = [
      ['column', (b) => ((b.views.list.columns as any[])[0].field = 'ghost'), /visitContact\.views\.json at \/list\/columns\/0\/field: 'ghost' is not a field/],
      ['system field', (b) => ((b.views.list.filters as any[])[0].field = '$mood'), /visitContact\.views\.json at \/list\/filters\/0\/field: '\$mood' is not a field/],
      ['contains on a number', (b) => ((b.views.list.filters as any[])[1] = { field: 'priority', op: 'contains' }), /at \/list\/filters\/1\/op: 'contains' does not apply to the number field 'priority'/],
      ['form field', (b) => ((b.views.form.sections as any[])[0].fields = ['ghost']), /at \/form\/sections\/0\/fields\/0: 'ghost' is not a top-level field/],
      ['label', (b) => ((b.entity.label as any)['en-US'] = ''), /visitContact\.entity\.json at \/label: the label has no en-US text/],
      ['actions without lifecycle', (b) => (b.entity.actions = { GO: { label: { 'zh-CN': '去', 'en-US': 'Go' }, permission: 'x' } }), /at \/actions: actions need a lifecycle/],
      ['missing machine', (b) => (b.entity.lifecycle = { machine: 'ghost', regions: { $status: '.' } }), /at \/lifecycle\/machine: machine 'ghost' is not in workflows/],
    ];
    for (const [name, mutate, message] of cases) {
      const bundle = clone(CONTACT_BUNDLE);
      mutate(bundle);
      expect(() => new EntityRegistry(machines).register(bundle), name).toThrow(message);
    }
  });

  it('requires every machine event to be declared as an action, and every action to be an event', () => {
    const trf = createStaticRegistry().get('trf');
    const withoutSubmit = { entity: { ...trf.entity, actions: { ...trf.entity.actions } }, schema: trf.schema, views: trf.views };
    delete withoutSubmit.entity.actions!.SUBMIT;
    expect(() => new EntityRegistry(machines).register(withoutSubmit)).toThrow(/trf\.entity\.json at \/actions: machine 'trf' has the event 'SUBMIT', which has no action/);
    const extra = { entity: { ...trf.entity, actions: { ...trf.entity.actions, FLY: trf.entity.actions!.SUBMIT! } }, schema: trf.schema, views: trf.views };
    expect(() => new EntityRegistry(machines).register(extra)).toThrow(/trf\.entity\.json at \/actions\/FLY: 'FLY' is not an event of machine 'trf'/);
  });

  it('refuses registering one entity twice', () => {
    const registry = new EntityRegistry(machines);
    registry.register(clone(CONTACT_BUNDLE));
    expect(() => registry.register(clone(CONTACT_BUNDLE))).toThrow(/registered twice/);
  });
});
