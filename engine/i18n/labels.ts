import type { FieldSchema, Language, LocalizedText } from '../declaration/types.ts';

/** A declaration text in the language, falling back to the other language, then to `fallback`. */
export function text(value: LocalizedText | undefined, lang: Language, fallback = ''): string {
  if (!value) return fallback;
  return value[lang] || value['zh-CN'] || value['en-US'] || fallback;
}

/** The field's label: `x-label` in the language, else `title`, else the field's key. */
export function fieldLabel(node: FieldSchema | undefined, lang: Language, key = ''): string {
  if (!node) return key;
  return text(node['x-label'], lang, node.title ?? key);
}

/** The label of one enum value (or array-of-enum item value). */
export function enumLabel(node: FieldSchema | undefined, value: unknown, lang: Language): string {
  const labels = node?.['x-enumLabels'] ?? node?.items?.['x-enumLabels'];
  const key = String(value);
  return text(labels?.[key], lang, key);
}

/** Picks the request language from an Accept-Language style header; zh-CN by default. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}
