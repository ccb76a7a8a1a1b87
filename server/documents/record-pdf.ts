import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
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
import { woffToSfnt } from './woff.ts';

/**
 * A record's declared document (`documents` in its entity, docs/declarations.md §3) as a PDF:
 * the title, the record's title field, then each detail section's labels and values in the
 * request language. Text is set in Noto Sans SC from the npm package @fontsource/noto-sans-sc
 * (its simplified-Chinese file holds Latin, digits and currency signs too), so no system font is
 * needed; pdfkit embeds only the glyphs used (a subset). The package ships WOFF, which fontkit
 * inflates table by table on every access (tens of seconds per document): it is unwrapped to the
 * plain OpenType font once per process (`documentFont`), which pdfkit subsets in milliseconds.
 */
const FONT = createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');
let font: Buffer | undefined;
/** The documents' font as OpenType, unwrapped from its WOFF on first use. */
export const documentFont = (): Buffer => (font ??= woffToSfnt(readFileSync(FONT)));

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

export function renderRecordPdf(reg: RegisteredEntity, record: EntityRecord, key: string, lang: Language): Promise<Buffer> {
  const decl = reg.entity.documents![key]!;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: text(decl.title, lang, key) } });
  doc.registerFont('body', documentFont());
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text(text(decl.title, lang, key), { align: 'center' });
  const title = valueAt(record.doc, reg.entity.titleField);
  if (typeof title === 'string') doc.moveDown(0.3).fontSize(11).text(title, { align: 'center' });
  const sections = deriveDetailSections(reg, lang).filter((s) => !decl.sections || decl.sections.includes(s.id));
  for (const section of sections) {
    doc.moveDown(1).fontSize(13).text(section.title);
    doc.moveDown(0.3).fontSize(10);
    for (const f of section.fields) {
      const value = valueText(reg, record, f.field, f.node, lang);
      if (value) doc.text(`${f.label}: ${value}`);
    }
  }
  doc.end();
  return done;
}
