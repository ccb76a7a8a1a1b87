import { describe, expect, it } from 'vitest';
import { createStaticRegistry, text, type Language } from '../../engine/index.ts';
import { DEMO_PASSWORD as PASSWORD, usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';
import { validTrf } from '../support/api-harness.ts';

/**
 * Issue 19, notifications: the applicant chooses in the header's notification centre how "TRF
 * accepted" reaches them; staff accept the applicant's TRF in another browser context; the
 * applicant's bell counts it live, the centre lists it and opens the TRF, and the mail outbox
 * holds the mail only when their choice includes email.
 */
const portalServer = usePortal();

const CASES: {
  lang: Language;
  choice: 'inApp' | 'both';
  mailed: number;
  title: (no: string) => string;
}[] = [
  {
    lang: 'zh-CN',
    choice: 'inApp',
    mailed: 0,
    title: (no) => `测试申请单 ${no} 已受理`,
  },
  {
    lang: 'en-US',
    choice: 'both',
    mailed: 1,
    title: (no) => `TRF ${no} accepted`,
  },
];

describe('the notification centre in the header', () => {
  it.each(CASES)('staff accept a TRF and the applicant sees it live ($lang)', async ({ lang, choice, mailed, title }) => {
    // The account's own language (chosen at registration) is the language its notifications are written in.
    await portalServer.db.query(`update users set settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('language', $1::text) where account = 'applicant'`, [lang]);
    const applicant = await portalServer.signedIn('applicant', lang, '/wel/index');
    // Start from nothing unread (the other language's run left its own).
    await applicant.api('POST', '/api/notifications/read-all');
    const made = await applicant.api<{ id: string; doc: { trfNo: string } }>('POST', '/api/entities/trf', { doc: validTrf() });
    await applicant.api('POST', `/api/entities/trf/${made.id}/events`, {
      type: 'SUBMIT',
      version: 1,
    });
    const trfNo = made.doc.trfNo;

    // The applicant's own choice for "TRF accepted", in the centre's settings.
    const bell = applicant.page.getByTestId('notification-bell');
    await bell.click();
    await applicant.page.getByTestId('notification-settings').click();
    const prefs = applicant.page.getByTestId('notification-preferences');
    await prefs.getByTestId('preference-trfAccepted').locator('.ant-select').click();
    await applicant.page
      .locator('.ant-select-item-option', {
        hasText: ui(lang, `notifications.choice.${choice}`),
      })
      .click();
    await applicant.shot('notification-preferences');
    await prefs.getByRole('button', { name: ui(lang, 'notifications.save') }).click();
    await applicant.seeText(ui(lang, 'notifications.saved'));
    await expect.poll(() => applicant.page.getByTestId('notification-unread').innerText(), POLL).toContain('1');

    const staff = await portalServer.open(lang, `/trf/trfDetail?id=${encodeURIComponent(made.id)}`);
    await staff.logIn('staff', PASSWORD);
    await staff.page.waitForURL(/\/trf\/trfDetail\?id=/);
    await staff.act(text(createStaticRegistry().get('trf').entity.actions!.ACCEPT_APPLICATION!.label, lang));

    // Live: the applicant's page was not reloaded.
    await expect.poll(() => applicant.page.getByTestId('notification-unread').innerText(), POLL).toContain('2');
    await bell.click();
    const item = applicant.page.getByTestId('notification-item').filter({ hasText: title(trfNo) });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    await applicant.shot('notification-centre');
    await item.getByText(title(trfNo)).click();
    await applicant.page.waitForURL(/\/trf\/trfDetail\?id=/);
    expect(applicant.page.url()).toContain(encodeURIComponent(made.id));
    await expect.poll(() => applicant.page.getByTestId('notification-unread').innerText(), POLL).toContain('1');
    await bell.click();
    await applicant.page.getByTestId('notification-read-all').click();
    await expect
      .poll(
        () =>
          applicant.page
            .getByTestId('notification-unread')
            .innerText()
            .catch(() => ''),
        POLL,
      )
      .not.toMatch(/[1-9]/);

    const { rows } = await portalServer.db.query<{ subject: string }>('select subject from outbox where to_address = $1 and subject = $2', ['applicant@demo.portico.dev', title(trfNo)]);
    expect(rows).toHaveLength(mailed);
    await applicant.page.context().close();
    await staff.page.context().close();
  });
});
