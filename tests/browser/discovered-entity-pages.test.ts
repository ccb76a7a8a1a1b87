import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import { openThrowawayLayout, type ThrowawayLayout } from '../fixtures/throwaway-entity.ts';
import { builtClient, clientBuilds } from './client-builds.ts';
import { POLL } from './portal-page.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';

/**
 * The product plus the throwaway entity, whose client the global setup builds beside the other
 * files (global-setup.ts) exactly as `npm run build` would build it had the entity's files been
 * added to schemas/ and workflows/.
 */
let layout: ThrowawayLayout | undefined;
const portalServer = usePortal({
  async prepare() {
    layout = await openThrowawayLayout(clientBuilds().throwawayDir);
    await builtClient('throwaway');
    return { registry: layout.registry, clientDir: join(layout.dir, 'dist') };
  },
});

/**
 * Issue 12: an entity added as its own schema folder and machine file, with no other edit, gets
 * working list, detail and form pages in the browser, and its menu entry, from the generic pages.
 */
describe('a new entity declared in its own files', () => {
  for (const lang of ['en-US', 'zh-CN'] as Language[]) {
    it(`has its menu entry, list, form and detail pages, and runs its lifecycle (${lang})`, async () => {
      const check = entityTexts(layout!.registry.get('sampleCheck'), lang);
      const portal = await portalServer.signedIn('staff', lang, '/trf/newList');
      const { page } = portal;
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
