import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import type { Language } from '../../engine/index.ts';
import { repo, throwawayLayout, type ThrowawayLayout } from '../fixtures/throwaway-entity.ts';
import { buildClient } from './build-client.ts';
import { POLL } from './portal-page.ts';
import { DEMO_PASSWORD, usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';

/**
 * Points the client's discovery indexes at the temporary layout's, so the client is built from
 * the product plus the throwaway entity exactly as `npm run build` would build it had the entity's
 * files been added to schemas/ and workflows/.
 */
function discoveryFrom(dir: string): Plugin {
  const redirect = new Map(['engine/generated/declarations.ts', 'engine/generated/entity-routes.ts', 'engine/generated/shell-entities.ts', 'engine/generated/machine-actions.ts', 'workflows/index.ts'].map((p) => [resolve(repo, p), join(dir, p)]));
  return {
    name: 'throwaway-discovery',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      return redirect.get(resolve(importer, '..', source)) ?? null;
    },
  };
}

let layout: ThrowawayLayout | undefined;
const portalServer = usePortal({
  async prepare() {
    layout = await throwawayLayout({ withProduct: true });
    const clientDir = join(layout.dir, 'dist');
    await buildClient(clientDir, [discoveryFrom(layout.dir)]);
    return { registry: layout.registry, clientDir };
  },
});
afterAll(() => layout?.remove());

/**
 * Issue 12: an entity added as its own schema folder and machine file, with no other edit, gets
 * working list, detail and form pages in the browser, and its menu entry, from the generic pages.
 */
describe('a new entity declared in its own files', () => {
  for (const lang of ['en-US', 'zh-CN'] as Language[]) {
    it(`has its menu entry, list, form and detail pages, and runs its lifecycle (${lang})`, async () => {
      const check = entityTexts(layout!.registry.get('sampleCheck'), lang);
      const portal = await portalServer.open(lang);
      const { page } = portal;
      await portal.logIn('staff', DEMO_PASSWORD);
      await portal.openMenu(check.entity);
      await page.waitForURL(/\/sampleCheck\/list$/);
      await portal.seeText(check.field('checkedOn'));
      await portal.shot('throwaway-list-empty');

      await portal.button(ui(lang, 'renderer.list.new')).click();
      await page.waitForURL(/\/sampleCheck\/form$/);
      await portal.seeText(ui(lang, 'renderer.form.newTitle', { entity: check.entity }));
      const title = `Drop test ${lang}`;
      await page.locator('#root_title').fill(title);
      await page.locator('#root_sampleNo').fill('S-001');
      await page.locator('#root_remark').fill('checked by the throwaway entity test');
      await portal.shot('throwaway-form');
      await portal.save(ui(lang, 'renderer.form.saveDraft'));

      await page.waitForURL(/\/sampleCheck\/detail\?id=/);
      await expect.poll(() => portal.stateTag(), POLL).toBe(check.status('open'));
      await expect.poll(() => page.getByTestId('detail-title').textContent(), POLL).toBe(title);
      await portal.seeText('S-001');
      await portal.act(check.action('START'));
      await expect.poll(() => portal.stateTag(), POLL).toBe(check.status('checking'));
      await portal.shot('throwaway-detail');

      await portal.openMenu(check.entity);
      const row = page.locator('tr', { hasText: title });
      await portal.seeText(check.status('checking'), row);
      await page.context().close();
    });
  }
});
