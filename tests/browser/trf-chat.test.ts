import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Issue 19: an applicant and a staff member chat on a TRF, each in a browser context of their own,
 * through the real server's socket: each message shows on the other side live, the header counts
 * live what the other has not read, and the panel says when it is connected; a file sent with a
 * message opens on the other side. When the applicant's
 * browser goes offline the panel says so at once; back online it reconnects by itself and shows
 * what was said meanwhile.
 */
const portalServer = usePortal({ demoRecords: true });

describe('chat on a TRF in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('the applicant and staff chat on a TRF (%s)', async (lang) => {
    const { rows } = await portalServer.db.query<{ id: string; trf_no: string }>(
      "select id, doc->>'trfNo' as trf_no from records where entity = 'trf' and company_id = 'c-applicant' and state <> 'draft' order by id limit 1",
    );
    const trf = rows[0]!;
    const detail = `/trf/trfDetail?id=${encodeURIComponent(trf.id)}`;
    const applicant = await portalServer.signedIn('applicant', lang, detail);
    const staff = await portalServer.signedIn('staff', lang, detail);
    for (const p of [applicant, staff]) {
      await p.page.waitForURL(/\/trf\/trfDetail\?id=/);
      await p.page.getByTestId('chat-panel').waitFor();
      await expect.poll(() => p.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('connected');
    }
    await applicant.seeText(ui(lang, 'chat.status.connected'), applicant.page.getByTestId('chat-panel'));

    const question = lang === 'zh-CN' ? `样品已寄出，请查收（${Date.now()}）` : `Samples shipped today (${Date.now()})`;
    await applicant.page.getByTestId('chat-input').fill(question);
    await applicant.page.getByTestId('chat-send').click();
    await staff.seeText(question, staff.page.getByTestId('chat-messages'));
    await applicant.seeText(question, applicant.page.getByTestId('chat-messages'));
    await staff.seeText(ui(lang, 'chat.customer'), staff.page.getByTestId('chat-messages'));

    const answer = lang === 'zh-CN' ? '收到，我们会尽快安排测试' : 'Received: testing starts tomorrow';
    await staff.page.getByTestId('chat-input').fill(answer);
    await staff.page.getByTestId('chat-input').press('Enter');
    await applicant.seeText(answer, applicant.page.getByTestId('chat-messages'));
    await applicant.seeText(ui(lang, 'chat.staff'), applicant.page.getByTestId('chat-messages'));
    // A file goes with a message (SPEC §5 upload rules); the other side opens it from the chat.
    const pdf = { name: `sample-photos-${lang}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% chat attachment\n') };
    await applicant.page.getByTestId('chat-panel').locator('input[type=file]').setInputFiles(pdf);
    await applicant.seeText(pdf.name, applicant.page.getByTestId('chat-attached'));
    await applicant.page.getByTestId('chat-send').click();
    const link = staff.page.getByTestId('chat-messages').getByRole('link', { name: pdf.name });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(await staff.page.evaluate(async (url) => (await fetch(url!)).status, href)).toBe(200);
    await applicant.shot('trf-chat-applicant');
    await staff.shot('trf-chat-staff');

    // The applicant's network goes: the panel says offline (not "connected" until a ping fails), and back online it reconnects alone.
    await applicant.page.context().setOffline(true);
    await expect.poll(() => applicant.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('offline');
    await applicant.seeText(ui(lang, 'chat.status.offline'), applicant.page.getByTestId('chat-panel'));
    const meanwhile = lang === 'zh-CN' ? '样品已收到' : 'Samples received';
    await staff.page.getByTestId('chat-input').fill(meanwhile);
    await staff.page.getByTestId('chat-send').click();
    await staff.seeText(meanwhile, staff.page.getByTestId('chat-messages'));
    await applicant.shot('trf-chat-offline');
    await applicant.page.context().setOffline(false);
    await expect.poll(() => applicant.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('connected');
    await applicant.seeText(meanwhile, applicant.page.getByTestId('chat-messages'));

    // Away from the TRF, a message from staff counts as unread in the applicant's header at once, and leads back to the TRF.
    await applicant.page.goto(`${portalServer.url}/trf/newList`);
    await applicant.page.getByTestId('chat-unread-menu').waitFor();
    const later = lang === 'zh-CN' ? '报告预计周五签发' : 'The report is due on Friday';
    await staff.page.getByTestId('chat-input').fill(later);
    await staff.page.getByTestId('chat-send').click();
    await staff.seeText(later, staff.page.getByTestId('chat-messages'));
    // Pushed on the applicant's own socket: no reload, and sooner than the header's one-minute refresh.
    await expect.poll(() => applicant.page.getByTestId('chat-unread-total').innerText(), POLL).toContain('1');
    await applicant.page.getByTestId('chat-unread-menu').click();
    await applicant.page.getByText(ui(lang, 'chat.unreadIn', { number: trf.trf_no, count: 1 })).click();
    await applicant.page.waitForURL(/\/trf\/trfDetail\?id=/);
    await applicant.seeText(later, applicant.page.getByTestId('chat-messages'));
    await expect.poll(() => applicant.page.getByTestId('chat-unread-total').innerText().catch(() => ''), POLL).not.toContain('1');
    await applicant.shot('trf-chat-header');
    await applicant.page.context().close();
    await staff.page.context().close();
  });
});
