import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/** The user's own pages: information and settings (home page after login); the guide: legal-guide-errors.test.ts. */
const portalServer = usePortal();

describe('user pages', () => {
  // One language (CI time): the TRF flow runs in the other.
  for (const lang of ['zh-CN'] as Language[]) {
    it(`edits the user information, sets the home page and lands there after login (${lang})`, async () => {
      const portal = await portalServer.open(lang);
      const { page } = portal;
      const account = lang === 'en-US' ? 'agent' : 'manufacturer';
      await portal.logIn(account, DEMO_PASSWORD);
      await page.getByTestId('user-menu').click();
      await page.getByText(ui(lang, 'user.info'), { exact: true }).click();
      await page.waitForURL(/\/info\/index$/);
      await page.locator('#info-mobile').fill('123');
      await page.getByTestId('info-save').click();
      await portal.seeText('11');
      await page.locator('#info-mobile').fill(lang === 'en-US' ? '13800001111' : '13900002222');
      await page.locator('#info-userName').fill(`Renamed ${lang}`);
      await page.getByTestId('info-save').click();
      await portal.seeText(ui(lang, 'userInfo.saved'));
      await expect.poll(() => page.getByTestId('user-menu').textContent(), POLL).toBe(`Renamed ${lang}`);
      await portal.shot('user-info');

      await page.goto(`${portalServer.url}/personality/settings`);
      await portal.pick('settings-home', trfTexts(lang).entity);
      await page.getByTestId('settings-save').click();
      await portal.seeText(ui(lang, 'settings.saved'));
      await portal.shot('settings');

      await portal.logOut();
      await portal.logIn(account, DEMO_PASSWORD);
      await page.waitForURL(/\/trf\/newList$/);
      await page.context().close();
    });
  }
});
