import type { FieldSchema, Language, LocalizedText } from '../declaration/types.ts';

/** A declaration text in the language, falling back to the other language, then to `fallback`. */
export function text(value: LocalizedText | undefined, lang: Language, fallback = ''): string {
  if (!value) return fallback;
  return value[lang] || value['zh-CN'] || value['en-US'] || fallback;
}

/**
 * A key made readable, for a field nobody labelled: words split at `-`, `_`, spaces and
 * lower-to-upper case changes, the first capitalised ("enable-beta-ecosystems" → "Enable beta
 * ecosystems", "camelCase" → "Camel case"). A key with no Latin letters stays as it is.
 */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (!words.length) return key;
  const lower = words.map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const first = lower[0]!;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...lower.slice(1)].join(' ');
}

/** The field's label: `x-label` in the language (else the other one), else `title`, else the key made readable. */
export function fieldLabel(node: FieldSchema | undefined, lang: Language, key = ''): string {
  if (!node) return key;
  return text(node['x-label'], lang, node.title || (key && readableKey(key)));
}

type Choice = { const?: unknown; enum?: readonly unknown[]; title?: string };

/** The `title` of the `oneOf`/`anyOf` branch that stands for the value (`{ const, title }`, or a one-value `enum`). */
function choiceTitle(node: FieldSchema | undefined, value: unknown): string | undefined {
  for (const branch of [...((node?.oneOf ?? node?.anyOf ?? []) as Choice[])]) {
    const own = branch && typeof branch === 'object' ? ('const' in branch ? [branch.const] : branch.enum?.length === 1 ? branch.enum : undefined) : undefined;
    if (own && own[0] === value && typeof branch.title === 'string' && branch.title) return branch.title;
  }
  return undefined;
}

/**
 * The label of one enum value (or array-of-enum item value): `x-enumLabels` in the language,
 * else the schema's `enumNames` at the value's position, else the title of the `oneOf`/`anyOf`
 * branch whose `const` is the value, else the value.
 */
export function enumLabel(node: FieldSchema | undefined, value: unknown, lang: Language): string {
  const labels = node?.['x-enumLabels'] ?? node?.items?.['x-enumLabels'];
  const key = String(value);
  return text(labels?.[key], lang, enumName(node, value) ?? choiceTitle(node, value) ?? choiceTitle(node?.items, value) ?? key);
}

/** The schema's `enumNames` entry at the value's position (on the node, or on an array's items). */
function enumName(node: FieldSchema | undefined, value: unknown): string | undefined {
  const names = ((node as { enumNames?: unknown } | undefined)?.enumNames ?? (node?.items as { enumNames?: unknown } | undefined)?.enumNames) as unknown;
  const at = (node?.enum ?? node?.items?.enum)?.indexOf(value as never) ?? -1;
  return Array.isArray(names) && at >= 0 && typeof names[at] === 'string' && names[at] ? (names[at] as string) : undefined;
}

/** Whether the node offers labelled choices: an enum, `x-enumLabels`, or `oneOf`/`anyOf` branches of one `const` each. */
export const hasChoices = (node: FieldSchema | undefined): boolean =>
  !!node && (!!node.enum || !!node['x-enumLabels'] || !!(node.oneOf ?? node.anyOf)?.some((b) => !!b && typeof b === 'object' && 'const' in b));

/** Picks the request language from an Accept-Language style header; zh-CN by default. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

const CJK = '\\u3400-\\u9fff\\uf900-\\ufaff';

/**
 * A text composed from parts ("新建" + "CCL 测试申请单") spaced as the declarations write
 * Chinese next to Latin words ("BI 报表", "纺织品 DFF 表单"): one space where a Chinese character
 * meets a Latin letter, either way round. For composed labels only (titles, buttons), never data.
 */
export function spacedCjkLatin(value: string): string {
  return value.replace(new RegExp(`([${CJK}])([A-Za-z])`, 'g'), '$1 $2').replace(new RegExp(`([A-Za-z])([${CJK}])`, 'g'), '$1 $2');
}
