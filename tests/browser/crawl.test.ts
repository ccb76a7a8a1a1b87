import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../../engine/index.ts';
import type { PortalPage } from './portal-page.ts';
import { usePortal } from './portal-server.ts';
import { ui } from './portal-texts.ts';
import { Crawler, type Visit } from './crawl.ts';
import { entityPages, SPEC_ROUTES } from './crawl-routes.ts';

const portalServer = usePortal({ demoRecords: true });

/** The kinds of role whose menus differ (issue 53): staff, an applicant, a buyer and a supplier's customer admin. */
const ROLES = ['staff', 'applicant', 'buyer', 'supplier.admin'] as const;
const LANGUAGES: Language[] = ['zh-CN', 'en-US'];

interface MenuNode {
  name: string;
  path: string;
  children?: MenuNode[];
  /** A group another call fills (the e-filing service's): not a page. */
  service?: string;
}

/** The user's menu as the server gives it in the language: path → name (external links, shown in /myiframe, left out). */
async function menuOf(portal: PortalPage, lang: Language): Promise<Map<string, string>> {
  const res = await portal.page.request.get(`${portal.baseUrl}/api/menu`, { headers: { 'accept-language': lang } });
  const body = (await res.json()) as { data: MenuNode[] };
  const names = new Map<string, string>();
  const walk = (items: readonly MenuNode[]) => items.forEach((i) => (i.children?.length ? walk(i.children) : !i.service && i.path.startsWith('/') && names.set(i.path, i.name)));
  walk(body.data);
  return names;
}

/** Whether the user may list the entity, and a record of it the user may open (its detail page), if any. */
async function listed(portal: PortalPage, entity: string): Promise<{ may: boolean; id?: string }> {
  const res = await portal.page.request.get(`${portal.baseUrl}/api/entities/${entity}?page=1&pageSize=1`);
  if (!res.ok()) return { may: false };
  return { may: true, id: ((await res.json()) as { data?: { items?: { id: string }[] } }).data?.items?.[0]?.id };
}

/**
 * Every page the role's user can reach by address: SPEC §2's routes (those refused included), the
 * menu's, and the list, new-record form and a record's detail of each entity the user may list
 * (an entity's pages the user may not open show the same refusal as SPEC's refused routes).
 */
async function pagesOf(portal: PortalPage, menu: Map<string, string>): Promise<string[]> {
  const paths = new Set([...SPEC_ROUTES, ...menu.keys()]);
  for (const page of entityPages()) {
    const { may, id } = await listed(portal, page.entity);
    if (!may) continue;
    paths.add(page.list);
    if (page.form) paths.add(page.form);
    // A BI report's page embeds the outside BI service, which a test machine cannot reach.
    if (page.detail && id && page.entity !== 'powerbiReport') paths.add(`${page.detail}?id=${encodeURIComponent(id)}`);
  }
  // /inspection is a menu link to an outside site (embedded in /myiframe), which a test machine cannot reach.
  paths.delete('/inspection');
  return [...paths];
}

const report: { role: string; lang: Language; visit: Visit }[] = [];

afterAll(() => {
  // The crawl's report: route × role × language, with the time each page took to settle.
  const dir = resolve(import.meta.dirname, '../../test-results');
  mkdirSync(dir, { recursive: true });
  const lines = ['| route | role | language | landed | ms | problems |', '|---|---|---|---|---|---|'];
  for (const { role, lang, visit } of report) lines.push(`| ${visit.path} | ${role} | ${lang} | ${visit.landed} | ${visit.ms} | ${visit.problems.join('; ').replaceAll('|', '\\|')} |`);
  writeFileSync(resolve(dir, 'crawl-report.md'), `${lines.join('\n')}\n`);
});

/**
 * Issue 53's crawl: every signed-in route of SPEC §2 and every generated entity page, for each kind
 * of role, in both languages: no page error, console error or 5xx; no text of the other language
 * or raw validator/HTTP text; the title "<menu name or route label> - <product>"; no endless
 * spinner. One signed-in page per role walks every route in the app, then switches the language
 * in the app and walks them again.
 */
describe('a crawl of every page, for each kind of role, in both languages', () => {
  for (const role of ROLES) {
    it(`finds nothing wrong on any page ${role} can open`, async () => {
      const portal = await portalServer.signedIn(role, 'zh-CN');
      const crawler = new Crawler(portal.page, (lang) => ui(lang, 'app.title'));
      const failures: string[] = [];
      for (const lang of LANGUAGES) {
        if (lang !== 'zh-CN') {
          await portal.page.getByTestId('language-switch').getByRole('button', { name: ui(lang, `language.${lang}`) }).click();
        }
        const menu = await menuOf(portal, lang);
        for (const path of await pagesOf(portal, menu)) {
          const visit = await crawler.visit(path, lang, menu.get(path));
          report.push({ role, lang, visit });
          if (visit.problems.length) failures.push(`${role} ${lang} ${path} → ${visit.landed}: ${visit.problems.join('; ')}`);
        }
      }
      await portal.page.context().close();
      expect(failures).toEqual([]);
    });
  }
});
