import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { choose, drag, publishFromDesigner } from './designer-steps.ts';
import { ui } from './portal-texts.ts';

/**
 * The form designer in the browser: an analyst (internal staff,
 * `template:design`) creates a template, builds it by drag and drop only, sets zh-CN and en-US
 * labels and a required field, checks the preview and publishes it.
 */
const portalServer = usePortal();

const L = (lang: Language, zh: string, en: string) => (lang === 'zh-CN' ? zh : en);

// Each flow runs in one language (CI time), the two languages alternating across the flows.
describe('form designer in the browser', () => {
  it.each<Language>(['en-US'])('an analyst builds a template by drag and drop, previews and publishes it (%s)', async (lang) => {
    const portal = await portalServer.signedIn('staff', lang, '/form/list');
    const { page } = portal;
    await page.waitForURL(/\/form\/list/);
    await page.getByTestId('template-list').waitFor();

    const code = lang === 'zh-CN' ? 'shoeForm' : 'bagForm';
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-new-code').fill(code);
    await page.getByTestId('template-new-zh').fill('鞋类表单');
    await page.getByTestId('template-new-en').fill('Shoe form');
    await page.getByRole('button', { name: ui(lang, 'designer.list.create') }).click();
    await page.waitForURL(/\/form\/design\?code=/);
    await page.getByTestId('template-designer').waitFor();

    // Drag and drop only: a text field and a section, then a date into the section.
    await drag(page, 'palette-text', 'canvas-zone-root');
    await page.getByTestId('canvas-field-text1').waitFor();
    await drag(page, 'palette-section', 'canvas-zone-root');
    await page.getByTestId('canvas-zone-section1').waitFor();
    await drag(page, 'palette-date', 'canvas-zone-section1');
    await page.getByTestId('canvas-field-section1.date1').waitFor();
    await drag(page, 'palette-select', 'canvas-zone-root');
    await page.getByTestId('canvas-field-select1').waitFor();

    // Labels in both languages and a required field in the property panel.
    await page.getByTestId('canvas-field-text1').click();
    await page.getByTestId('prop-label-zh').fill('款号');
    await page.getByTestId('prop-label-zh').press('Enter');
    await page.getByTestId('prop-label-en').fill('Style no.');
    await page.getByTestId('prop-label-en').press('Enter');
    await page.getByTestId('prop-required').click();
    await portal.seeText(ui(lang, 'designer.problems.none'));
    await portal.shot('designer-canvas');

    // Undo and redo the required flag.
    await page.getByTestId('designer-undo').click();
    await expect.poll(() => page.getByTestId('prop-required').getAttribute('aria-checked'), POLL).toBe('false');
    await page.getByTestId('designer-redo').click();
    await expect.poll(() => page.getByTestId('prop-required').getAttribute('aria-checked'), POLL).toBe('true');

    // A condition set in the panel, no JSON typing: show the style number only when the choice is option 2.
    const choice = L(lang, '下拉选择', 'Choice');
    await choose(page, page.getByTestId('prop-visible-field'), `${choice} (select1)`);
    await choose(page, page.getByTestId('prop-visible-value'), L(lang, '选项二', 'Option 2'));
    await page.getByTestId('canvas-conditional-text1').waitFor();
    await expect.poll(() => page.getByTestId('prop-required').getAttribute('aria-checked'), POLL).toBe('true');
    // Undoable, like every other edit: picking the field set option 1 first, then the value option 2.
    await page.getByTestId('designer-undo').click();
    await portal.seeText(L(lang, '选项一', 'Option 1'), page.getByTestId('prop-visible-value'));
    await page.getByTestId('designer-undo').click();
    await expect.poll(() => page.getByTestId('canvas-conditional-text1').count(), POLL).toBe(0);
    await page.getByTestId('designer-redo').click();
    await page.getByTestId('designer-redo').click();
    await portal.seeText(L(lang, '选项二', 'Option 2'), page.getByTestId('prop-visible-value'));
    await page.getByTestId('canvas-conditional-text1').waitFor();
    // A form template's records have no lifecycle: the panel says every field stays editable.
    await portal.seeText(ui(lang, 'designer.props.editableNoLifecycle'));
    await portal.shot('designer-condition');
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.json') }).click();
    await expect.poll(() => page.getByTestId('json-text').inputValue(), POLL).toContain('"const": "option2"');

    // The preview hides the conditional field until the choice is option 2, then shows and requires it.
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.preview') }).click();
    const preview = page.getByTestId('designer-preview');
    const styleNo = L(lang, '款号', 'Style no.');
    await portal.seeText(choice, preview);
    expect(await preview.getByText(styleNo, { exact: true }).count()).toBe(0);
    const choiceItem = () => preview.locator('.ant-form-item', { hasText: L(lang, '下拉选择', 'Choice') }).last();
    // The form's select searches its options: type the option and take it with Enter (keyboard only).
    await choiceItem().locator('.ant-select').first().click();
    await portal.shot('designer-preview-select');
    await page.keyboard.type(L(lang, '选项二', 'Option 2'));
    await page.keyboard.press('Enter');
    await portal.seeText(styleNo, preview);
    // The other language keeps the entered value, so the field stays shown there.
    const other: Language = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
    await preview.getByText(ui(lang, `designer.preview.lang.${other}`), { exact: true }).click();
    await portal.seeText(L(other, '款号', 'Style no.'), preview);
    await page.getByTestId('preview-validate').click();
    // Both required fields (the template's title and the shown style number), left empty, are marked under the fields.
    const errors = preview.locator('.ant-form-item-explain-error');
    await expect.poll(() => errors.count(), POLL).toBe(2);
    await portal.shot('designer-preview');
    // Option 1 hides it again, and then it is not required: only the title is missing.
    await preview.locator('.ant-form-item', { hasText: L(other, '下拉选择', 'Choice') }).last().locator('.ant-select').first().click();
    await page.keyboard.type(L(other, '选项一', 'Option 1'));
    await page.keyboard.press('Enter');
    await expect.poll(() => preview.getByText(L(other, '款号', 'Style no.'), { exact: true }).count(), POLL).toBe(0);
    await page.getByTestId('preview-validate').click();
    await expect.poll(() => errors.count(), POLL).toBe(1);

    // Publish, placed in the "Test requests" group for internal staff (the publish dialog's declared
    // labels): the version becomes read-only, the staff's menu has it there, and the list shows it published.
    await publishFromDesigner(page, { group: L(lang, '测试申请', 'Test requests'), roles: [L(lang, '内部员工', 'Internal staff')] });
    await portal.seeText(ui(lang, 'designer.status.published', { version: 1 }));
    const menu = await portal.api<{ path: string; children: { path: string }[] }[]>('GET', '/api/menu');
    expect(menu.find((m) => m.path === '/trf')?.children.map((c) => c.path)).toContain(`/form/${code}/list`);
    await portal.seeText(ui(lang, 'designer.publishedReadOnly'));
    // Nothing on a published version can be edited: no palette, drop zones, drag handles or delete
    // buttons; the panel's inputs are disabled; the JSON is read-only; undo and redo are off.
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.canvas') }).click();
    await page.getByTestId('canvas-field-text1').click();
    await page.getByTestId('designer-properties-readonly').waitFor();
    expect(await page.getByTestId('designer-palette').count()).toBe(0);
    expect(await page.locator('[data-testid^="canvas-zone-"]').count()).toBe(0);
    expect(await page.locator('[data-testid^="canvas-remove-"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: ui(lang, 'designer.canvas.dragHandle', { field: styleNo }) }).count()).toBe(0);
    expect(await page.getByTestId('prop-label-zh').isDisabled()).toBe(true);
    expect(await page.getByTestId('prop-key').isDisabled()).toBe(true);
    expect(await page.getByTestId('prop-required').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('prop-visible-field').getAttribute('class'), POLL).toContain('ant-select-disabled');
    expect(await page.getByTestId('designer-undo').isDisabled()).toBe(true);
    expect(await page.getByTestId('designer-redo').isDisabled()).toBe(true);
    expect(await page.getByTestId('designer-new-version').isEnabled()).toBe(true);
    await portal.shot('designer-published');
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.json') }).click();
    expect(await page.getByTestId('json-text').getAttribute('readonly')).not.toBeNull();
    await page.goto(`${portalServer.url}/form/list`);
    await expect.poll(() => page.getByTestId('template-list').getByText(code, { exact: true }).count(), POLL).toBe(1);
  });

  it.each<Language>(['zh-CN'])("a DFF template's field is made editable only in chosen test-request states (%s)", async (lang) => {
    const portal = await portalServer.signedIn('staff', lang, '/form/list');
    const { page } = portal;
    await page.getByTestId('template-list').waitFor();
    // A DFF template (the list page makes plain form templates; the template-setting pages make DFF ones).
    const code = lang === 'zh-CN' ? 'dffShoe' : 'dffBag';
    const version = await page.evaluate(async (c) => {
      const token = sessionStorage.getItem('portico_token');
      const res = await fetch('/api/templates', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('portico:portico_secret')}`, 'Portico-Auth': `bearer ${token}` },
        body: JSON.stringify({ code: c, kind: 'dff', label: { 'zh-CN': '鞋类 DFF', 'en-US': 'Shoe DFF' } }),
      });
      return ((await res.json()) as { data: { version: { version: number } } }).data.version.version;
    }, code);
    await page.goto(`${portalServer.url}/form/design?code=${code}&version=${version}`);
    await page.getByTestId('template-designer').waitFor();
    await page.locator('[data-testid^="canvas-field-"]').first().click();
    const states = page.getByTestId('prop-editable-states');
    await choose(page, states, L(lang, '草稿', 'Draft'));
    // The dropdown of a multiple select stays open: pick the second state in it.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: L(lang, '已退回', 'Returned') }).last().click();
    await page.keyboard.press('Escape');
    await portal.seeText(ui(lang, 'designer.props.editableHint'));
    await portal.shot('designer-editable');
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.json') }).click();
    await expect.poll(() => page.getByTestId('json-text').inputValue(), POLL).toMatch(/"x-editableIn": \[\s*"draft",\s*"returned"\s*\]/);
    await page.getByTestId('designer-undo').click();
    await expect.poll(() => page.getByTestId('json-text').inputValue(), POLL).toMatch(/"x-editableIn": \[\s*"draft"\s*\]/);
    await page.getByTestId('designer-redo').click();
    await expect.poll(() => page.getByTestId('json-text').inputValue(), POLL).toContain('"returned"');
  });
});
