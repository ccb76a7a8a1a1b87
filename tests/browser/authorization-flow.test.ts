import { describe, expect, it } from 'vitest';
import { createStaticRegistry, text, type Language } from '../../engine/index.ts';
import MENU from '../../schemas/_menu/menu.json';
import { DEMO_COMPANIES } from '../../server/seed/demo-data.ts';
import { validTrf } from '../support/api-harness.ts';
import { usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';

/**
 * Issue 14, authorizations, through the generic pages: a company (the grantor) requests an
 * authorization for another (the grantee, by customer number and login account), the grantee
 * rejects it with a reason, the grantor requests it again, the grantee audits it — and then sees
 * the grantor's TRF in its TRF list, read-only (access.grantsVisibility).
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const authorization = registry.get('authorization');
const trfRegistration = registry.get('trf');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('an authorization between two companies', () => {
  // One pair of companies per language: an authorization audited in one run stays in force for the next.
  const PAIRS = [
    { lang: 'zh-CN', grantor: 'applicant', grantee: 'supplier', company: 'c-supplier' },
    { lang: 'en-US', grantor: 'buyer', grantee: 'agent', company: 'c-agent' },
  ] as const satisfies readonly { lang: Language; grantor: string; grantee: string; company: string }[];
  for (const { lang, grantor: grantorAccount, grantee: granteeAccount, company } of PAIRS) {
    it(`is requested, rejected with a reason, requested again and audited; the grantee then lists the grantor's TRF (${lang})`, async () => {
      const auth = entityTexts(authorization, lang);
      const trf = trfTexts(lang);
      const granteeCompany = DEMO_COMPANIES.find((c) => c.id === company)!;
      const grantor = await portalServer.signedIn(grantorAccount, lang, '/trf/newList');
      // The grantor's submitted TRF, not naming the grantee.
      const made = await grantor.api<{ id: string; version: number; doc: { trfNo: string } }>('POST', '/api/entities/trf', { doc: validTrf({ selfReference: true }) });
      await grantor.api('POST', `/api/entities/trf/${made.id}/events`, { type: 'SUBMIT', version: made.version });
      const trfNo = made.doc.trfNo;

      const grantee = await portalServer.signedIn(granteeAccount, lang, '/trf/newList');
      await grantee.page.goto(`${portalServer.url}/trf/newList`);
      await grantee.seeText(trf.field('trfNo'));
      expect(await grantee.page.getByRole('link', { name: trfNo }).count()).toBe(0);

      // The grantor requests it from the Company menu's authorization list.
      const { page } = grantor;
      await grantor.openMenuEntry(text(MENU.groups.find((g) => g.id === authorization.entity.menu!.group)!.label, lang), auth.entity);
      await page.waitForURL(/\/customer\/authority$/);
      await grantor.button(ui(lang, 'renderer.list.new')).click();
      await page.waitForURL(/\/customer\/authority\/form$/);
      await grantor.pick('root_grantee_companyId', lang === 'en-US' ? granteeCompany.nameEn : granteeCompany.name);
      await expect.poll(() => page.locator('#root_grantee_customerNo').inputValue(), POLL).toBe(granteeCompany.customerNo);
      await page.locator('#root_grantee_account').fill(granteeAccount);
      await grantor.typeDate('root_validFrom', day(-1));
      await grantor.typeDate('root_validTo', day(30));
      await grantor.shot('authorization-form', false);
      await grantor.save(ui(lang, 'renderer.form.save'));
      await page.waitForURL(/\/customer\/authority\/detail\?id=/);
      await expect.poll(() => grantor.stateTag(), POLL).toBe(auth.status('toBeAudited'));
      const detailUrl = page.url().replace(portalServer.url, '');

      // The grantee rejects it, with a reason.
      await grantee.page.goto(`${portalServer.url}${detailUrl}`);
      await expect.poll(() => grantee.stateTag(), POLL).toBe(auth.status('toBeAudited'));
      await grantee.act(auth.action('REJECT'), async (dialog) => {
        await dialog.locator('textarea').first().fill('Please name our finance account');
        await grantee.shot('authorization-reject', false);
        await grantee.button(auth.action('REJECT'), dialog).click();
      });
      await expect.poll(() => grantee.stateTag(), POLL).toBe(auth.status('rejected'));

      // The grantor requests it again; the grantee audits it.
      await page.reload();
      await expect.poll(() => grantor.stateTag(), POLL).toBe(auth.status('rejected'));
      await grantor.act(auth.action('RESUBMIT'));
      await expect.poll(() => grantor.stateTag(), POLL).toBe(auth.status('toBeAudited'));
      await grantee.page.reload();
      await grantee.act(auth.action('APPROVE'));
      await expect.poll(() => grantee.stateTag(), POLL).toBe(auth.status('audited'));
      await grantee.shot('authorization-audited', false);

      // The grantee's TRF list now holds the grantor's TRF; its detail offers no action.
      await grantee.openMenu(trf.entity);
      const link = grantee.page.getByRole('link', { name: trfNo });
      await link.waitFor();
      await grantee.shot('authorized-trf-list', false);
      await link.click();
      await grantee.page.waitForURL(/\/trf\/trfDetail\?id=/);
      await expect.poll(() => grantee.stateTag(), POLL).toBe(trf.status('submitted'));
      // Read-only: a reader may copy it, never edit it nor send one of its actions.
      const plain = (label: string) => label.replace(/\s/g, '');
      const buttons = (await grantee.page.getByTestId('detail-actions').getByRole('button').allTextContents()).map(plain);
      expect(buttons).toContain(plain(trf.copy));
      const forbidden = [ui(lang, 'renderer.detail.edit'), ...Object.keys(trfRegistration.entity.actions ?? {}).map((e) => trf.action(e))].map(plain);
      expect(buttons.filter((b) => forbidden.includes(b))).toEqual([]);
      await grantor.page.context().close();
      await grantee.page.context().close();
    });
  }
});
