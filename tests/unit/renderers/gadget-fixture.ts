import { setup } from 'xstate';
import { EntityRegistry, type EntityBundle, type RegisteredEntity } from '../../../engine/index.ts';
import type { EntityRecord } from '../../../engine/api-contract.ts';

/**
 * A second entity, declared the way the TRF is (schema, views, entity declaration, a tiny
 * machine) but sharing nothing with it: the renderers must give it the same pages.
 */
const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const gadgetMachine = setup({ types: { events: {} as { type: 'RETIRE' } | { type: 'REVIVE'; note: string } } }).createMachine({
  id: 'gadget',
  initial: 'active',
  meta: { label: L('使用状态', 'Service state') },
  states: {
    active: { meta: { label: L('在用', 'In service'), editable: '*', draft: true }, on: { RETIRE: 'retired' } },
    retired: { meta: { label: L('已停用', 'Retired'), editable: ['notes'] }, on: { REVIVE: 'active' } },
  },
});

export const gadgetBundle: EntityBundle = {
  entity: {
    name: 'gadget',
    label: L('小工具', 'Gadget'),
    titleField: 'code',
    permissions: { list: 'gadget:list', read: 'gadget:read', create: 'gadget:create', update: 'gadget:update' },
    lifecycle: { machine: 'gadget', regions: { $state: '.' } },
    actions: {
      RETIRE: { label: L('停用', 'Retire'), permission: 'gadget:retire', confirm: L('确定停用？', 'Retire it?'), variant: 'danger' },
      REVIVE: {
        label: L('重新启用', 'Bring back'),
        permission: 'gadget:retire',
        payloadSchema: { type: 'object', required: ['note'], properties: { note: { type: 'string', minLength: 1, 'x-label': L('说明', 'Note') } } },
      },
    },
    access: { visibility: 'parties' },
    routes: { list: '/gadgets', detail: '/gadgets/one', form: '/gadgets/edit' },
  },
  schema: {
    $id: 'https://portico.dev/test/gadget.json',
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: {
      code: { type: 'string', title: 'Code', 'x-label': L('编码', 'Gadget code'), maxLength: 20 },
      colour: {
        type: 'string',
        'x-label': L('颜色', 'Paint colour'),
        enum: ['red', 'teal'],
        'x-enumLabels': { red: L('红色', 'Signal red'), teal: L('青色', 'Deep teal') },
      },
      weight: { type: 'number', 'x-label': L('重量', 'Weight in grams'), minimum: 0 },
      madeOn: { type: 'string', format: 'date', 'x-label': L('生产日期', 'Made on') },
      fragile: { type: 'boolean', 'x-label': L('易碎', 'Fragile'), default: false },
      maker: {
        type: 'object',
        'x-label': L('制造商', 'Maker'),
        properties: { name: { type: 'string', 'x-label': L('制造商名称', 'Maker name') }, email: { type: 'string', format: 'email', 'x-label': L('制造商邮箱', 'Maker email') } },
      },
      parts: {
        type: 'array',
        'x-label': L('零件', 'Parts'),
        items: { type: 'object', properties: { partNo: { type: 'string', 'x-label': L('零件号', 'Part number') }, count: { type: 'integer', 'x-label': L('件数', 'Piece count') } } },
      },
      notes: { type: 'string', 'x-label': L('备注说明', 'Workshop notes'), 'x-widget': 'textarea' },
    },
  },
  views: {
    list: {
      columns: [{ field: 'code', sortable: true, link: true }, { field: '$state' }, { field: 'colour' }, { field: 'maker.name' }, { field: 'madeOn', sortable: true }],
      filters: [
        { field: 'code', op: 'contains' },
        { field: '$state', op: 'in' },
        { field: 'colour', op: 'eq' },
        { field: 'fragile', op: 'eq' },
        { field: 'madeOn', op: 'range' },
      ],
      defaultSort: { field: 'madeOn', order: 'desc' },
    },
    detail: {
      sections: [
        { id: 'identity', label: L('身份', 'Identity card'), fields: ['code', '$state', 'colour', 'weight', 'madeOn', 'fragile'] },
        { id: 'origin', label: L('来源', 'Where it comes from'), fields: ['maker', 'parts', 'notes'] },
      ],
    },
    form: {
      sections: [
        { id: 'identity', label: L('身份', 'Identity card'), columns: 3, fields: ['code', 'colour', 'weight', 'madeOn', 'fragile'] },
        { id: 'origin', label: L('来源', 'Where it comes from'), fields: ['maker', 'parts', 'notes'] },
      ],
    },
  },
};

export function gadgetRegistry(): RegisteredEntity {
  const registry = new EntityRegistry({ gadget: gadgetMachine });
  return registry.register(gadgetBundle);
}

export const gadgetRecord: EntityRecord = {
  id: 'g-1',
  entity: 'gadget',
  doc: {
    code: 'GX-42',
    colour: 'teal',
    weight: 1250,
    madeOn: '2026-03-04',
    fragile: true,
    maker: { name: 'Acme Widgets', email: 'hello@acme.test' },
    parts: [{ partNo: 'P-7', count: 3 }],
    notes: 'Handle with care',
  },
  states: { $state: 'active' },
  snapshot: { value: 'active', status: 'active', context: {}, historyValue: {}, children: {} },
  version: 1,
  companyId: 'c-1',
  companyName: 'Acme',
  createdBy: 'u-1',
  createdByName: 'Ada',
  createdAt: '2026-03-04T08:00:00Z',
  updatedAt: '2026-03-05T09:30:00Z',
};
