import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { formatDate, type FieldSchema, type Language } from '../../engine/index.ts';
import { refUiTemplate } from '../fixtures/ref-ui-template.ts';

/**
 * A template written as schemas are written elsewhere (issue 21), published through the template
 * API: `$ref` in items, in oneOf, between definitions and recursive, a declared uiSchema
 * (textarea, password, placeholder, hidden, help, ui:title). Its new form shows the declared
 * widgets and fills defaults; a stored record without its defaulted fields opens in its own edit
 * form and saves unchanged, byte for byte, and a row added there gets its declared default; the
 * detail page labels by the fallbacks; a field with its own code in each row (`people.role`) is
 * disabled in every row for a user without it. In zh-CN and en-US, the engine's widgets work inside a oneOf's
 * options (a referenced stamp's date and declared textarea; a day's own date) and three levels
 * into a recursive tree (each node's due date): picked, filled, saved and shown on the detail page.
 */
const portalServer = usePortal();
const CODE = 'refForm';

type Stored = { id: string; version: number; doc: Record<string, unknown> };

/** A valid record as another client stores it: a one-row list (`minItems: 1`), a tree, and no value for the defaulted fields. */
const STORED = {
  title: 'Stored one',
  priority: 'high',
  size: 'M',
  people: [{ name: 'Ann', home: { city: 'Paris' } }],
  contact: { city: 'Rome' },
  tree: { label: 'root', children: [{ label: 'leaf', children: [{ label: 'deeper' }] }] },
};

