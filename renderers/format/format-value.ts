import type { FieldKind, FieldSchema, Language, RegisteredEntity } from '../../engine/index.ts';
import { booleanLabel, enumLabel, stateOptions } from '../../engine/index.ts';

/** Plain-text forms of field values in the user's language: enum labels, Yes/No, dates. */

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

export function formatDateTime(value: string, lang: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(value: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** One scalar value as text; '' for an empty value. Lookup values are labelled by the caller. */
export function formatScalar(kind: FieldKind, node: FieldSchema | undefined, value: unknown, lang: Language): string {
  if (isBlank(value)) return '';
  if (typeof value === 'boolean') return booleanLabel(value, lang);
  if (node?.enum || node?.['x-enumLabels']) return enumLabel(node, value, lang);
  if (kind === 'datetime' && typeof value === 'string') return formatDateTime(value, lang);
  if (kind === 'date' && typeof value === 'string') return formatDate(value, lang);
  if (typeof value === 'number') return new Intl.NumberFormat(lang).format(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The label of a state (a leaf of the region behind a system state field), from the machine. */
export function stateLabel(reg: RegisteredEntity, field: string, value: string, lang: Language): string {
  return stateOptions(reg, field, lang).find((o) => o.value === value)?.label ?? value;
}

/** Dark shades of antd's palette (blue, cyan, geekblue, …): white text on them reads at 4.5:1 or more. */
const STATE_COLORS = ['#0958d9', '#006d75', '#1d39c4', '#531dab', '#874d00', '#237804', '#ad4e00', '#ad2102', '#9e1068', '#3f6600', '#a8071a'];

/** A stable tag colour per state: the state's position among its region's leaves. */
export function stateColor(reg: RegisteredEntity, field: string, value: string): string {
  const index = stateOptions(reg, field, 'en-US').findIndex((o) => o.value === value);
  return STATE_COLORS[(index < 0 ? 0 : index) % STATE_COLORS.length] ?? 'default';
}

/** The system state fields of an entity (`$status`, …) in declaration order. */
export function stateFieldsOf(reg: RegisteredEntity): string[] {
  return Object.keys(reg.entity.lifecycle?.regions ?? {});
}
