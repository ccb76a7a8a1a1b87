import {
  booleanLabel,
  deriveDetailSections,
  enumLabel,
  moneyText,
  stateOptions,
  text,
  valueAt,
  type FieldSchema,
  type Language,
  type RegisteredEntity,
} from '../../engine/index.ts';
import type { EntityRecord } from '../entities/records-repo.ts';
import type { Jobs } from '../jobs/pool.ts';
import type { PdfText } from './pdf-job.ts';

function valueText(reg: RegisteredEntity, record: EntityRecord, field: string, node: FieldSchema | undefined, lang: Language): string {
  if (field.startsWith('$')) {
    const state = record.states[field];
    return state ? (stateOptions(reg, field, lang).find((o) => o.value === state)?.label ?? state) : '';
  }
  const value = valueAt(record.doc, field);
  if (value === undefined || value === null || value === '') return '';
  const money = moneyText(node, value, lang, record.doc);
  if (money !== undefined) return money;
  if (typeof value === 'boolean') return booleanLabel(value, lang);
  if (node?.enum || node?.['x-enumLabels']) return enumLabel(node as never, value, lang);
  if (typeof value === 'object') return '';
  return String(value);
}

/** The document's texts in `lang`: its title, the record's title, each declared section's labelled values. */
export function recordPdfText(reg: RegisteredEntity, record: EntityRecord, key: string, lang: Language): PdfText {
  const decl = reg.entity.documents![key]!;
  const title = valueAt(record.doc, reg.entity.titleField);
  const sections = deriveDetailSections(reg, lang).filter((s) => !decl.sections || decl.sections.includes(s.id));
  return {
    title: text(decl.title, lang, key),
    ...(typeof title === 'string' ? { subtitle: title } : {}),
    sections: sections.map((section) => ({
      title: section.title,
      lines: section.fields.flatMap((f) => {
        const value = valueText(reg, record, f.field, f.node, lang);
        return value ? [`${f.label}: ${value}`] : [];
      }),
    })),
  };
}

/**
 * A record's declared document (`documents` in its entity, docs/declarations.md §3) as a PDF:
 * the title, the record's title field, then each detail section's labels and values in the
 * request language. What it says is decided here; the PDF is rendered by the job pool
 * (server/documents/pdf-job.ts), off the server's thread.
 */
export async function renderRecordPdf(jobs: Jobs, reg: RegisteredEntity, record: EntityRecord, key: string, lang: Language): Promise<Buffer> {
  const bytes = await jobs.run('renderPdf', recordPdfText(reg, record, key, lang));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
