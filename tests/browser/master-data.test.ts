import { describe, expect, it } from 'vitest';
import { createStaticRegistry, message, productMenu, searchProblems, text, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, trfTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Master data in the browser (issue 15), in both languages: staff create a lab and a test package
 * under a seeded parent (the list shows its parent path) and open the table demo; a customer reads
 * protocols and SGS services, meets the TRF list's date-range rule before anything is sent, and
 * opens /inspection inside the portal's /myiframe page. Screenshots go to test-results/.
 */
const portalServer = usePortal({ demoRecords: true });
const registry = createStaticRegistry();
const MENU = productMenu();
const group = (id: string, lang: Language) => text(MENU.groups.find((g) => g.id === id)!.label, lang);
const INSPECTION = MENU.pages.find((p) => p.alias === '/inspection')!;

describe('master data in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('staff keep labs and a package tree; a customer reads protocols and services, meets the date rule and opens the inspection site (%s)', async (lang) => {
    const lab = entityTexts(registry.get('lab'), lang);
    const pkg = entityTexts(registry.get('testPackage'), lang);
    const demo = entityTexts(registry.get('tableDemo'), lang);
    const staff = await portalServer.signedIn('staff', lang, '/wel/index');

    // A lab: its list, a new one, its detail.
    // The staff's menu entries are checked by tests/api/portal.test.ts; a busy header may fold their group into its overflow.
    await staff.page.goto(`${portalServer.url}/masterData/lab/list`);
    await staff.seeText(lab.entity, staff.page.getByRole('heading'));
    await staff.seeText('SGS 上海纺织品实验室');
    await staff.button(ui(lang, 'renderer.list.new')).click();
    await staff.page.waitForURL(/\/masterData\/lab\/form$/);
    const labName = `Browser lab ${lang}`;
    await staff.page.locator('#root_name').fill(labName);
    await staff.page.locator('#root_address').fill('1 Test Road, Suzhou');
    await staff.page.locator('#root_contactEmail').fill(`lab.${lang.toLowerCase()}@example.com`);
    await staff.shot('master-data-lab-form');
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/masterData\/lab\/detail\?id=/);
    await staff.seeText('1 Test Road, Suzhou');

    // A package under a seeded parent: the list shows where it sits in the tree.
    await staff.page.goto(`${portalServer.url}/masterData/testPackage/list`);
    await staff.seeText(pkg.entity, staff.page.getByRole('heading'));
    await staff.button(ui(lang, 'renderer.list.new')).click();
    await staff.page.waitForURL(/\/masterData\/testPackage\/form$/);
    await staff.page.locator('#root_code').fill(`PKG-BROWSER-${lang}`);
    await staff.page.locator('#root_name').fill(`Pilling ${lang}`);
    await staff.pick('root_parentId', '物理性能 Physical');
    await staff.save(ui(lang, 'renderer.form.save'));
    await staff.page.waitForURL(/\/masterData\/testPackage\/detail\?id=/);
    await staff.seeText('纺织品常规套餐 Textile routine / 物理性能 Physical');
    await staff.page.goto(`${portalServer.url}/masterData/testPackage/list`);
    const row = staff.page.locator('tr', { hasText: `Pilling ${lang}` });
    await staff.seeText('纺织品常规套餐 Textile routine / 物理性能 Physical', row);
    await staff.shot('master-data-packages');

    // The table demo: the generated list on a demo entity.
    await staff.page.goto(`${portalServer.url}/tableDemo/demo`);
    await staff.seeText(demo.entity, staff.page.getByRole('heading'));
    await staff.seeText('毛绒熊 Plush bear');
    await staff.shot('master-data-table-demo');
    await staff.page.context().close();

    // A customer reads protocols and SGS services; there is no New button for them.
    const customer = await portalServer.signedIn('applicant', lang, '/wel/index');
    const protocol = entityTexts(registry.get('protocol'), lang);
    const service = entityTexts(registry.get('sgsService'), lang);
    await customer.openMenuEntry(group('resources', lang), protocol.entity);
    await customer.page.waitForURL(/\/protocol\/list/);
    await customer.seeText('P-TX-001');
    expect(await customer.page.getByTestId('list-new').count()).toBe(0);
    await customer.shot('master-data-protocols');
    await customer.page.locator('tr', { hasText: 'P-TX-001' }).getByRole('link').click();
    await customer.page.waitForURL(/\/protocol\/detail\?id=/);
    await customer.seeText('针织服装常规测试规程 Knitwear routine protocol');
    await customer.openMenuEntry(group('resources', lang), service.entity);
    await customer.page.waitForURL(/\/sgsService\/list/);
    await customer.seeText('消费品测试 Consumer product testing');
    await customer.shot('master-data-services');

    // The TRF list's date rule, told before the search is sent.
    const trf = trfTexts(lang);
    await customer.openMenu(trf.entity);
    await customer.page.waitForURL(/\/trf\/newList/);
    await customer.seeText(trf.entity, customer.page.getByRole('heading'));
    const ends = customer.page.getByTestId('list-filters').locator('.ant-picker-range input');
    // Typed dates are taken when the picker is left (Enter would send the filter form at once).
    await ends.nth(0).click();
    await customer.page.keyboard.type('2024-01-01');
    await ends.nth(1).click();
    await customer.page.keyboard.type('2025-06-30');
    await customer.page.getByRole('heading', { name: trf.entity }).click();
    await customer.shot('master-data-trf-date-typed');
    await expect.poll(() => ends.nth(1).inputValue(), POLL).toBe('2025-06-30');
    await expect.poll(() => ends.nth(0).inputValue(), POLL).toBe('2024-01-01');
    await customer.page.getByTestId('list-filters').getByRole('button', { name: ui(lang, 'renderer.list.search') }).click();
    const [tooLong] = searchProblems(registry.get('trf'), { dueDate: '2024-01-01..2025-06-30', 'buyer.name': 'x' }, lang);
    expect(tooLong?.code).toBe('SEARCH_RANGE_TOO_LONG');
    await customer.page.getByTestId('search-problems').waitFor();
    await customer.shot('master-data-trf-date-rule');
    await customer.seeText(tooLong!.message, customer.page.getByTestId('search-problems'));
    expect(customer.page.url()).not.toContain('f.dueDate');
    expect(message('SEARCH_RANGE_TOO_LONG', lang, { field: trf.field('dueDate'), months: 12 })).toBe(tooLong!.message);

    // /inspection opens the inspection site inside the portal, as its menu entry does.
    await customer.page.goto(`${portalServer.url}/inspection`);
    await customer.page.waitForURL(/\/myiframe\//);
    const frame = customer.page.getByTestId('myiframe');
    await expect.poll(() => frame.getAttribute('src'), POLL).toBe(new URL(INSPECTION.path).href);
    await customer.shot('master-data-inspection', false);
    await customer.page.goto(`${portalServer.url}/wel/index`);
    await customer.openMenuEntry(group('resources', lang), text(INSPECTION.label, lang));
    await customer.page.waitForURL(/\/myiframe\//);
    await expect.poll(() => customer.page.getByTestId('myiframe').getAttribute('src'), POLL).toBe(new URL(INSPECTION.path).href);
    await customer.page.context().close();
  });
});
