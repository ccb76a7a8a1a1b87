import { describe, expect, it } from 'vitest';
import { createStaticRegistry, productMenu, text, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { POLL, type PortalPage } from './portal-page.ts';

/**
 * The TRF's declared work lists and comments in the browser (issue 15): the to-do list shows a
 * TRF waiting on the user with counts per action, the Lululemon variant its own columns, a draft
 * appears under saved drafts, a comment with 3 recipients posted from the TRF's page lands in
 * the outbox, the TRF prints from its preview, and a draft is handed to another applicant account. Screenshots go to test-results/.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const trfReg = registry.get('trf');
const comment = registry.get('trfComment');
const GROUP = productMenu().groups.find((g) => g.id === 'trf')!.label;
const listLabel = (name: string, lang: Language) => text(trfReg.entity.routes.partyLists!.find((l) => l.name === name)!.label, lang);

type Made = { id: string; version: number; doc: { trfNo: string } };
const doc = (buyerName: string) => ({
  template: 'TPL-TOYS',
  sampleReceivedDate: '2026-11-01',
  dueDate: '2026-11-10',
  buyer: { companyId: 'c-buyer', name: buyerName, contactName: 'Wang', contactEmail: 'wang@example.com' },
  applicant: { companyId: 'c-applicant', name: 'Demo Applicant Co., Ltd.', contactName: 'Zhang', contactEmail: 'zhang@example.com' },
  samples: [{ sampleNo: 'S-1', description: 'Knitted top' }],
});
const make = (p: PortalPage, buyerName = 'Demo Buyer Co., Ltd.') => p.api<Made>('POST', '/api/entities/trf', { doc: doc(buyerName) });
const submit = (p: PortalPage, r: Made) => p.api<Made>('POST', `/api/entities/trf/${r.id}/events`, { type: 'SUBMIT', version: r.version });

describe('TRF work lists and comments in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('to-do lists with counts, the Lululemon variant, drafts and a comment mailed to 3 recipients (%s)', async (lang) => {
    const trf = trfTexts(lang);
    const group = text(GROUP, lang);
    const applicant = await portalServer.signedIn('applicant', lang, '/wel/index');
    const draft = await make(applicant);
    const submitted = await submit(applicant, await make(applicant));
    await submit(applicant, await make(applicant, 'Lululemon'));
    const lulu = (await applicant.api<{ items: Made[] }>('GET', '/api/entities/trf?list=todoLululemon')).items;

    // The applicant's to-do list: the draft waits on it (Submit), counted in the header.
    await applicant.openMenuEntry(group, listLabel('todo', lang));
    await applicant.page.waitForURL(/\/trf\/todoList/);
    await applicant.seeText(listLabel('todo', lang), applicant.page.getByRole('heading'));
    await applicant.seeText(draft.doc.trfNo, applicant.page.locator('.ant-table'));
    const submitCount = applicant.page.getByTestId('todo-count-SUBMIT');
    await expect.poll(() => submitCount.textContent(), POLL).toContain(trf.action('SUBMIT'));
    expect(await applicant.page.locator('tr', { hasText: submitted.doc.trfNo }).count()).toBe(0);
    await applicant.shot(`trf-todo-applicant-${lang}`);

    // Saved drafts: the draft, not the submitted TRF.
    await applicant.openMenuEntry(group, listLabel('drafts', lang));
    await applicant.page.waitForURL(/\/trf\/temp/);
    await applicant.seeText(draft.doc.trfNo, applicant.page.locator('.ant-table'));
    expect(await applicant.page.locator('tr', { hasText: submitted.doc.trfNo }).count()).toBe(0);
    await applicant.shot(`trf-temp-${lang}`);

    // A comment with 3 recipients on the submitted TRF's page, then a reply.
    await applicant.page.goto(`${applicant.baseUrl}/trf/trfDetail?id=${submitted.id}`);
    const card = applicant.page.getByTestId('belonging-trfComment');
    await card.getByTestId('belonging-add').click();
    const dialog = applicant.dialog();
    await dialog.locator('#root_body').fill(`Samples shipped ${lang}`);
    const to = [1, 2, 3].map((i) => `qa${i}.${lang.toLowerCase()}@example.com`);
    // The recipients are an email tag input (x-widget: tags): typed, Enter adds each.
    for (const address of to) {
      await dialog.locator('#root_recipients').fill(address);
      await dialog.locator('#root_recipients').press('Enter');
    }
    await applicant.shot(`trf-comment-form-${lang}`, false);
    await applicant.button(ui(lang, 'renderer.belonging.post'), dialog).click();
    await applicant.seeText(`Samples shipped ${lang}`, card);
    await card.getByTestId('belonging-reply').first().click();
    await applicant.dialog().locator('#root_body').fill('Tracking no. 42');
    await applicant.button(ui(lang, 'renderer.belonging.post'), applicant.dialog()).click();
    await applicant.seeText('Tracking no. 42', card);
    await expect.poll(() => card.getByTestId('belonging-item').count(), POLL).toBe(2);
    await applicant.shot(`trf-comments-${lang}`);
    const sent = async () => (await portalServer.db.query<{ to_address: string }>('select to_address from outbox where to_address = any($1::text[]) order by to_address', [to])).rows.map((r) => r.to_address);
    await expect.poll(sent, POLL).toEqual(to);

    // The printable preview (/trf/previewCA2), as the browser prints it to PDF.
    await applicant.page.getByTestId('detail-print').click();
    await applicant.page.waitForURL(/\/trf\/previewCA2\?id=/);
    const preview = applicant.page.getByTestId('entity-print');
    await applicant.seeText(submitted.doc.trfNo, preview);
    await applicant.seeText(ui(lang, 'renderer.print.print'), preview);
    await applicant.page.emulateMedia({ media: 'print' });
    expect(await applicant.page.getByTestId('print-button').isVisible()).toBe(false);
    await applicant.shot(`trf-preview-print-${lang}`);
    await applicant.page.emulateMedia({ media: 'screen' });
    await applicant.shot(`trf-preview-${lang}`);

    // The draft handed to another applicant account of the company on /trf/trfDetailTransfer (its detail with the
    // Transfer dialog open, routes.actionPages): recorded in its history, the new author shown.
    await applicant.page.goto(`${applicant.baseUrl}/trf/trfDetailTransfer?id=${draft.id}`);
    const transferDialog = applicant.dialog();
    await applicant.pick('root_account', '孙管理员');
    await applicant.shot(`trf-transfer-${lang}`, false);
    await applicant.button(trf.action('TRANSFER'), transferDialog).click();
    await applicant.seeText(ui(lang, 'renderer.detail.actionDone', { action: trf.action('TRANSFER') }));
    await applicant.seeText('孙管理员', applicant.page.getByTestId('entity-detail'));
    const transferred = await applicant.api<{ createdByName: string }>('GET', `/api/entities/trf/${draft.id}`);
    expect(transferred.createdByName).toBe('孙管理员');
    await applicant.page.context().close();

    // Staff: their to-do list counts what waits on the lab; the Lululemon list has its own columns.
    const staff = await portalServer.signedIn('staff', lang, '/wel/index');
    await staff.openMenuEntry(group, listLabel('todo', lang));
    await staff.page.waitForURL(/\/trf\/todoList/);
    await staff.seeText(submitted.doc.trfNo, staff.page.locator('.ant-table'));
    await expect.poll(() => staff.page.getByTestId('todo-count-ACCEPT_APPLICATION').textContent(), POLL).toContain(trf.action('ACCEPT_APPLICATION'));
    await staff.shot(`trf-todo-staff-${lang}`);
    await staff.openMenuEntry(group, listLabel('todoLululemon', lang));
    await staff.page.waitForURL(/\/trf\/todoListForLululemon/);
    const vendor = text(trfReg.entity.routes.partyLists!.find((l) => l.name === 'todoLululemon')!.columns!.find((c) => c.field === 'applicant.name')!.label, lang);
    await staff.seeText(vendor, staff.page.locator('.ant-table-thead'));
    for (const r of lulu) await staff.seeText(r.doc.trfNo, staff.page.locator('.ant-table'));
    expect(await staff.page.locator('tr', { hasText: submitted.doc.trfNo }).count()).toBe(0);
    await staff.shot(`trf-todo-lululemon-${lang}`);
    // The comments are on the TRF's page for staff too.
    await staff.page.goto(`${staff.baseUrl}/trf/trfDetail?id=${submitted.id}`);
    await staff.seeText(`Samples shipped ${lang}`, staff.page.getByTestId('belonging-trfComment'));
    await staff.seeText(entityTexts(comment, lang).entity, staff.page.getByTestId('belonging-trfComment'));
    await staff.page.context().close();
  });
});
