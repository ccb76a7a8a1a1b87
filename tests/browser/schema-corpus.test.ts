import { describe, expect, it } from 'vitest';
import { WRAPPED_ROOT_KEY } from '../../engine/index.ts';
import { SCHEMA_CORPUS } from '../fixtures/schema-corpus.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { POLL } from './portal-page.ts';

/**
 * Issue 21 in Chromium: the first corpus schema is imported through the template list's "Import
 * JSON Schema" dialog, the rest through the API; each is published with a record holding its
 * sample; then, on one page, each record's edit form opens and saves unchanged, its detail page
 * shows, and the template's list shows it. Any page error, console error or crash fails the run,
 * naming the schema it happened on.
 */
const portalServer = usePortal();

describe('schema corpus in the browser', () => {
  it('opens, saves, lists and shows a record of every corpus schema without a page error', { timeout: 900_000 }, async () => {
    const portal = await portalServer.open('en-US', '/form/list');
    const { page } = portal;
    let current = 'login';
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${current}: page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${current}: console error: ${m.text()}`);
    });
    page.on('crash', () => errors.push(`${current}: page crashed`));
    await portal.logIn('staff', DEMO_PASSWORD);
    await page.getByTestId('template-list').waitFor();

    // The designer's import dialog: paste the schema, import, read the report, open the draft.
    const [first, ...rest] = SCHEMA_CORPUS;
    current = first!.name;
    await page.getByTestId('template-import-schema').click();
    await page.getByTestId('import-schema-text').fill(JSON.stringify(first!.schema));
    if (first!.uiSchema) await page.getByTestId('import-schema-ui').fill(JSON.stringify(first!.uiSchema));
    await page.getByTestId('import-schema-submit').click();
    await page.getByTestId('import-schema-result').waitFor();
    const warnings = await page.getByTestId('import-schema-warnings').textContent();
    expect(warnings).toContain('has no zh-CN label');
    await page.getByTestId('import-schema-open').click();
    await page.getByTestId('template-designer').waitFor();
    const code = new URL(page.url()).searchParams.get('code')!;

    // Every other schema through the API; each published with one record of its sample.
    const made: { name: string; code: string; id: string }[] = [];
    const failures: string[] = [];
    const publish = async (name: string, code: string, wrapped: boolean, sample: unknown) => {
      const published = await portal.api<unknown>('POST', `/api/templates/${code}/versions/1/publish`).catch((e: Error) => e);
      if (published instanceof Error) return failures.push(`${name}: publish: ${published.message}`);
      const doc = wrapped ? { [WRAPPED_ROOT_KEY]: sample } : sample;
      const record = await portal.api<{ id: string }>('POST', `/api/entities/${code}`, { doc }).catch((e: Error) => e);
      if (record instanceof Error) return failures.push(`${name}: create: ${record.message}`);
      made.push({ name, code, id: record.id });
    };
    const firstReport = await portal.api<{ bundle: { schema: { properties: Record<string, unknown> } } }>('GET', `/api/templates/${code}/versions/1`);
    const own = (first!.schema as { properties?: Record<string, unknown> }).properties;
    const wrappedFirst = Object.keys(firstReport.bundle.schema.properties).join() === WRAPPED_ROOT_KEY && !own?.[WRAPPED_ROOT_KEY];
    await publish(first!.name, code, wrappedFirst, first!.sample);
    for (const entry of rest) {
      const imported = await portal
        .api<{ version: { code: string }; report: { keyword: string }[] }>('POST', '/api/templates/import', { name: entry.name, schema: entry.schema, uiSchema: entry.uiSchema, files: entry.files })
        .catch((e: Error) => e);
      if (imported instanceof Error) {
        failures.push(`${entry.name}: import: ${imported.message}`);
        continue;
      }
      await publish(entry.name, imported.version.code, imported.report.some((r) => r.keyword === 'TEMPLATE_IMPORT_ROOT_WRAPPED'), entry.sample);
    }

    // One page load registers every published template in the client; then in-app navigation only.
    current = 'template list';
    await page.goto(`${portal.baseUrl}/form/list`);
    await page.getByTestId('template-list').waitFor();
    const go = (path: string) => page.evaluate((p) => {
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    for (const { name, code, id } of made) {
      current = name;
      const before = errors.length;
      let step = 'form';
      try {
        await go(`/form/${code}/form?id=${encodeURIComponent(id)}`);
        await page.getByTestId('entity-form').waitFor(POLL);
        step = 'save';
        await page.getByTestId('form-save').click(POLL);
        await page.waitForURL((u) => u.pathname === `/form/${code}/detail`, POLL);
        step = 'detail';
        await page.getByTestId('entity-detail').waitFor(POLL);
        step = 'list';
        await go(`/form/${code}/list`);
        await page.locator('.ant-table-row').first().waitFor(POLL);
      } catch (e) {
        failures.push(`${name}: ${step}: ${(e as Error).message.split('\n')[0]}`);
        // A page left broken is loaded again, so one schema's failure does not fail the next.
        await page.goto(`${portal.baseUrl}/form/list`);
        await page.getByTestId('template-list').waitFor();
      }
      if (errors.length > before) failures.push(...errors.slice(before));
    }
    expect(failures, `${made.length} of ${SCHEMA_CORPUS.length} made; failures:\n${failures.join('\n')}`).toEqual([]);
  });
});