describe('a JSON Schema with references and a uiSchema, in the browser', () => {
  it('renders the declared widgets, fills defaults on a new form only, and saves a stored record unchanged', { timeout: 300_000 }, async () => {
    const portal = await portalServer.signedIn('staff', 'en-US', '/wel/index');
    const { page } = portal;
    // Each row's role has a code of its own, which staff lack: shown disabled in every row, a new row's default kept.
    const bundle = refUiTemplate(CODE);
    await portal.api('POST', '/api/templates', { code: CODE, kind: 'form', bundle: { ...bundle, entity: { ...bundle.entity, fieldPermissions: { 'people.role': 'refForm:role' } } } });
    await portal.api('POST', `/api/templates/${CODE}/versions/1/publish`);
    // Stored as another client would: made, then its defaulted fields taken out (an update adds no defaults).
    const made = await portal.api<Stored>('POST', `/api/entities/${CODE}`, { doc: STORED });
    await portal.api('PUT', `/api/entities/${CODE}/${made.id}`, { doc: STORED, version: made.version });
    const before = await portal.api<Stored>('GET', `/api/entities/${CODE}/${made.id}`);
    expect(before.doc).toEqual(STORED);

    // The new form: the uiSchema's widgets, placeholder, help, title; the hidden field is not shown.
    await page.goto(`${portal.baseUrl}/form/${CODE}/form`);
    const form = page.getByTestId('entity-form');
    await form.locator('#root_title').waitFor();
    expect(await form.locator('textarea#root_notes').getAttribute('placeholder')).toBe('Anything to add');
    expect(await form.locator('textarea#root_notes').getAttribute('rows')).toBe('4');
    expect(await form.locator('#root_secret').getAttribute('type')).toBe('password');
    await portal.seeText('Never shown again', form);
    await portal.seeText('Sales region', form);
    expect(await form.locator('#root_internalCode').filter({ visible: true }).count()).toBe(0);
    expect(await form.getByText('Internal code').count()).toBe(0);
    // The tree (a recursive reference) and the list of references render with their labels.
    await portal.seeText('Node label', form);
    await form.locator('#root_title').fill('Made here');
    await form.locator('textarea#root_notes').fill('two lines');
    // A required list with minItems 1 starts with one row on a new form; its item is a reference between definitions.
    await form.locator('#root_people_0_name').fill('Bo');
    await form.locator('#root_contact_city').fill('Oslo');
    await portal.shot('refs-ui-new-form');
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/form\/refForm\/detail\?id=/);
    const newId = new URL(page.url()).searchParams.get('id')!;
    const created = await portal.api<Stored>('GET', `/api/entities/${CODE}/${newId}`);
    // Declared defaults fill a new form, the hidden field's included.
    expect(created.doc).toMatchObject({ title: 'Made here', notes: 'two lines', internalCode: 'IC-1', region: 'north', people: [{ name: 'Bo' }], contact: { city: 'Oslo' } });

    // The stored record's edit form: nothing added (no default, no extra row), saved unchanged.
    await page.goto(`${portal.baseUrl}/form/${CODE}/form?id=${made.id}`);
    await form.locator('#root_people_0_name').waitFor();
    expect(await form.locator('#root_people_0_name').inputValue()).toBe('Ann');
    expect(await form.locator('#root_people_1_name').count()).toBe(0);
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/form\/refForm\/detail\?id=/);
    const after = await portal.api<Stored>('GET', `/api/entities/${CODE}/${made.id}`);
    expect(JSON.stringify(after.doc)).toBe(JSON.stringify(before.doc));

    // A row added in the edit form is new: it gets its declared default; the stored row and fields stay as they were.
    await page.goto(`${portal.baseUrl}/form/${CODE}/form?id=${made.id}`);
    await form.locator('#root_people_0_name').waitFor();
    await form.getByTestId('add-row').first().click();
    await form.locator('#root_people_1_name').fill('Cy');
    expect(await form.locator('#root_people_1_role').inputValue()).toBe('member');
    expect(await form.locator('#root_people_0_role').inputValue()).toBe('');
    expect(await form.locator('#root_people_0_role').isDisabled()).toBe(true);
    expect(await form.locator('#root_people_1_role').isDisabled()).toBe(true);
    expect(await form.locator('#root_people_1_name').isDisabled()).toBe(false);
    // A tree's rows are untitled, as a list's are: no "Children-1" above each node.
    expect(await form.locator('#root_tree_children_0_children_0_label').inputValue()).toBe('deeper');
    expect(await form.getByText('Children-1').count()).toBe(0);
    await portal.shot('refs-ui-edit-new-row');
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/form\/refForm\/detail\?id=/);
    const added = await portal.api<Stored>('GET', `/api/entities/${CODE}/${made.id}`);
    expect(added.doc).toEqual({ ...STORED, people: [...STORED.people, { name: 'Cy', role: 'member' }] });

    // The detail page: option labels from oneOf const + title and from a $defs enum, ui:title, the hidden field left out.
    // (The history below names the fields the update above removed: the detail section is what is checked.)
    const detail = page.locator('.ant-card[data-section="main"]');
    await portal.seeText('High priority', detail);
    await portal.seeText('Medium', detail);
    await portal.seeText('Sales region', detail);
    await portal.seeText('Node label', detail);
    expect(await detail.getByText('Internal code').count()).toBe(0);
    await portal.shot('refs-ui-detail', false);
  });

  it.each<[Language, string]>([
    ['zh-CN', 'refWidgetsZh'],
    ['en-US', 'refWidgetsEn'],
  ])('%s: fills the widgets inside a oneOf option and three levels into a tree, and shows what was saved', { timeout: 300_000 }, async (lang, code) => {
    const portal = await portalServer.open(lang, '/wel/index');
    const { page } = portal;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await portal.logIn('staff', DEMO_PASSWORD);
    const bundle = refUiTemplate(code, { widgets: true });
    await portal.api('POST', '/api/templates', { code, kind: 'form', bundle });
    await portal.api('POST', `/api/templates/${code}/versions/1/publish`);
    const when = bundle.schema.properties.when!;
    const option = (i: number) => when.oneOf![i]!['x-label']![lang];
    const stamp = (bundle.schema as { definitions?: Record<string, FieldSchema> }).definitions!.stamp!.properties!;
    const stampLabels = { on: stamp.on!['x-label']![lang], note: stamp.note!['x-label']![lang] };

    await page.goto(`${portal.baseUrl}/form/${code}/form`);
    const form = page.getByTestId('entity-form');
    await form.locator('#root_title').fill(`Widgets ${lang}`);
    await form.locator('#root_people_0_name').fill('Bo');
    await form.locator('#root_contact_city').fill('Oslo');
    // The stamp option: a referenced object whose date is the engine's and whose note the declared uiSchema makes a textarea.
    await portal.pick('root_when__oneof_select', option(0));
    await portal.typeDate('root_when_on', '2026-04-05');
    await form.locator('textarea#root_when_note').fill('Stamped at the gate');
    // The tree, each level's due date the engine's date widget.
    await form.locator('#root_tree_label').fill('root');
    await portal.typeDate('root_tree_due', '2026-05-01');
    await form.locator('fieldset#root_tree_children').getByTestId('add-row').click();
    await form.locator('#root_tree_children_0_label').fill('branch');
    await portal.typeDate('root_tree_children_0_due', '2026-05-02');
    await form.locator('fieldset#root_tree_children_0_children').getByTestId('add-row').click();
    await form.locator('#root_tree_children_0_children_0_label').fill('leaf');
    await portal.typeDate('root_tree_children_0_children_0_due', '2026-05-03');
    await portal.shot(`refs-widgets-form-${lang}`);
    await page.getByTestId('form-save').click();
    await page.waitForURL(new RegExp(`/form/${code}/detail\\?id=`));
    const id = new URL(page.url()).searchParams.get('id')!;
    const made = await portal.api<Stored>('GET', `/api/entities/${code}/${id}`);
    expect(made.doc).toMatchObject({
      when: { on: '2026-04-05', note: 'Stamped at the gate' },
      tree: { label: 'root', due: '2026-05-01', children: [{ label: 'branch', due: '2026-05-02', children: [{ label: 'leaf', due: '2026-05-03' }] }] },
    });
    const detail = page.locator('.ant-card[data-section="main"]');
    // The stamp by its option's declaration (labels, a date as a date), not as JSON; the tree's root and
    // its children's table, whose row expands to the next level's table (the cell counts it).
    const day = (d: string) => formatDate(d, lang);
    for (const text of ['Stamped at the gate', day('2026-04-05'), day('2026-05-01'), 'branch', day('2026-05-02')]) await portal.seeText(text, detail);
    expect(await detail.getByText('leaf', { exact: true }).count()).toBe(0);
    await detail.locator('button.ant-table-row-expand-icon').first().click();
    for (const text of ['leaf', day('2026-05-03')]) await portal.seeText(text, detail);
    // Every table of the tree as wide as its columns, inside the page: none stretched past it (once a million pixels wide).
    const widths = await detail.locator('.ant-table-wrapper').evaluateAll((tables) => tables.map((t) => t.getBoundingClientRect().right));
    expect(widths.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...widths)).toBeLessThanOrEqual(page.viewportSize()!.width);
    for (const text of [stampLabels.on, stampLabels.note]) await portal.seeText(text, detail);
    await portal.shot(`refs-widgets-detail-${lang}`, false);

    // The other option: a date of its own, picked in the edit form.
    await page.goto(`${portal.baseUrl}/form/${code}/form?id=${id}`);
    await form.locator('#root_title').waitFor();
    await portal.pick('root_when__oneof_select', option(1));
    await portal.typeDate('root_when', '2026-06-07');
    await page.getByTestId('form-save').click();
    await page.waitForURL(new RegExp(`/form/${code}/detail\\?id=`));
    await expect.poll(async () => (await portal.api<Stored>('GET', `/api/entities/${code}/${id}`)).doc.when, POLL).toBe('2026-06-07');
    await portal.seeText(day('2026-06-07'), detail);
    expect(errors).toEqual([]);
  });
});
