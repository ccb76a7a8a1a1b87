import type { EntityBundle, LocalizedText } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * A template's name in both languages: a language left empty takes the other one's text, then
 * the schema's `title`, then the template code (issue 21: a missing translation is a warning,
 * checkTemplateWithWarnings reports it, never a refusal).
 */
export function templateLabel(bundle: EntityBundle): LocalizedText {
  const label = (bundle.entity.label ?? {}) as Partial<LocalizedText>;
  const other = LANGUAGES.map((l) => label[l]).find(filled);
  const title = (bundle.schema as { title?: unknown }).title;
  const fallback = other ?? (filled(title) ? title : bundle.entity.name);
  return Object.fromEntries(LANGUAGES.map((l) => [l, filled(label[l]) ? label[l] : fallback])) as unknown as LocalizedText;
}

/**
 * A template's records are the DFF data of a TRF, seen by whoever sees the TRF (their
 * `visible_to` follows it), authorized companies included: the engine, not the designer,
 * declares that (docs/declarations.md §3, access). Used where a template bundle is checked and
 * where its versions are registered; the name falls back as templateLabel says.
 */
export function templateAccess(bundle: EntityBundle): EntityBundle {
  return { ...bundle, entity: { ...bundle.entity, label: templateLabel(bundle), access: { ...bundle.entity.access, visibility: 'authorized' } } };
}
