import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createStaticRegistry, type Language } from '../../engine/index.ts';
import zhCN from '../../src/i18n/zh-CN.json';
import enUS from '../../src/i18n/en-US.json';

/**
 * The texts of each language, from the sources the portal shows them from: the i18n resources
 * (paired by key) and every localized text of the declarations (entities, schemas, views,
 * machines, the menu, dashboard and statistics files). The crawl flags a text node on a page in
 * one language that is a text only the other language has.
 */
type Pair = Record<Language, string>;

const root = resolve(import.meta.dirname, '../..');

function resourcePairs(zh: unknown, en: unknown, out: Pair[]): void {
  if (typeof zh === 'string' && typeof en === 'string') out.push({ 'zh-CN': zh, 'en-US': en });
  else if (zh && en && typeof zh === 'object' && typeof en === 'object') {
    for (const key of Object.keys(zh)) resourcePairs((zh as Record<string, unknown>)[key], (en as Record<string, unknown>)[key], out);
  }
}

/** Every `{ "zh-CN": …, "en-US": … }` object under `node` (objects visited once). */
function declarationPairs(node: unknown, out: Pair[], seen = new WeakSet<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const o = node as Record<string, unknown>;
  if (typeof o['zh-CN'] === 'string' && typeof o['en-US'] === 'string') out.push({ 'zh-CN': o['zh-CN'], 'en-US': o['en-US'] });
  for (const value of Object.values(o)) declarationPairs(value, out, seen);
}

function allPairs(): Pair[] {
  const pairs: Pair[] = [];
  resourcePairs(zhCN, enUS, pairs);
  for (const reg of createStaticRegistry().list()) declarationPairs(reg, pairs);
  for (const folder of ['_menu', '_dashboard', '_statistics']) {
    const dir = join(root, 'schemas', folder);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) declarationPairs(JSON.parse(readFileSync(join(dir, file), 'utf8')), pairs);
  }
  return pairs;
}

/** A text worth looking for: whole, without placeholders, long enough not to be a symbol or a code both languages share. */
const worthChecking = (s: string) => !s.includes('{{') && s.trim().length >= 2 && !/^[\d\W_]+$/.test(s);

/** The texts only the other language has, as the page of `lang` must never show them. */
export function foreignTexts(lang: Language): Set<string> {
  const other: Language = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  const pairs = allPairs();
  const own = new Set(pairs.map((p) => p[lang].trim()));
  const foreign = new Set<string>();
  for (const pair of pairs) {
    const text = pair[other].trim();
    if (worthChecking(text) && !own.has(text)) foreign.add(text);
  }
  return foreign;
}
