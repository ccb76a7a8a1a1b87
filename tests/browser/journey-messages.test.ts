import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';

const portalServer = usePortal();

/** The labels of the company form's fields (schemas/company/company.schema.json). */
const LABELS = {
  nameEn: { 'zh-CN': '公司英文名称', 'en-US': 'Company name (English)' },
  taxNo: { 'zh-CN': '税号（统一社会信用代码）', 'en-US': 'Tax number (unified social credit code)' },
} as const;

const quoted = (label: string, lang: Language) => (lang === 'zh-CN' ? `“${label}”` : `"${label}"`);

/**
 * A form's validation messages in the browser name their field by its label and are written for
 * people in the user's language (issue 53 item 8): a customer admin editing their company sees
 * a too-long English name and a wrong tax number refused under each field, in both languages,
 * and none of ajv's wording ("must …", "应当 …").
 */
describe('validation messages in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('name the field by its label, for people (%s)', async (lang) => {
    const portal = await portalServer.signedIn('admin', lang, '/company/info');
    const { page } = portal;
    await page.waitForURL(/\/company\/info$/);
    await portal.button(ui(lang, 'renderer.detail.edit')).click();
    await page.waitForURL(/\/company\/form\?id=c-applicant/);
    await page.locator('#root_nameEn').fill('N'.repeat(201));
    await page.locator('#root_taxNo').fill('91440300708461136X');
    await portal.save(ui(lang, 'renderer.form.save'));

    const errorsUnder = (id: string) => page.locator(`[id="${id}"]`).locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]').locator('.ant-form-item-explain-error');
    const nameEn = lang === 'zh-CN' ? `${quoted(LABELS.nameEn[lang], lang)}最多可填 200 个字符` : `${quoted(LABELS.nameEn[lang], lang)} can be at most 200 characters long`;
    await expect.poll(() => errorsUnder('root_nameEn').allTextContents(), { timeout: 60_000 }).toEqual([nameEn]);
    const taxNo = (await errorsUnder('root_taxNo').allTextContents()).join(' ');
    expect(taxNo).toContain(quoted(LABELS.taxNo[lang], lang));
    expect(taxNo).toContain(lang === 'zh-CN' ? '不是有效的统一社会信用代码' : 'is not a valid unified social credit code');
    const shown = (await page.locator('.ant-form-item-explain-error, .ant-alert').allTextContents()).join('\n');
    expect(shown).not.toMatch(/\bmust\b|应当/);
    await portal.shot('validation-messages', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await portal.shot('validation-messages-390', false);
    await page.setViewportSize({ width: 1440, height: 900 });
    await portal.shot('validation-messages-1440', false);
    await page.context().close();
  });
});
