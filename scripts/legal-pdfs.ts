/**
 * Prints the terms of use and the data privacy statement as PDFs in every language, from the
 * same i18n texts the portal shows (`legal.*` in src/i18n/{lang}.json), with Debian's Chromium:
 *
 *   node --import tsx scripts/legal-pdfs.ts
 *
 * The files go to public/legal/ (committed; Vite copies public/ to the root of dist/).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { LANGUAGES, type Language } from '../engine/declaration/types.ts';
import { LEGAL_DOCUMENTS, LEGAL_SECTIONS, legalPdfPath, type LegalDocument } from '../src/shell/legal-documents.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';

const root = resolve(import.meta.dirname, '..');

interface Texts {
  app: { title: string; tagline: string; copyright: string };
  legal: { updated: string } & Record<LegalDocument, Record<string, string>>;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** One document as a printable HTML page (A4, the portal's orange, CJK fonts for Chinese). */
export function legalHtml(texts: Texts, doc: LegalDocument, lang: Language): string {
  const d = texts.legal[doc];
  const sections = LEGAL_SECTIONS.map((n) => `<h2>${escape(d[`h${n}`] ?? '')}</h2>\n<p>${escape(d[`p${n}`] ?? '')}</p>`).join('\n');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escape(`${d.title} - ${texts.app.title}`)}</title>
<style>
  @page { size: A4; margin: 22mm 20mm; }
  body { font-family: 'Noto Sans', 'Noto Sans CJK SC', 'Noto Serif CJK SC', sans-serif; color: #222; font-size: 11pt; line-height: 1.7; }
  header { border-bottom: 3px solid #f60; padding-bottom: 8px; margin-bottom: 18px; }
  header .brand { color: #f60; font-weight: 700; font-size: 13pt; }
  header .tagline { color: #666; font-size: 9pt; }
  h1 { font-size: 20pt; margin: 0 0 4px; }
  .updated { color: #666; font-size: 9pt; margin-bottom: 16px; }
  h2 { font-size: 13pt; margin: 18px 0 4px; }
  p { margin: 0; text-align: justify; }
  footer { margin-top: 32px; color: #888; font-size: 9pt; border-top: 1px solid #ddd; padding-top: 6px; }
</style></head>
<body>
<header><div class="brand">${escape(texts.app.title)}</div><div class="tagline">${escape(texts.app.tagline)}</div></header>
<h1>${escape(d.title ?? '')}</h1>
<div class="updated">${escape(texts.legal.updated)}</div>
${sections}
<footer>${escape(texts.app.copyright)}</footer>
</body></html>`;
}

async function main(): Promise<void> {
  const out = resolve(root, 'public/legal');
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    for (const lang of LANGUAGES) {
      const texts = JSON.parse(readFileSync(resolve(root, `src/i18n/${lang}.json`), 'utf8')) as Texts;
      for (const doc of Object.keys(LEGAL_DOCUMENTS) as LegalDocument[]) {
        await page.setContent(legalHtml(texts, doc, lang), { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        const file = resolve(root, 'public', legalPdfPath(doc, lang).slice(1));
        writeFileSync(file, await page.pdf({ format: 'A4', printBackground: true, tagged: true }));
        console.log(`wrote ${file}`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
