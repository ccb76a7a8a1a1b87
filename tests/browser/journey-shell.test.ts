import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createStaticRegistry, text, type Language } from '../../engine/index.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { trfTexts, ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * Issue 53, the shell's seams, in both languages: a detail route opened without a record goes to
 * its list with a message (one rule for every detail page); the maintenance notice announced, then
 * in progress (its blocking dialog alone, the announcement closed), then finished (no dialog left,
 * nothing kept); a comment's recipients typed as email tags (a bad address refused in words, the cap
 * of 10 counted); a TRF handed on /trf/trfDetailTransfer to another applicant, who finds and opens it.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const trfReg = registry.get('trf');
const protocolReg = registry.get('protocol');

type Made = { id: string; version: number; doc: { trfNo: string } };
const doc = () => ({
  template: 'TPL-TOYS',
  sampleReceivedDate: '2026-11-01',
  dueDate: '2026-11-10',
  buyer: { companyId: 'c-buyer', name: 'Demo Buyer Co., Ltd.', contactName: 'Wang', contactEmail: 'wang@example.com' },
  applicant: { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.', contactName: 'Zhang', contactEmail: 'zhang@example.com' },
  samples: [{ sampleNo: 'S-1', description: 'Knitted top' }],
});

const setting = (content: unknown) => JSON.stringify({ type: typeof content, content, datetime: 0 });
/** The notice is polled every second on this test host (the local settings the client reads for that). */
async function watchNotices(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([hosts, poll]) => {
      localStorage.setItem('portico-noticeSkipHosts', hosts!);
      localStorage.setItem('portico-noticePollMs', poll!);
    },
    [setting([]), setting(1000)],
  );
}

async function signedIn(lang: Language, account: string, watch = false): Promise<PortalPage> {
  const portal = await portalServer.open(lang, '/wel/index');
  if (watch) {
    await watchNotices(portal.page.context());
    await portal.page.reload();
  }
  await portal.logIn(account, PASSWORD);
  return portal;
}

/** Opens a detail route without an id and expects its list, with the message naming the entity. */
async function expectListWithMessage(portal: PortalPage, detail: string, list: RegExp, entity: string): Promise<void> {
  await portal.page.goto(`${portal.baseUrl}${detail}`);
  await portal.page.waitForURL(list);
  const message = portal.page.getByTestId('detail-no-record');
  await message.waitFor();
  expect(await message.textContent()).toBe(ui(portal.lang, 'renderer.detail.noRecord', { entity }));
  await portal.page.locator('.ant-table, [data-testid="kind-records-empty"], [data-testid="template-list"]').first().waitFor();
}

