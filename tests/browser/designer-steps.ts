import type { Locator, Page } from 'playwright-core';
import type { Language } from '../../engine/index.ts';

/** Drags with the mouse, in small steps, so @dnd-kit's pointer sensor sees a real drag (palette item or field → drop zone). */
export async function drag(page: Page, fromTestId: string, toTestId: string): Promise<void> {
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

/** Picks an option of an antd Select (by its visible label) in the open dropdown. */
export async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  // The dropdown opened last is the last in the page; a closed one is not visible.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).last().click();
}

/** Selects a field in the canvas and sets its key and labels in the property panel. */
export async function describeField(page: Page, path: string, key: string, label: Record<Language, string>): Promise<void> {
  // The card's top corner: a group's middle holds its own fields.
  await page.getByTestId(`canvas-field-${path}`).click({ position: { x: 12, y: 12 } });
  await page.getByTestId('prop-label-zh').fill(label['zh-CN']);
  await page.getByTestId('prop-label-zh').press('Enter');
  await page.getByTestId('prop-label-en').fill(label['en-US']);
  await page.getByTestId('prop-label-en').press('Enter');
  await page.getByTestId('prop-key').fill(key);
  await page.getByTestId('prop-key').press('Enter');
  await page.getByTestId(`canvas-field-${path.replace(/[^.]+$/, key)}`).waitFor();
}

/** From /form/list: creates a template (code, Chinese and English names) and waits for its designer. */
export async function createTemplate(page: Page, code: string, names: { zh: string; en: string }, createLabel: string): Promise<void> {
  await page.getByTestId('template-list').waitFor();
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-new-code').fill(code);
  await page.getByTestId('template-new-zh').fill(names.zh);
  await page.getByTestId('template-new-en').fill(names.en);
  await page.getByRole('button', { name: createLabel }).click();
  await page.waitForURL(/\/form\/design\?code=/);
  await page.getByTestId('template-designer').waitFor();
}

/**
 * Publishes the designer's version through its publish dialog: optionally placed in a menu group
 * and shown to roles (their visible labels), else with the dialog's preselection.
 */
export async function publishFromDesigner(page: Page, placement?: { group: string; roles: readonly string[] }): Promise<void> {
  await page.getByTestId('designer-publish').click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.waitFor();
  if (placement) {
    await choose(page, dialog.getByTestId('publish-group'), placement.group);
    for (const role of placement.roles) await dialog.getByTestId('publish-roles').getByLabel(role, { exact: true }).check();
  }
  await page.locator('#publish-confirm').click();
}
