import { describe, expect, it } from 'vitest';
import { text, STATIC_ACCESS, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * Issue 12, item 3: a customer admin gives an account of their company a post, and the account
 * then finds the page the post grants in its menu; internal staff see every company's accounts.
 */
const portalServer = usePortal();
const post = (lang: Language, name: string) => text(STATIC_ACCESS.posts[name]!.label, lang);
const ADMINISTRATION = { 'zh-CN': '系统管理', 'en-US': 'Administration' } as const;
const WORKFLOWS = { 'zh-CN': '生命周期状态机', 'en-US': 'Lifecycle machines' } as const;

/** Opens the Administration group of the horizontal menu and says whether it holds the item. */
async function adminMenuHas(portal: PortalPage, lang: Language, item: string): Promise<boolean> {
  const menu = portal.page.getByTestId('main-menu');
  // The server's menu arrives whole: once the dashboard is in, so is the rest.
  await menu.getByText(ui(lang, 'route.dashboard'), { exact: true }).waitFor();
  if (!(await menu.getByText(ADMINISTRATION[lang], { exact: true }).count())) return false;
  return portal.menuGroupHas(ADMINISTRATION[lang], item);
}

describe('account posts', () => {
  it('a customer admin gives an account a post, and the account then has the page it grants (zh-CN)', async () => {
    const lang: Language = 'zh-CN';
    const before = await portalServer.signedIn('applicant', lang, '/wel/index');
    expect(await adminMenuHas(before, lang, WORKFLOWS[lang])).toBe(false);
    await before.page.context().close();

    const admin = await portalServer.signedIn('admin', lang, '/accountPost/index');
    const { page } = admin;
    await page.waitForURL(/\/accountPost\/index$/);
    const table = page.getByTestId('account-posts');
    await admin.seeText('applicant', table);
    expect(await table.getByText('buyer', { exact: true }).count(), 'another company\'s account is not listed').toBe(0);
    expect(await page.locator('#account-posts-company').count(), 'no company filter for a customer admin').toBe(0);
    await page.getByTestId('posts-applicant').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: post(lang, 'reportReviewer') }).click();
    await page.keyboard.press('Escape');
    await admin.shot('account-posts-editing');
    await page.getByTestId('save-posts-applicant').click();
    await admin.seeText(ui(lang, 'accountPosts.saved', { account: 'applicant' }));
    await admin.seeText(ui(lang, 'accountPosts.changedBy', { time: '', name: '孙管理员' }).trim(), table);
    await admin.shot('account-posts');
    await page.getByTestId('account-posts').locator('tr', { hasText: 'applicant' }).first().getByRole('button', { name: ui(lang, 'accountPosts.history') }).click();
    await admin.seeText(post(lang, 'reportReviewer'), admin.dialog());
    await admin.shot('account-posts-history');
    await page.context().close();

    const after = await portalServer.signedIn('applicant', lang, '/wel/index');
    expect(await adminMenuHas(after, lang, WORKFLOWS[lang])).toBe(true);
    await after.page.locator('.ant-menu-submenu-popup:visible').getByText(WORKFLOWS[lang], { exact: true }).click();
    await after.page.waitForURL(/\/workflows$/);
    await expect.poll(() => after.page.title(), POLL).toContain(WORKFLOWS[lang]);
    await after.page.context().close();
  });

  it('internal staff see every company\'s accounts, filter them by company and give posts (en-US)', async () => {
    const lang: Language = 'en-US';
    const staff = await portalServer.signedIn('staff', lang, '/accountPost/index');
    const { page } = staff;
    await page.waitForURL(/\/accountPost\/index$/);
    await expect.poll(() => page.title(), POLL).toContain(ui(lang, 'route.accountPosts'));
    const table = page.getByTestId('account-posts');
    await staff.seeText('buyer', table);
    await staff.seeText('applicant', table);
    await staff.shot('account-posts-all');
    await staff.pick('account-posts-company', '演示买家有限公司');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), POLL).toBe(1);
    await page.getByTestId('posts-buyer').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: post(lang, 'finance') }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('save-posts-buyer').click();
    await staff.seeText(ui(lang, 'accountPosts.saved', { account: 'buyer' }));
    await staff.shot('account-posts-company');
    await page.context().close();
  });
});
