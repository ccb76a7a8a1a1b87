import { describe, expect, it } from 'vitest';
import { createStaticRegistry, enumLabel, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * The document library in the browser (issue 18): staff publish a document with its title visible
 * to everyone and authorize one customer group to read it; a member of the group (the buyer, in
 * Retail brands) reads it, a non-member (the applicant) finds its title and is told it may not read it.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const document = registry.get('document');

describe('document library in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('staff publish a document for one customer group; a member reads it, others see the title only (%s)', async (lang) => {
    const name = `Retail care labels ${lang}`;
    const url = `https://www.sgs.com/care-labels-${lang.toLowerCase()}`;
    const staff = await portalServer.signedIn('staff', lang, '/document/form');
    await staff.page.waitForURL(/\/document\/form$/);
    await staff.page.locator('#root_name').fill(name);
    await staff.pick('root_theme', enumLabel(document.schema.properties.theme, 'guide', lang));
    await staff.pick('root_productLine', enumLabel(document.schema.properties.productLine, 'softlines', lang));
    await staff.page.locator('#root_url').fill(url);
    await staff.page.locator('#root_titleOnly').check();
    await staff.shot('document-form');
    await staff.page.getByTestId('form-save').click();
    await staff.page.waitForURL(/\/document\/detail\?id=/);
    // Who may read it: the Retail brands customer group.
    await staff.page.goto(`${staff.baseUrl}/document/authorization/form`);
    await staff.pick('root_documentId', name);
    await staff.pick('root_customerGroups', lang === 'zh-CN' ? '零售品牌客户组' : 'Retail brands');
    await staff.page.getByTestId('form-save').click();
    await staff.page.waitForURL(/\/document\/authorization\/detail\?id=/);
    await staff.seeText(name);
    await staff.shot('document-authorization');
    await staff.page.context().close();

    // A member of the group reads the document.
    const buyer = await portalServer.signedIn('buyer', lang, '/document/list');
    await buyer.page.waitForURL(/\/document\/list/);
    await buyer.page.locator('tr', { hasText: name }).getByText(name, { exact: true }).click();
    await buyer.page.waitForURL(/\/document\/detail\?id=/);
    await buyer.seeText(url);
    expect(await buyer.page.getByTestId('title-only').count()).toBe(0);
    await buyer.shot('document-member');
    await buyer.page.context().close();

    // A non-member finds the title, and is told that is all it may see.
    const applicant = await portalServer.signedIn('applicant', lang, '/document/list');
    await applicant.page.waitForURL(/\/document\/list/);
    const row = applicant.page.locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.getByText(url).count()).toBe(0);
    await applicant.shot('document-list-title-only');
    await row.getByText(name, { exact: true }).click();
    await applicant.page.waitForURL(/\/document\/detail\?id=/);
    await applicant.seeText(ui(lang, 'renderer.detail.titleOnly'));
    await expect.poll(() => applicant.page.getByText(url).count(), POLL).toBe(0);
    await applicant.shot('document-title-only');
    await applicant.page.context().close();
  });
});
