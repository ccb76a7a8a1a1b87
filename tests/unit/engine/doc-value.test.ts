import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  codesForChange,
  crossesList,
  deriveFormSections,
  EntityRegistry,
  lockedNestedFields,
  TEMPLATE_RECORD_PERMISSIONS,
  toPermissionMap,
  valuesAt,
  withoutValueAt,
  withValueAt,
} from '../../../engine/index.ts';
import { anyKeyTemplate } from '../../fixtures/any-key-template.ts';
import { refUiTemplate } from '../../fixtures/ref-ui-template.ts';

const UPDATE = TEMPLATE_RECORD_PERMISSIONS.update;

describe('a document value written at a field path (inline list editing)', () => {
  it('sets a top-level, nested or any-key value in a copy, making missing objects', () => {
    const doc = { 'a.b': 'dot', buyer: { contactName: 'Ann', phone: '1' }, 'meta.data': { $v: 'v1', other: 2 } };
    const before = JSON.parse(JSON.stringify(doc));
    expect(withValueAt(doc, '/a.b', 'new')).toEqual({ ...doc, 'a.b': 'new' });
    expect(withValueAt(doc, 'buyer.contactName', 'Bob')).toEqual({ ...doc, buyer: { contactName: 'Bob', phone: '1' } });
    expect(withValueAt(doc, '/meta.data/$v', 'v2')).toEqual({ ...doc, 'meta.data': { $v: 'v2', other: 2 } });
    expect(withValueAt(doc, '/$type', 'watch')).toEqual({ ...doc, $type: 'watch' });
    expect(withValueAt({}, 'buyer.contactName', 'Bob')).toEqual({ buyer: { contactName: 'Bob' } });
    expect(withValueAt({ buyer: 'text' }, '/buyer/x~1y', 1)).toEqual({ buyer: { 'x/y': 1 } });
    expect(doc).toEqual(before);
  });

  it('removes only the leaf when emptied, and leaves a missing path alone', () => {
    const doc = { buyer: { contactName: 'Ann' }, 'meta.data': { $v: 'v1', other: 2 } };
    expect(withValueAt(doc, 'buyer.contactName', undefined)).toEqual({ buyer: {}, 'meta.data': doc['meta.data'] });
    expect(withValueAt(doc, '/meta.data/$v', undefined)).toEqual({ buyer: doc.buyer, 'meta.data': { other: 2 } });
    expect(withValueAt(doc, 'seller.contactName', undefined)).toEqual(doc);
    expect(withValueAt(doc, '/meta.data/$v/deeper', undefined)).toEqual(doc);
  });

  it('keeps a key such as __proto__ an own key, never the prototype', () => {
    const out = withValueAt({}, '/__proto__/polluted', 'yes');
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('drops a value and the objects it leaves empty (what the rest of a change is compared by)', () => {
    expect(withoutValueAt({ buyer: { contactName: 'Ann' }, n: 1 }, 'buyer.contactName')).toEqual({ n: 1 });
    expect(withoutValueAt({ buyer: { contactName: 'Ann', phone: '1' } }, 'buyer.contactName')).toEqual({ buyer: { phone: '1' } });
    expect(withoutValueAt({ buyer: {} }, 'buyer.contactName')).toEqual({});
    expect(withoutValueAt({ n: 1 }, 'buyer.contactName')).toEqual({ n: 1 });
  });
});

describe('the codes a change needs', () => {
  const bundle = anyKeyTemplate('inlineCodes', { inline: true });
  const own = { '/$type': 'inline:type', '/meta.data/$v': 'inline:version', 'buyer.contactName': 'inline:contact' };
  const reg = new EntityRegistry({}).registerVersion({ ...bundle, entity: { ...bundle.entity, fieldPermissions: own } }, 1);
  const doc = { 'a.b': 'alpha', $type: 'phone', buyer: { contactName: 'Ann', phone: '1' }, 'meta.data': { $v: 'v1' } };

  it('registers a template whose field codes name nested and any-key fields', () => {
    expect(checkTemplate(bundle, 'en-US')).toEqual([]);
  });

  it('asks a nested or any-key field its own code, and the update code of any other change', () => {
    expect(codesForChange(reg, doc, { ...doc, buyer: { contactName: 'Bob', phone: '1' } })).toEqual([{ field: 'buyer.contactName', code: 'inline:contact' }]);
    expect(codesForChange(reg, doc, { ...doc, $type: 'watch', 'meta.data': {} })).toEqual([
      { field: '/$type', code: 'inline:type' },
      { field: '/meta.data/$v', code: 'inline:version' },
    ]);
    // A sibling of the nested field is the update permission's.
    expect(codesForChange(reg, doc, { ...doc, buyer: { contactName: 'Ann', phone: '2' } })).toEqual([{ field: 'buyer', code: UPDATE }]);
    expect(codesForChange(reg, doc, { ...doc, 'a.b': 'bravo' })).toEqual([{ field: 'a.b', code: UPDATE }]);
    expect(codesForChange(reg, doc, doc)).toEqual([]);
  });

  it('lets the nested field alone be set where its parent object was missing', () => {
    const bare = { 'a.b': 'alpha' };
    expect(codesForChange(reg, bare, withValueAt(bare, 'buyer.contactName', 'Bob'))).toEqual([{ field: 'buyer.contactName', code: 'inline:contact' }]);
    expect(codesForChange(reg, bare, { ...bare, buyer: { contactName: 'Bob', phone: '9' } })).toEqual([
      { field: 'buyer.contactName', code: 'inline:contact' },
      { field: 'buyer', code: UPDATE },
    ]);
  });

  it('shows a nested field whose code the user lacks disabled inside its editable object on an edit form', () => {
    const holder = toPermissionMap([UPDATE, 'inline:contact', 'inline:version']);
    const other = toPermissionMap([UPDATE]);
    expect(lockedNestedFields(reg, holder)).toEqual([]);
    // `/$type` is top-level: its code is the form's editable set's (permittedFields), not a nested lock.
    expect(lockedNestedFields(reg, other)).toEqual(['/meta.data/$v', 'buyer.contactName']);
    const fields = new Set(Object.keys(reg.schema.properties));
    const ui = (locked: string[]) => deriveFormSections(reg, 'en-US', fields, { creating: false, locked })[0]!.uiSchema as Record<string, any>;
    expect(ui(lockedNestedFields(reg, other)).buyer).toEqual({ contactName: { 'ui:disabled': true } });
    expect(ui(lockedNestedFields(reg, other))['meta.data']).toEqual({ $v: { 'ui:disabled': true } });
    expect(ui([]).buyer?.contactName?.['ui:disabled']).toBeUndefined();
  });
});

describe('a field with its own code in each row of a list (samples.price)', () => {
  const bundle = refUiTemplate('rowCodes');
  // people is a list of referenced persons; each person's role, and the city of the home inside it, have their own codes.
  const own = { 'people.role': 'rows:role', 'people.home.city': 'rows:city' };
  const reg = new EntityRegistry({}).registerVersion({ ...bundle, entity: { ...bundle.entity, fieldPermissions: own } }, 1);
  const doc = { title: 'T', people: [{ name: 'Bo', role: 'member', home: { city: 'Oslo' } }, { name: 'Al' }] };
  const people = (rows: Record<string, unknown>[]) => ({ ...doc, people: rows });

  it('registers, and reads the field in every row', () => {
    expect(checkTemplate({ ...bundle, entity: { ...bundle.entity, fieldPermissions: own } }, 'en-US')).toEqual([]);
    expect(valuesAt(doc, 'people.role')).toEqual(['member']);
    // Such a field is no one value: lists do not edit it in place.
    expect([crossesList(reg.schema, 'people.role'), crossesList(reg.schema, 'people.home.city'), crossesList(reg.schema, 'people'), crossesList(reg.schema, 'tree.label')]).toEqual([true, true, false, false]);
    expect(valuesAt(doc, 'people.home.city')).toEqual(['Oslo']);
    expect(valuesAt(doc, 'people')).toEqual([doc.people]);
    expect(valuesAt({ grid: [[{ v: 1 }], [{ v: 2 }, {}]] }, 'grid.v')).toEqual([1, 2]);
    expect(withoutValueAt(doc, 'people.role')).toEqual(people([{ name: 'Bo', home: { city: 'Oslo' } }, { name: 'Al' }]));
    expect(withoutValueAt(doc, 'people.home.city')).toEqual(people([{ name: 'Bo', role: 'member' }, { name: 'Al' }]));
  });

  it('asks the code of a row’s value changed, added with a row or removed with it; other row edits ask the update code', () => {
    expect(codesForChange(reg, doc, people([{ name: 'Bo', role: 'lead', home: { city: 'Oslo' } }, { name: 'Al' }]))).toEqual([{ field: 'people.role', code: 'rows:role' }]);
    expect(codesForChange(reg, doc, people([{ name: 'Bo', role: 'member', home: { city: 'Rome' } }, { name: 'Al' }]))).toEqual([{ field: 'people.home.city', code: 'rows:city' }]);
    // A name is the list's (the update code); a row added without the coded fields is the list's change alone.
    expect(codesForChange(reg, doc, people([{ name: 'Bob', role: 'member', home: { city: 'Oslo' } }, { name: 'Al' }]))).toEqual([{ field: 'people', code: UPDATE }]);
    expect(codesForChange(reg, doc, people([...doc.people, { name: 'Cy' }]))).toEqual([{ field: 'people', code: UPDATE }]);
    // Removing the row holding a city removes that city: its code too; its role is the declared default, which goes with its row.
    expect(codesForChange(reg, doc, people([{ name: 'Al' }]))).toEqual([
      { field: 'people.home.city', code: 'rows:city' },
      { field: 'people', code: UPDATE },
    ]);
    expect(codesForChange(reg, doc, structuredClone(doc))).toEqual([]);
    // A new row's declared default role (`member`), which the form fills, is no change of the role's.
    expect(codesForChange(reg, doc, people([...doc.people, { name: 'Cy', role: 'member' }]))).toEqual([{ field: 'people', code: UPDATE }]);
    expect(codesForChange(reg, doc, people([...doc.people, { name: 'Cy', role: 'guest' }]))).toEqual([
      { field: 'people.role', code: 'rows:role' },
      { field: 'people', code: UPDATE },
    ]);
  });

  it('shows the field disabled in each row of an edit form for a user without its code', () => {
    expect(lockedNestedFields(reg, toPermissionMap([UPDATE]))).toEqual(['people.role', 'people.home.city']);
    const fields = new Set(Object.keys(reg.schema.properties));
    const ui = deriveFormSections(reg, 'en-US', fields, { creating: false, locked: lockedNestedFields(reg, toPermissionMap([UPDATE])) })[0]!.uiSchema as Record<string, any>;
    expect(ui.people.items).toMatchObject({ role: { 'ui:disabled': true }, home: { city: { 'ui:disabled': true } } });
  });
});
