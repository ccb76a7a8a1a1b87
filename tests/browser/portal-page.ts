import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Language } from '../../engine/index.ts';
import { ui } from './portal-texts.ts';

/**
 * How long a polled assertion waits for the page: long enough for a machine four times slower
 * than a developer's with both cores busy (it catches a page that never gets there, not a slow one).
 */
export const POLL = { timeout: 60_000 };

/**
 * Internal values that must never reach a user's eyes: state codes, storage statuses, media
 * types (the page shows their labels: "To be reviewed", "PDF").
 */
export const INTERNAL_CODES = ['toBeReviewed', 'emailConfirmed', 'waitingForEmailConfirmation', 'stored', 'application/pdf', 'image/jpeg', 'START_TESTING', 'hasReason', 'templateMigration'];

/** Fails when the page's visible text holds one of the internal codes (as a word). */
export async function expectNoInternalCodes(page: Page): Promise<void> {
  const shown = await page.locator('body').innerText();
  expect(INTERNAL_CODES.filter((code) => new RegExp(`(^|[^\\w/])${code.replace('/', '\\/')}($|[^\\w/])`).test(shown))).toEqual([]);
}

/** Steps a user takes in the portal, by what they see (labels from the resources and declarations). */
export class PortalPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly lang: Language,
  ) {}

  /** A screenshot in test-results/ (long pages: the visible part only, to stay readable). */
  async shot(name: string, fullPage = true): Promise<void> {
    // Screenshots are for people looking at pages; CI has nobody to look and they cost minutes there.
    if (process.env.CI) return;
    await this.page.waitForTimeout(250);
    await this.page.screenshot({ path: `test-results/${this.lang}-${name}.png`, fullPage });
  }

  async seeText(text: string, within?: Locator): Promise<void> {
    await (within ?? this.page.locator('body')).getByText(text, { exact: false }).filter({ visible: true }).first().waitFor({ state: 'visible' });
  }

  /** Logs in and waits for the shell (its user menu). */
  async logIn(account: string, password: string): Promise<void> {
    await this.submitLogin(account, password);
    await this.page.getByTestId('user-menu').waitFor();
  }

  /** Fills and sends the login form, for a login that may land outside the shell (/403). */
  async submitLogin(account: string, password: string): Promise<void> {
    await this.page.locator('#login-account').fill(account);
    await this.page.locator('#login-password').fill(password);
    await this.page.getByText(ui(this.lang, 'login.acceptTerms')).click();
    await this.page.getByRole('button', { name: ui(this.lang, 'login.submit') }).click();
  }

  async logOut(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByText(ui(this.lang, 'user.logout'), { exact: true }).click();
    await this.page.waitForURL(/\/login/);
    await this.page.locator('#login-account').waitFor();
  }

  async openMenu(label: string): Promise<void> {
    await this.page.getByTestId('main-menu').getByText(label, { exact: true }).click();
  }

  /**
   * Opens a menu group's popup and says whether it holds the entry: the horizontal menu shows a group's
   * entries in a popup of its own.
   */
  async menuGroupHas(group: string, label: string): Promise<boolean> {
    const menu = this.page.getByTestId('main-menu');
    const popup = this.page.locator('.ant-menu-submenu-popup:visible');
    // An entry, not a group's title: a group folded into the overflow item may bear its entry's label.
    const entry = popup.locator('.ant-menu-item').getByText(label, { exact: true });
    // The popup opens on hover after a short delay; a busy machine may miss the first hover.
    // A menu wider than the window folds its last groups into the overflow item ("···"): the group is then an
    // entry of that item's popup, with its own popup beside it.
    const rest = menu.locator('.ant-menu-overflow-item-rest');
    await menu.waitFor();
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.page.mouse.move(0, 400);
      // A folded group's title stays in the bar, unseen: the overflow item is then gone to at once.
      const title = menu.getByText(group, { exact: true }).filter({ visible: true }).first();
      const direct = (await title.count()) > 0 && (await title.hover({ timeout: 3000 }).then(() => true, () => false));
      if (!direct && (await rest.isVisible())) {
        await rest.hover();
        await popup.getByText(group, { exact: true }).hover({ timeout: 5000 }).catch(() => undefined);
      }
      if (await entry.waitFor({ timeout: 5000 }).then(() => true, () => false)) return true;
    }
    return false;
  }

  /** Opens an entry of a menu group, and leaves the page uncovered. */
  async openMenuEntry(group: string, label: string): Promise<void> {
    const popup = this.page.locator('.ant-menu-submenu-popup:visible');
    // The popup opens with an animation: a click while it moves can land on the page below it, whose
    // pointer closes it (seen on a loaded CI machine). Then the group is opened again, at most three times more.
    for (let attempt = 0; ; attempt++) {
      await this.menuGroupHas(group, label);
      const clicked = await popup.locator('.ant-menu-item').getByText(label, { exact: true }).click({ timeout: 10_000 }).then(
        () => true,
        (err: unknown) => {
          if (attempt >= 3) throw err;
          return false;
        },
      );
      if (clicked) break;
    }
    // The popup closes once the pointer leaves it; until then it covers the page below it.
    await this.page.mouse.move(1, 450);
    await expect.poll(() => popup.count(), POLL).toBe(0);
  }

  /** Picks an option of an antd Select (the field's input id), the first one or the one labelled. */
  async pick(inputId: string, label?: string): Promise<string> {
    const input = this.page.locator(`#${inputId}`);
    await input.click();
    // A searchable select's list is virtual (only the rows in view exist): typing the label brings its option in.
    if (label && !(await input.evaluate((el) => (el as HTMLInputElement).readOnly))) await input.fill(label);
    // The dropdown of this select (its listbox is `<input id>_list`): another select's list may still be
    // in the page, closing or on a tab left behind, holding the same option.
    const dropdown = this.page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden):has([id="${inputId}_list"])`);
    const option = label ? dropdown.locator('.ant-select-item-option', { hasText: label }) : dropdown.locator('.ant-select-item-option').first();
    await option.waitFor();
    const text = (await option.textContent()) ?? '';
    await option.click();
    if (label) {
      // Under CI's pace a click on a list just opened was, now and then, not taken (the list
      // stayed open, the field empty); a person would click again, and so does the test.
      const chosen = () => this.page.locator(`#${inputId}`).evaluate((el) => el.closest('.ant-select')?.textContent ?? '');
      const taken = await expect.poll(chosen, { timeout: 3000 }).toContain(label).then(() => true, () => false);
      if (!taken && (await option.isVisible())) await option.click();
      await expect.poll(chosen, POLL).toContain(label);
    }
    return text;
  }

  /** Types a date (YYYY-MM-DD) into an antd DatePicker. */
  async typeDate(inputId: string, date: string): Promise<void> {
    const input = this.page.locator(`#${inputId}`);
    await input.click();
    await input.fill(date);
    await input.press('Enter');
    await expect.poll(() => input.inputValue(), POLL).toBe(date);
  }

  button(name: string, within?: Locator): Locator {
    return (within ?? this.page.locator('body')).getByRole('button', { name, exact: true });
  }

  /** Presses the form's save button, checking its label. */
  async save(label: string): Promise<void> {
    const button = this.page.getByTestId('form-save');
    await expect.poll(() => button.textContent(), POLL).toBe(label);
    await button.click();
  }

  /** The open dialog (confirmation or payload form). */
  dialog(): Locator {
    return this.page.locator('.ant-modal:visible').last();
  }

  /** Presses a lifecycle action on the detail page and waits for its success message. */
  async act(label: string, confirm?: (dialog: Locator) => Promise<void>): Promise<void> {
    await this.button(label, this.page.getByTestId('detail-actions')).click();
    if (confirm) await confirm(this.dialog());
    await this.seeText(ui(this.lang, 'renderer.detail.actionDone', { action: label }));
  }

  /** Calls the API as the logged-in user (its session token), for the steps a test does not take through the pages. */
  async api<T>(method: string, path: string, data?: unknown, contentType?: string): Promise<T> {
    const token = await this.page.evaluate(() => sessionStorage.getItem('portico_token'));
    const headers = { 'Portico-Auth': `bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) };
    const res = await this.page.request.fetch(`${this.baseUrl}${path}`, { method, headers, data });
    const body = (await res.json()) as { data: T };
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
    return body.data;
  }

  async stateTag(): Promise<string> {
    return (await this.page.getByTestId('detail-states').locator('.ant-tag').first().textContent()) ?? '';
  }
}
