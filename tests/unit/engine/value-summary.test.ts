import { describe, expect, it } from 'vitest';
import { EntityRegistry, exportCellText, exportColumns, valueSummary, type EntityRecord } from '../../../engine/index.ts';
import { refUiTemplate } from '../../fixtures/ref-ui-template.ts';

const bundle = refUiTemplate('summaries', { widgets: true });
const reg = new EntityRegistry({}).registerVersion(
  {
    ...bundle,
    // An export of the structured fields: what a spreadsheet cell reads for an option, an object, rows and a tree.
    views: { ...bundle.views, list: { ...bundle.views.list, export: { format: 'xlsx', maxRows: 3000, columns: ['title', 'when', 'contact', 'people', 'tree', 'priority'].map((field) => ({ field })) } } },
  },
  1,
);
const doc = {
  title: 'T',
  priority: 'high',
  internalCode: 'IC-9',
  when: { on: '2026-04-05', note: 'At the gate' },
  contact: { city: 'Oslo' },
  people: [{ name: 'Bo', role: 'member', home: { city: 'Bergen' } }, { name: 'Al' }],
  tree: { label: 'root', children: [{ label: 'branch', children: [{ label: 'leaf', due: '2026-05-03' }] }] },
};
const record = { id: 'r1', doc, states: {}, version: 1, createdAt: '2026-11-29T10:00:00Z', updatedAt: '2026-11-29T10:00:00Z' } as unknown as EntityRecord;

describe('values as one line of text (exports)', () => {
  it('reads a oneOf value by the option it is: a referenced object by its labels, a day as a date', () => {
    const when = reg.schema.properties.when;
    expect(valueSummary(reg, 'when', when, doc.when, 'en-US')).toBe('Stamped on: Apr 5, 2026; Stamp note: At the gate');
    expect(valueSummary(reg, 'when', when, doc.when, 'zh-CN')).toBe('盖章日期: 2026年4月5日; 盖章说明: At the gate');
    expect(valueSummary(reg, 'when', when, '2026-05-01', 'en-US')).toBe('May 1, 2026');
  });

  it('joins rows with " | ", puts nested objects and lists in parentheses, and leaves hidden and empty fields out', () => {
    expect(valueSummary(reg, 'people', reg.schema.properties.people, doc.people, 'en-US')).toBe('Name: Bo; Role: member; Home: (City: Bergen) | Name: Al');
    expect(valueSummary(reg, 'tree', reg.schema.properties.tree, doc.tree, 'en-US')).toBe(
      'Node label: root; Children: (Node label: branch; Children: (Node label: leaf; Node due: May 3, 2026))',
    );
    // The whole document: the uiSchema hides internalCode, notes is empty, an undeclared key is labelled by itself made readable.
    expect(valueSummary(reg, '', undefined, { title: 'T', internalCode: 'IC-9', notes: '', 'lot-no': 7 }, 'en-US')).toBe('Title: T; Lot no: 7');
    expect(valueSummary({ schema: reg.schema, uiSchema: reg.uiSchema }, 'x', { type: 'object', properties: { internalCode: { type: 'string' } } }, { internalCode: 'a', other: 2 }, 'en-US')).toBe(
      'Internal code: a; Other: 2',
    );
  });

  it('writes no JSON into an export’s cells', () => {
    const cells = exportColumns(reg, 'en-US').map((c) => exportCellText(reg, c, record, 'en-US', () => undefined));
    expect(cells).toEqual([
      'T',
      'Stamped on: Apr 5, 2026; Stamp note: At the gate',
      'City: Oslo',
      'Name: Bo; Role: member; Home: (City: Bergen) | Name: Al',
      'Node label: root; Children: (Node label: branch; Children: (Node label: leaf; Node due: May 3, 2026))',
      'High priority',
    ]);
    expect(cells.some((c) => c.includes('{'))).toBe(false);
  });
});
