import type { Page } from 'playwright-core';
import type { Language } from '../../engine/index.ts';
import { foreignTexts } from './crawl-texts.ts';

/** What one visit of one page found wrong (nothing: the page is fine). */
export interface Visit {
  path: string;
  /** Where the page ended (a guard or a missing id may send the user on). */
  landed: string;
  ms: number;
  problems: string[];
}

/** Texts no user should read: a validator's or an HTTP library's own words, or a value's absence printed. */
const RAW_TEXT = /\bmust (NOT )?(be|have|match|equal|pass)\b|应当|Unsupported Media Type|Internal Server Error|Bad Request|Request failed with status|status code [45]\d\d|\[object Object\]|(^|\s)(undefined|NaN)(\s|$)/;

/** How long a page may take to show something (no spinner left) on a loaded test machine: it catches a page that never settles. */
const SETTLE_MS = 30_000;

/**
 * Watches one signed-in page while the crawl moves it from route to route in the app (no page
 * loads): errors, failed requests and console errors are gathered per visit.
 */
export class Crawler {
  private errors: string[] = [];
  private readonly foreign: Record<Language, Set<string>> = { 'zh-CN': foreignTexts('zh-CN'), 'en-US': foreignTexts('en-US') };

  constructor(
    readonly page: Page,
    readonly appTitle: (lang: Language) => string,
  ) {
    page.on('pageerror', (e) => this.errors.push(`page error: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 500) this.errors.push(`${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    page.on('console', (m) => {
      // A refused request (403, 404 for a record the user may not see) is the page's business; 5xx are caught above.
      if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of [1-4]\d\d/.test(m.text())) this.errors.push(`console: ${m.text().slice(0, 300)}`);
    });
  }

  /** Opens `path` as the app's own links do (the router hears the address change), and judges the page once it has settled. */
  async visit(path: string, lang: Language, menuName?: string): Promise<Visit> {
    this.errors = [];
    const started = Date.now();
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    const problems: string[] = [];
    const settled = await this.page
      .waitForFunction(
        () => {
          // A page in the shell, or a page of its own (/403, /404: a result page outside the shell).
          const result = document.querySelector('.ant-result');
          if (result && (result as HTMLElement).innerText.trim()) return true;
          const content = document.querySelector('[data-testid="shell-content"]');
          if (!content || content.querySelector('.ant-spin-spinning')) return false;
          return (content as HTMLElement).innerText.trim().length > 0;
        },
        undefined,
        { timeout: SETTLE_MS, polling: 100 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!settled) problems.push(`nothing shown within ${SETTLE_MS / 1000} s (a spinner or an empty page)`);
    const ms = Date.now() - started;
    const seen = await this.page.evaluate(() => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        // Data is shown as typed (a test line named "Phthalates" in a Chinese list): table cells and detail values are the user's, not the UI's.
        if (!el || el.closest('script, style, [aria-hidden="true"], .ant-select-dropdown-hidden, td, .ant-descriptions-item-content, iframe')) continue;
        const text = node.textContent?.trim();
        if (text && el.getClientRects().length) texts.push(text);
      }
      for (const el of document.querySelectorAll('[placeholder], [aria-label]')) {
        for (const attr of ['placeholder', 'aria-label']) {
          const value = el.getAttribute(attr)?.trim();
          if (value) texts.push(value);
        }
      }
      return { texts, title: document.title, landed: location.pathname + location.search };
    });
    const foreign = [...new Set(seen.texts.filter((t) => this.foreign[lang].has(t)))];
    if (foreign.length) problems.push(`texts of the other language: ${foreign.slice(0, 5).map((t) => JSON.stringify(t)).join(', ')}`);
    const raw = [...new Set(seen.texts.filter((t) => RAW_TEXT.test(t)))];
    if (raw.length) problems.push(`raw texts: ${raw.slice(0, 5).map((t) => JSON.stringify(t)).join(', ')}`);
    const suffix = ` - ${this.appTitle(lang)}`;
    // A page that names itself after its record knows the name once the record is in (the title may follow the content by a moment).
    const isTitled = (title: string) => title.endsWith(suffix) && title.length > suffix.length;
    if (!isTitled(seen.title)) {
      seen.title = await this.page
        .waitForFunction((end) => document.title.endsWith(end) && document.title.length > end.length && document.title, suffix, { timeout: 10_000 })
        .then((h) => h.jsonValue() as Promise<string>, () => seen.title);
    }
    const titled = isTitled(seen.title);
    if (!titled) problems.push(`title ${JSON.stringify(seen.title)} is not "<page> - ${this.appTitle(lang)}"`);
    else if (menuName && new URL(seen.landed, 'http://x').pathname === path && seen.title !== `${menuName}${suffix}`) {
      problems.push(`title ${JSON.stringify(seen.title)}, not the menu's name ${JSON.stringify(menuName)}`);
    }
    if (this.foreign[lang].has(seen.title.slice(0, -suffix.length))) problems.push(`title in the other language: ${JSON.stringify(seen.title)}`);
    problems.push(...new Set(this.errors));
    return { path, landed: seen.landed, ms, problems };
  }
}
