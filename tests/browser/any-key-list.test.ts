import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';
import { anyKeyTemplate } from '../fixtures/any-key-template.ts';
import { ui } from './portal-texts.ts';

/**
 * Issue 21 in Chromium: a template whose list columns, filters, sort and detail fields are keys a
 * dotted path cannot spell (`a.b`, `$type`, `x/y~z`, `meta.data` → `$v`) or no identifier (`2fa`,
 * `名称`, `with space`). The list reads its sort and filters from the URL, writes a header click back
 * into it, and the detail page shows every such field with its label. Staff edit `/$type`,
 * `/meta.data/$v` and the nested `buyer.contactName` in place (their `fieldPermissions`): each value is
 * written at its path, a missing `buyer` made, an emptied `$v` removed alone. The form shows an
 * error of such a key (or of a key nested under one) under that field.
 */
const portalServer = usePortal();
const CODE = 'anyKeyPage';
const DOCS = [
  { 'a.b': 'alpha', $type: 'phone', '2fa': 1, 名称: 'n1', 'with space': '2026-01-01', 'x/y~z': false, 'kebab-case': 'k1', 'meta.data': { $v: 'v1' } },
  { 'a.b': 'bravo', $type: 'tablet', '2fa': 2, 名称: 'n2', 'with space': '2026-02-01', 'x/y~z': true, 'kebab-case': 'k2', 'meta.data': { $v: 'v2' } },
  { 'a.b': 'charlie', $type: 'watch', '2fa': 3, 名称: 'n3', 'with space': '2026-03-01', 'kebab-case': 'k3' },
];

describe('any key on list and detail pages', () => {
  it('sorts and filters by such keys from the URL and a header click, shows them on the detail page and their errors on the form', { timeout: 300_000 }, async () => {
    const portal = await portalServer.open('en-US', '/wel/index');
    const { page } = portal;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await portal.logIn('staff', DEMO_PASSWORD);
    await portal.api('POST', '/api/templates', { code: CODE, kind: 'form', bundle: anyKeyTemplate(CODE, { inline: true }) });
    await portal.api('POST', `/api/templates/${CODE}/versions/1/publish`);
    const ids: string[] = [];
    for (const doc of DOCS) ids.push((await portal.api<{ id: string }>('POST', `/api/entities/${CODE}`, { doc })).id);

    const rows = page.locator('.ant-table-row');
    const firstCells = async () => (await rows.locator('td:first-child').allTextContents()).map((t) => t.trim());
    // From the URL: a range on `2fa`, sorted by the key `a.b` (`/a.b`), last first.
    await page.goto(`${portal.baseUrl}/form/${CODE}/list?${new URLSearchParams({ 'f.2fa': '1..2', sort: '/a.b:desc' })}`);
    await rows.nth(1).waitFor();
    expect(await firstCells()).toEqual(['bravo', 'alpha']);
    await portal.shot('any-key-list');

    // A filter on `$type` (the document's key, not a system field) and on `/meta.data/$v`.
    await page.goto(`${portal.baseUrl}/form/${CODE}/list?${new URLSearchParams({ 'f./$type': 'watch' })}`);
    await page.getByText('charlie').waitFor();
    expect(await firstCells()).toEqual(['charlie']);
    await page.goto(`${portal.baseUrl}/form/${CODE}/list?${new URLSearchParams({ 'f./meta.data/$v': 'v1' })}`);
    await page.getByText('alpha').waitFor();
    expect(await firstCells()).toEqual(['alpha']);

    // A header click sorts by a key that is no identifier, and the URL says so.
    await page.goto(`${portal.baseUrl}/form/${CODE}/list`);
    await rows.nth(2).waitFor();
    await page.locator('.ant-table-thead th', { hasText: 'with space' }).first().click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'with space:asc');
    await expect.poll(firstCells).toEqual(['alpha', 'bravo', 'charlie']);
    await page.locator('.ant-table-thead th', { hasText: 'with space' }).first().click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'with space:desc');
    await expect.poll(firstCells).toEqual(['charlie', 'bravo', 'alpha']);

    // In place: a choice at `/$type`, text at `/meta.data/$v` and at `buyer.contactName` (no `buyer` yet).
    // A save loads the list again: the row's editors are made anew for the record's next version.
    type Stored = { doc: Record<string, unknown> };
    const stored = async () => (await portal.api<Stored>('GET', `/api/entities/${CODE}/${ids[0]}`)).doc;
    const alpha = page.locator('.ant-table-row', { hasText: 'alpha' });
    const inPlace = async (field: string, act: (box: Locator) => Promise<void>) => {
      const box = alpha.getByTestId(`inline-${field}`);
      const shown = await box.elementHandle();
      await act(box);
      await expect.poll(() => shown!.evaluate((el) => el.isConnected), POLL).toBe(false);
    };
    const type = (value: string) => async (box: Locator) => {
      await box.fill(value);
      await box.blur();
    };
    await inPlace('/$type', async (box) => {
      await box.click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('tablet', { exact: true }).click();
    });
    expect((await stored()).$type).toBe('tablet');
    await inPlace('buyer.contactName', type('Zoë 张'));
    expect((await stored()).buyer).toEqual({ contactName: 'Zoë 张' });
    await inPlace('/meta.data/$v', type('v9'));
    expect((await stored())['meta.data']).toEqual({ $v: 'v9' });
    await inPlace('/meta.data/$v', type(''));
    expect((await stored())['meta.data']).toEqual({});
    expect(await stored()).toMatchObject({ 'a.b': 'alpha', $type: 'tablet', '2fa': 1, 名称: 'n1', buyer: { contactName: 'Zoë 张' } });
    expect(await alpha.getByTestId('inline-buyer.contactName').inputValue()).toBe('Zoë 张');
    await portal.shot('any-key-inline');
    await inPlace('/meta.data/$v', type('v1'));
    expect((await stored())['meta.data']).toEqual({ $v: 'v1' });

    // The detail page: every such field with its label and value.
    await page.getByRole('link', { name: 'alpha' }).click();
    const detail = page.getByTestId('entity-detail');
    await detail.waitFor();
    for (const text of ['Dotted', '$type', 'tablet', 'Meta · Version', 'v1', 'n1', 'k1', 'Buyer · Contact', 'Zoë 张']) await portal.seeText(text, detail);
    await portal.shot('any-key-detail');

    // The form: a missing `a.b` and a too short `/meta.data/$v` each show under their own field.
    await page.goto(`${portal.baseUrl}/form/${CODE}/form`);
    await page.getByTestId('entity-form').waitFor();
    const itemOf = (id: string) => page.locator(`[id="${id}"]`).locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]');
    await page.locator('[id="root_meta.data_$v"]').fill('x');
    await portal.save(ui('en-US', 'renderer.form.save'));
    await expect.poll(() => itemOf('root_a.b').locator('.ant-form-item-explain-error').allTextContents()).toEqual(['Please fill in "Dotted"']);
    await expect.poll(() => itemOf('root_meta.data_$v').locator('.ant-form-item-explain-error').allTextContents()).toEqual(['"Meta · Version" needs at least 2 characters']);
    await portal.shot('any-key-form-errors');
    expect(errors).toEqual([]);
  });
});
