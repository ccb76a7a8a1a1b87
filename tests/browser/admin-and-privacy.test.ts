import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';

/** Issue 58 items 6 and 7: staff open every administration screen and act on rows; a user downloads their personal data. */
const portalServer = usePortal();

/** Each screen (/admin/{view}) and its first column. */
const SCREENS = { lockedAccounts: 'account', failedMail: 'createdAt', dueTimers: 'machine', failedEffects: 'createdAt', connections: 'host', noticeSchedule: 'status' };

describe('administration screens and personal data', () => {
  for (const lang of ['zh-CN', 'en-US'] as Language[]) {
    it(`shows each administration screen, unlocks an account, discards failed mail, closes an account and downloads personal data (${lang})`, async () => {
      const locked = `locked-${lang.toLowerCase()}`;
      const subject = `Failed ${lang}`;
      await portalServer.db.query("insert into login_throttle (account_key, failures, locks, locked_until) values ($1, 5, 1, now() + interval '15 minutes')", [locked]);
      await portalServer.db.query("insert into outbox (to_address, subject, body, status, attempts, last_error) values ('nobody@example.com', $1, 'Body', 'failed', 8, 'refused')", [subject]);
      const portal = await portalServer.signedIn('staff', lang);
      const { page } = portal;
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
      });

      for (const [view, firstColumn] of Object.entries(SCREENS)) {
        await page.goto(`${portalServer.url}/admin/${view}`);
        const table = page.getByTestId(`admin-view-${view}`);
        await portal.seeText(ui(lang, `adminViews.${view}.title`), table);
        await portal.seeText(ui(lang, `adminViews.${view}.columns.${firstColumn}`), table);
        if (view === 'lockedAccounts') {
          await portal.seeText(locked, table);
          await page.getByTestId(`unlock-${locked}`).click();
          await portal.seeText(ui(lang, 'adminViews.done.unlock'));
          await expect.poll(() => table.getByText(locked).count()).toBe(0);
        }
        if (view === 'failedMail') {
          await portal.seeText(subject, table);
          await table.getByRole('button', { name: ui(lang, 'adminViews.actions.discard') }).first().click();
          await page.locator('.ant-popconfirm').getByRole('button', { name: ui(lang, 'adminViews.actions.discard') }).click();
          await portal.seeText(ui(lang, 'adminViews.done.discard'));
        }
        if (view === 'connections') await portal.seeText(String(process.pid), table);
        await portal.shot(`admin-${view}`);
      }

      // Closing an account asks first and cannot be undone (one language: CI time).
      if (lang === 'en-US') {
        await page.goto(`${portalServer.url}/accountPost/index`);
        await page.getByTestId('account-search').locator('input').fill('manufacturer');
        await page.getByTestId('account-search').locator('input').press('Enter');
        await page.getByTestId('close-manufacturer').click();
        await portal.seeText(ui(lang, 'accountPosts.closeConfirm'));
        await page.locator('.ant-popconfirm').getByRole('button', { name: ui(lang, 'accountPosts.close') }).click();
        await portal.seeText(ui(lang, 'accountPosts.closed', { account: 'manufacturer' }));
        // Its name is gone: the search for it finds nothing any more.
        await expect.poll(() => page.getByTestId('account-posts').getByText('manufacturer', { exact: true }).count()).toBe(0);
        await portal.shot('account-closed');
      }

      await page.goto(`${portalServer.url}/info/index`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('personal-data-download').click()]);
      expect(download.suggestedFilename()).toMatch(/^personal-data-staff-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(data.account).toMatchObject({ account: 'staff', email: 'staff@demo.portico.dev' });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
