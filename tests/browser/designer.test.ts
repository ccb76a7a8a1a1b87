import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../engine/index.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { ui } from './portal-texts.ts';

/**
 * The form designer in the browser, once per interface language: an analyst (internal staff,
 * `template:design`) creates a template, builds it by drag and drop only, sets zh-CN and en-US
 * labels and a required field, checks the preview and publishes it.
 */
const portalServer = usePortal();

/** Drags with the mouse, in small steps, so @dnd-kit's pointer sensor sees a real drag. */
async function drag(page: Page, fromTestId: string, toTestId: string): Promise<void> {
  const from = await page.getByTestId(fromTestId).locator('button').first().boundingBox();
  const to = await page.getByTestId(toTestId).boundingBox();
  if (!from || !to) throw new Error(`Cannot drag ${fromTestId} to ${toTestId}`);
  await page.mouse.move(from.x + 20, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

describe.each(LANGUAGES)('form designer in the browser (%s)', (lang) => {
  it('an analyst builds a template by drag and drop, previews and publishes it', async () => {
    const portal = await portalServer.open(lang, '/form/list');
    const { page } = portal;
    await portal.logIn('staff', DEMO_PASSWORD);
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

    // The preview renders with the portal's form in the other language too, and validates.
    await page.getByRole('tab', { name: ui(lang, 'designer.tabs.preview') }).click();
    const preview = page.getByTestId('designer-preview');
    await portal.seeText(lang === 'zh-CN' ? '款号' : 'Style no.', preview);
    await preview.getByText(ui(lang, `designer.preview.lang.${lang === 'zh-CN' ? 'en-US' : 'zh-CN'}`), { exact: true }).click();
    await portal.seeText(lang === 'zh-CN' ? 'Style no.' : '款号', preview);
    await page.getByTestId('preview-validate').click();
    // The required field, left empty, is marked under the field itself.
    await preview.locator('.ant-form-item-explain-error').first().waitFor();
    await portal.shot('designer-preview');

    // Publish: the version becomes read-only and the list shows it published.
    await page.getByTestId('designer-publish').click();
    await portal.seeText(ui(lang, 'designer.status.published', { version: 1 }));
    await portal.seeText(ui(lang, 'designer.publishedReadOnly'));
    await portal.shot('designer-published');
    await page.goto(`${portalServer.url}/form/list`);
    await expect.poll(() => page.getByTestId('template-list').getByText(code, { exact: true }).count(), POLL).toBe(1);
  });
});
