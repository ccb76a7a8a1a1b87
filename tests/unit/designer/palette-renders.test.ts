import { describe, expect, it } from 'vitest';
import { EntityRegistry, deriveFormSections, TEMPLATE_RECORD_PERMISSIONS, type TemplateBundle } from '../../../engine/index.ts';
import { machines } from '../../../workflows/index.ts';
import { createDesignerStore } from '../../../renderers/designer/designer-store.ts';
import { FIELD_TYPES } from '../../../renderers/designer/field-types.ts';
import { assertKnownWidgets } from '../../../renderers/form/widgets/index.ts';

/** A template using every palette type renders with the portal's widgets: no widget name is left unregistered. */
describe('every palette type has a widget in the published form', () => {
  it('derives form sections whose widgets all resolve', () => {
    const L = { 'zh-CN': '字段', 'en-US': 'Field' };
    const bundle: TemplateBundle = {
      entity: { name: 'everyType', label: { 'zh-CN': '全部类型', 'en-US': 'Every type' }, titleField: '$id', permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, routes: { list: '/form/everyType/list', detail: '/form/everyType/detail', form: '/form/everyType/form' } },
      schema: { $id: 'https://portico.dev/templates/everyType/v1.json', type: 'object', properties: {} },
      views: { list: { columns: [], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } }, detail: { sections: [] }, form: { sections: [] } },
    };
    const store = createDesignerStore({ bundle, renames: {} });
    for (const type of FIELD_TYPES) store.getState().add(type, [], L);
    store.getState().add('text', ['table1'], L);
    const reg = new EntityRegistry(machines).registerVersion(store.getState().doc.bundle, 1);
    const sections = deriveFormSections(reg, 'zh-CN', new Set(Object.keys(reg.schema.properties)));
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) expect(() => assertKnownWidgets(s.schema as never, s.uiSchema)).not.toThrow();
  });
});
