import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessGrants, createStaticRegistry, STATIC_ACCESS, text, toPermissionMap, type Language } from '../../../engine/index.ts';
import { menuFor, type MenuItem } from '../../../server/portal/menu.ts';
import { machines } from '../../../workflows/index.ts';

/**
 * The texts users read, scanned as a whole (issue 53, item 10), so a doubled word ("确认确认报价"),
 * two sibling menu entries or two open tabs with one label, or a Chinese word glued to a Latin one
 * in a composed title ("新建CCL 测试申请单") cannot come back: every declaration label, every i18n
 * resource, the labels the portal composes from them, and the menu of every role.
 */
const root = resolve(import.meta.dirname, '../../..');
const LANGS: readonly Language[] = ['zh-CN', 'en-US'];
const registry = createStaticRegistry();

/** A word written twice in a row: two or more Chinese characters ("确认确认"), or a Latin word ("the the"). */
export function doubledWord(value: string): string | undefined {
  return /([\u3400-\u9fff]{2,})\1/.exec(value)?.[0] ?? /\b([A-Za-z]{2,})\s+\1\b/i.exec(value)?.[0];
}

/** Every string of a JSON value, with its path. */
function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
}

/** The localized texts ({ "zh-CN", "en-US" }) of the declarations, the machines' meta and the portal's resources. */
function allTexts(): [string, string][] {
  const out: [string, string][] = [];
  for (const file of jsonFiles(join(root, 'schemas'))) {
    for (const [path, value] of strings(JSON.parse(readFileSync(file, 'utf8')), file.slice(root.length))) if (/\.(zh-CN|en-US)$/.test(path)) out.push([path, value]);
  }
  for (const lang of LANGS) out.push(...strings(JSON.parse(readFileSync(join(root, 'src/i18n', `${lang}.json`), 'utf8')), lang));
  for (const [id, machine] of Object.entries(machines)) out.push(...strings(JSON.parse(JSON.stringify(machine.config)), `machine ${id}`).filter(([p]) => /\.(zh-CN|en-US)$/.test(p)));
  return out;
}

const resource = (lang: Language): Record<string, Record<string, Record<string, string>>> => JSON.parse(readFileSync(join(root, 'src/i18n', `${lang}.json`), 'utf8'));
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

describe('the texts users read', () => {
  it('finds a doubled word where there is one', () => {
    expect(doubledWord('确认确认报价')).toBe('确认确认');
    expect(doubledWord('Confirm the the quotation')).toBe('the the');
    expect(doubledWord('确认报价')).toBeUndefined();
    expect(doubledWord('谢谢')).toBeUndefined();
  });

  it('hold no doubled word: declarations, machines and i18n resources', () => {
    const texts = allTexts();
    expect(texts.length).toBeGreaterThan(2000);
    expect(texts.filter(([, v]) => doubledWord(v)).map(([p, v]) => `${p}: ${v}`)).toEqual([]);
  });

  it.each(LANGS)('compose no doubled word: every action in its confirmation title (%s)', (lang) => {
    const template = resource(lang).renderer!.detail!.confirmTitle!;
    const composed = registry.list().flatMap((r) => Object.values(r.entity.actions ?? {}).map((a) => fill(template, { action: text(a.label, lang) })));
    expect(composed.length).toBeGreaterThan(50);
    expect(composed.filter((c) => doubledWord(c))).toEqual([]);
  });

  it.each(LANGS)('compose "new" titles spaced as the declarations write Chinese beside Latin words (%s)', async (lang) => {
    const { spacedCjkLatin } = await import('../../../engine/i18n/labels.ts');
    const template = resource(lang).renderer!.form!.newTitle!;
    const labels = registry.list().flatMap((r) => [r.entity.label, ...Object.values(r.views.variants ?? {}).map((v) => v.label)]).map((l) => text(l, lang));
    const titles = labels.map((entity) => spacedCjkLatin(fill(template, { entity })));
    expect(titles).toContain(lang === 'zh-CN' ? '新建 CCL 测试申请单' : 'New CCL test request form');
    expect(titles.filter((t) => /[\u3400-\u9fff][A-Za-z]|[A-Za-z][\u3400-\u9fff]/.test(t))).toEqual([]);
  });

  const roles = Object.keys(STATIC_ACCESS.roles);
  it.each(LANGS)('give no two sibling menu entries one name, for every role (%s)', (lang) => {
    const duplicates: string[] = [];
    const walk = (items: readonly MenuItem[], where: string) => {
      const seen = new Map<string, string>();
      for (const item of items) {
        if (seen.has(item.name)) duplicates.push(`${where}: "${item.name}" (${seen.get(item.name)}, ${item.path})`);
        seen.set(item.name, item.path);
        walk(item.children ?? [], `${where} > ${item.name}`);
      }
    };
    for (const role of [...roles, roles]) {
      const { permissions, buttons } = accessGrants(STATIC_ACCESS, registry.list(), ([] as string[]).concat(role), []);
      walk(menuFor(registry, toPermissionMap(permissions, buttons), lang), String(role));
    }
    expect(duplicates).toEqual([]);
  });

  it.each(LANGS)('give no two open tabs one label: a page route is not named as another path of the menu (%s)', (lang) => {
    const { permissions, buttons } = accessGrants(STATIC_ACCESS, registry.list(), roles, []);
    const menuNames = new Map<string, string>();
    const walk = (items: readonly MenuItem[]) => items.forEach((i) => (i.children?.length ? walk(i.children) : menuNames.set(i.name, i.path)));
    walk(menuFor(registry, toPermissionMap(permissions, buttons), lang));
    // The route table's pages and their label keys (src/routes/table.tsx, public-routes.ts): a tab shows the label of a path the menu does not name.
    const routes = ['src/routes/table.tsx', 'src/routes/public-routes.ts'].flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/\{ path: '([^']+)'(?:, menu: '[^']+')?, label: '([\w.]+)'(?!, auth: true, redirect)/g)].map((m) => ({ path: m[1]!, key: m[2]! })));
    expect(routes.length).toBeGreaterThan(20);
    const res = resource(lang);
    const clashes = routes
      .filter((r) => !r.path.includes('*') && !menuNames.has(r.path))
      .map((r) => ({ ...r, label: r.key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], res) as string }))
      .filter((r) => menuNames.has(r.label) && menuNames.get(r.label) !== r.path)
      .map((r) => `${r.path} "${r.label}" = the menu's ${menuNames.get(r.label)}`);
    expect(clashes).toEqual([]);
  });
});
