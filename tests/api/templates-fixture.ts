import type { TemplateBundle } from '../../engine/index.ts';
import type { ApiHarness } from '../support/api-harness.ts';

const label = (zh: string, en: string) => ({ 'x-label': { 'zh-CN': zh, 'en-US': en } });
const section = { 'zh-CN': '样品', 'en-US': 'Sample' };

/** A small sample form: version 1 of the template the API tests design, publish and migrate. */
export function sampleFormV1(): TemplateBundle {
  return {
    entity: {
      name: 'ignored-the-server-names-it',
      label: { 'zh-CN': '样品登记表', 'en-US': 'Sample register' },
      titleField: 'title',
      permissions: { list: 'form:list', read: 'form:read', create: 'form:create', update: 'form:update', delete: 'form:delete' },
      routes: { list: '/form/sampleForm/list', detail: '/form/sampleForm/detail', form: '/form/sampleForm/form' },
    },
    schema: {
      $id: 'ignored',
      type: 'object',
      required: ['title'],
      properties: {
        title: { type: 'string', maxLength: 100, ...label('名称', 'Title') },
        color: { type: 'string', maxLength: 30, ...label('颜色', 'Color') },
        qty: { type: 'string', ...label('数量', 'Quantity') },
        legacy: { type: 'string', ...label('旧编号', 'Legacy no.') },
      },
    },
    views: {
      list: {
        columns: [{ field: 'title', link: true, sortable: true }, { field: 'color' }, { field: '$createdAt', sortable: true }],
        filters: [{ field: 'title', op: 'contains' }, { field: 'color', op: 'eq' }],
        defaultSort: { field: '$createdAt', order: 'asc' },
      },
      detail: { sections: [{ id: 'main', label: section, fields: ['title', 'color', 'qty', 'legacy'] }] },
      form: { sections: [{ id: 'main', label: section, fields: ['title', 'color', 'qty', 'legacy'] }] },
    },
    uiSchema: { legacy: { 'ui:widget': 'textarea' } },
  };
}

/** Version 2: `color` renamed `colour` (declared), `legacy` removed, `qty` now an integer. */
export function sampleFormV2(): TemplateBundle {
  const b = sampleFormV1();
  const { color, legacy: _legacy, ...rest } = b.schema.properties;
  b.schema.properties = { ...rest, colour: { ...color!, ...label('颜色', 'Colour') }, qty: { type: 'integer', minimum: 0, ...label('数量', 'Quantity') } };
  b.views = JSON.parse(JSON.stringify(b.views).replaceAll('"color"', '"colour"').replace(',"legacy"', '').replace(',"legacy"', ''));
  return b;
}

export const V2_RENAMES = { color: 'colour' };

/** Creates the sample form as the given designer and publishes version 1. */
export async function publishSampleForm(h: ApiHarness, token: string, code = 'sampleForm'): Promise<void> {
  const created = await h.call({ method: 'POST', url: '/api/templates', token, payload: { code, bundle: sampleFormV1() } });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const published = await h.call({ method: 'POST', url: `/api/templates/${code}/versions/1/publish`, token });
  if (published.status !== 200) throw new Error(`publish failed: ${JSON.stringify(published.body)}`);
}
