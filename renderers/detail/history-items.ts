import type { Language, RegisteredEntity } from '../../engine/index.ts';
import { moneyText, pathLabel, text } from '../../engine/index.ts';
import type { AuditEntry } from '../env/data-provider.ts';
import type { RendererTranslate } from '../env/texts.ts';
import { formatDateTime, stateLabel } from '../format/format-value.ts';

/** One audit entry as the timeline shows it: what happened, who, when, and the details. */
export interface HistoryItem {
  key: string;
  what: string;
  who: string;
  when: string;
  details: string[];
  color: 'blue' | 'green' | 'red' | 'gray';
}

const COLORS: Record<AuditEntry['kind'], HistoryItem['color']> = { create: 'green', copy: 'green', update: 'gray', event: 'blue', delete: 'red' };

function stateChanges(reg: RegisteredEntity, entry: AuditEntry, lang: Language, t: RendererTranslate): string[] {
  const from = entry.fromStates ?? {};
  const to = entry.toStates ?? {};
  return Object.keys(to)
    .filter((field) => to[field] && to[field] !== from[field])
    .map((field) =>
      t('history.stateChange', {
        region: pathLabel(reg, field, lang),
        from: from[field] ? stateLabel(reg, field, from[field], lang) : t('detail.empty'),
        to: stateLabel(reg, field, to[field] ?? '', lang),
      }),
    );
}

/** The payload key of a template migration's audit entry. */
const MIGRATION = 'templateMigration';

/** The versions a template migration moved the record between (server/templates/migration-service.ts writes them), if the entry is one. */
function templateMigration(entry: AuditEntry): { from: number; to: number; archived: number } | undefined {
  const m = entry.payload?.[MIGRATION] as { from?: unknown; to?: unknown; archived?: unknown } | undefined;
  if (typeof m?.from !== 'number' || typeof m.to !== 'number') return undefined;
  return { from: m.from, to: m.to, archived: typeof m.archived === 'number' ? m.archived : 0 };
}

function payloadLines(reg: RegisteredEntity, entry: AuditEntry, lang: Language, doc: Record<string, unknown> | undefined): string[] {
  const schema = entry.event ? reg.entity.actions?.[entry.event]?.payloadSchema : undefined;
  return Object.entries(entry.payload ?? {})
    .filter(([key, v]) => v !== undefined && v !== null && v !== '' && !(key === MIGRATION && templateMigration(entry)))
    .map(([key, v]) => {
      const node = schema?.properties?.[key];
      const label = node ? text(node['x-label'], lang, node.title ?? key) : key;
      // A declared date-time reads as the user's date and time, not ISO; an amount (`x-money`) in the record's currency.
      const shown =
        typeof v === 'object' ? JSON.stringify(v) : node?.format === 'date-time' && typeof v === 'string' ? formatDateTime(v, lang) : (moneyText(node, v, lang, doc) ?? String(v));
      return `${label}: ${shown}`;
    });
}

/** The audit trail in the user's language: action labels, state labels, field labels, payload (amounts in the currency of `doc`, the record's document). */
export function historyItems(reg: RegisteredEntity, entries: readonly AuditEntry[], lang: Language, t: RendererTranslate, doc?: Record<string, unknown>): HistoryItem[] {
  return entries.map((entry) => {
    const action = entry.event ? reg.entity.actions?.[entry.event] : undefined;
    // A template migration is an edit nobody typed: it says which form versions the record moved between.
    const migration = templateMigration(entry);
    const what = migration
      ? t('history.templateMigration', { from: migration.from, to: migration.to })
      : entry.kind === 'event'
        ? t('history.event', { action: action ? text(action.label, lang, entry.event) : (entry.event ?? '') })
        : t(`history.${entry.kind}`);
    // A copy names the record it was made from by its title (its payload's id is for machines).
    const source = entry.kind === 'copy' ? entry.payload?.copiedFromTitle : undefined;
    const about = entry.kind === 'copy' ? (typeof source === 'string' && source ? [t('history.copiedFrom', { title: source })] : []) : payloadLines(reg, entry, lang, doc);
    const details = [...stateChanges(reg, entry, lang, t), ...about];
    if (migration?.archived) details.push(t('history.templateArchived', { count: migration.archived }));
    const changed = (entry.changedFields ?? []).filter((f) => reg.schema.properties[f] || f.startsWith('$'));
    if (changed.length) details.push(t('history.changed', { fields: changed.map((f) => pathLabel(reg, f, lang)).join(t('common.listSeparator')) }));
    return {
      key: entry.id,
      what,
      who: entry.actorName ?? entry.actorId ?? '',
      when: formatDateTime(entry.at, lang),
      details,
      color: COLORS[entry.kind] ?? 'gray',
    };
  });
}