describe('the shell across modules (issue 53)', () => {
  it.each<Language>(['zh-CN', 'en-US'])('detail routes without an id, the maintenance notice, comment recipients and a TRF transfer (%s)', async (lang) => {
    const trf = trfTexts(lang);
    // 12. One rule for every detail route opened without a record: its list, with a message — a buyer's TRF detail included.
    const buyer = await signedIn(lang, 'buyer', true);
    await expectListWithMessage(buyer, '/trf/trfDetail', /\/trf\/newList$/, text(trfReg.entity.label, lang));
    await buyer.shot('shell-no-id-trf');
    await expectListWithMessage(buyer, '/protocol/detail', /\/protocol\/list$/, text(protocolReg.entity.label, lang));
    await buyer.page.goto(`${buyer.baseUrl}/form/detail`);
    await buyer.page.waitForURL(/\/form\/list$/);
    expect(await buyer.page.getByTestId('detail-no-record').textContent()).toBe(ui(lang, 'renderer.detail.noRecord', { entity: ui(lang, 'designer.route.detail') }));

    // 13. Announced, then in progress: the blocking dialog alone (the announcement closed, never stacked under it); finished: no dialog, nothing kept.
    const staff = await signedIn(lang, 'staff');
    const remark = { cn: `系统升级 ${lang}`, en: `System upgrade ${lang}` };
    const shown = lang === 'zh-CN' ? remark.cn : remark.en;
    const notice = await staff.api<{ id: string }>('POST', '/api/notices', {
      startDateTime: new Date(Date.now() + 3_600_000).toISOString(),
      finishDateTime: new Date(Date.now() + 7_200_000).toISOString(),
      publishRemark: remark,
    });
    const upcoming = buyer.page.getByTestId('notice-upcoming');
    await upcoming.waitFor();
    expect(await upcoming.textContent()).toContain(shown);
    await buyer.shot('shell-notice-upcoming');
    await staff.api('POST', `/api/notices/${notice.id}/start`);
    const blocking = buyer.page.getByTestId('notice-blocking-body');
    await blocking.waitFor();
    await upcoming.waitFor({ state: 'detached' });
    await expect.poll(() => buyer.page.locator('.ant-modal:visible').count(), POLL).toBe(1);
    await buyer.shot('shell-notice-in-progress');
    await staff.api('POST', `/api/notices/${notice.id}/finish`);
    await expect.poll(() => buyer.page.locator('.ant-modal:visible').count(), POLL).toBe(0);
    await expect.poll(() => buyer.page.evaluate(() => sessionStorage.getItem('portico_notice')), POLL).toBeNull();
    await buyer.shot('shell-notice-finished');
    await buyer.page.context().close();
    await staff.page.context().close();

    // 14. A comment's recipients: email tags, a bad address refused in words, the cap of 10 counted.
    const applicant = await signedIn(lang, 'applicant');
    const draft = await applicant.api<Made>('POST', '/api/entities/trf', { doc: doc() });
    await applicant.page.goto(`${applicant.baseUrl}/trf/trfDetail?id=${draft.id}`);
    const card = applicant.page.getByTestId('belonging-trfComment');
    await card.getByTestId('belonging-add').click();
    const dialog = applicant.dialog();
    await dialog.locator('#root_body').fill(`Handing over ${lang}`);
    const recipients = dialog.locator('#root_recipients');
    await recipients.fill('not-an-address');
    await recipients.press('Enter');
    const item = lang === 'zh-CN' ? '邮箱' : 'Email';
    await applicant.seeText(ui(lang, 'renderer.form.tagsInvalid', { item, value: 'not-an-address' }), dialog);
    const to = [1, 2, 3].map((i) => `shell${i}.${lang.toLowerCase()}@example.com`);
    for (const address of to) {
      await recipients.fill(address);
      await recipients.press('Enter');
    }
    await applicant.seeText(ui(lang, 'renderer.form.tagsCount', { count: 3, max: 10 }), dialog);
    expect(await dialog.getByTestId('tags-refused-root_recipients').count()).toBe(0);
    await applicant.shot('shell-comment-recipients', false);
    await applicant.button(ui(lang, 'renderer.belonging.post'), dialog).click();
    await applicant.seeText(`Handing over ${lang}`, card);
    const saved = await portalServer.db.query<{ recipients: string[] }>("select doc->'recipients' as recipients from records where entity = 'trfComment' and doc->>'body' = $1", [`Handing over ${lang}`]);
    expect(saved.rows.map((r) => r.recipients)).toEqual([to]);

    // 15. The TRF handed to another applicant account on /trf/trfDetailTransfer; the new author finds it in its list and opens it.
    await applicant.page.goto(`${applicant.baseUrl}/trf/trfDetailTransfer?id=${draft.id}`);
    const transferDialog = applicant.dialog();
    await applicant.pick('root_account', '孙管理员');
    await applicant.shot('shell-transfer', false);
    await applicant.button(trf.action('TRANSFER'), transferDialog).click();
    await applicant.seeText(ui(lang, 'renderer.detail.actionDone', { action: trf.action('TRANSFER') }));
    await applicant.page.context().close();

    const admin = await signedIn(lang, 'admin');
    await admin.page.goto(`${admin.baseUrl}/trf/newList`);
    const row = admin.page.locator('tr', { hasText: draft.doc.trfNo });
    await row.waitFor();
    await row.getByRole('link', { name: draft.doc.trfNo }).click();
    await admin.page.waitForURL(new RegExp(`/trf/trfDetail\\?id=${draft.id}`));
    await admin.seeText('孙管理员', admin.page.getByTestId('entity-detail'));
    await admin.seeText(`Handing over ${lang}`, admin.page.getByTestId('belonging-trfComment'));
    await admin.shot('shell-transferred-detail');
    await admin.page.context().close();
  });
});
