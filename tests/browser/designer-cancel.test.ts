import { describe, expect, it } from 'vitest';
import { usePortal } from './portal-server.ts';
import { createTemplate, drag } from './designer-steps.ts';
import { POLL } from './portal-page.ts';
import { ui } from './portal-texts.ts';

/**
 * A drag cancelled with Escape while the mouse button is still held, then released: the next drag
 * starts and drops as any other (issue 13, item 14: it used to select text across the canvas).
 */
const portalServer = usePortal();
const lang = 'en-US';

describe('form designer: a cancelled drag', () => {
  it('lets the next drag start after Escape cancelled one with the button held', async () => {
    const portal = await portalServer.signedIn('staff', lang, '/form/list');
    const { page } = portal;
    await createTemplate(page, 'cancelForm', { zh: '取消表单', en: 'Cancel form' }, ui(lang, 'designer.list.create'));
    await drag(page, 'palette-text', 'canvas-zone-root');
    await page.getByTestId('canvas-field-text1').waitFor();
    await drag(page, 'palette-date', 'canvas-zone-root');
    await page.getByTestId('canvas-field-date1').waitFor();
    const order = async () =>
      (await page.locator('[data-testid^="canvas-field-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).filter((id) => id === 'canvas-field-text1' || id === 'canvas-field-date1');
    expect(await order()).toEqual(['canvas-field-text1', 'canvas-field-date1']);

    /** Presses a field's drag handle (or its label) and moves it `dy` px down; the caller ends the drag. */
    const pressAndMove = async (testId: string, dy: number, on: 'handle' | 'label' = 'handle') => {
      const card = page.getByTestId(testId);
      const handle = (await (on === 'handle' ? card.locator('button').first() : card.locator('strong').first()).boundingBox())!;
      const [x, y] = [handle.x + handle.width / 2, handle.y + handle.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 4, y + 8, { steps: 3 });
      await page.mouse.move(x + 10, y + dy, { steps: 12 });
    };
    for (let round = 0; round < 2; round++) {
      // Escape with the button still held cancels the drag; then the button is released.
      await pressAndMove('canvas-field-text1', 120);
      await page.keyboard.press('Escape');
      await page.mouse.up();
      expect(await order()).toEqual(['canvas-field-text1', 'canvas-field-date1']);
    }
    // The next drag starts and drops, even from a press beside the handle (on the label, where a
    // card still sliding back leaves the pointer): text1 goes below date1.
    const date = (await page.getByTestId('canvas-field-date1').boundingBox())!;
    const text = (await page.getByTestId('canvas-field-text1').boundingBox())!;
    await pressAndMove('canvas-field-text1', date.y + date.height - text.y, 'label');
    await page.waitForTimeout(150);
    await page.mouse.up();
    await expect.poll(order, POLL).toEqual(['canvas-field-date1', 'canvas-field-text1']);
    expect(await page.evaluate(() => document.getSelection()?.toString() ?? '')).toBe('');
    await portal.shot('designer-after-cancel', false);
    await page.context().close();
  });
});
