import type { EntityRecord } from '../../../renderers/env/data-provider.ts';

/** The test line fields staff enter in the grid (the reviewer's `resultReview` is not theirs). */
export const GRID_FIELDS = ['categoryCode', 'protocolPackage', 'citation', 'sampleNo', 'testName', 'testResult', 'component', 'color', 'remark'] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/** A grid row: a stored line (with the version it was read at) or a new one, with the edits typed into it. */
export interface GridRow {
  key: string;
  record?: EntityRecord;
  values: Partial<Record<GridField, string>>;
  /** The last save's failure, shown on the row (a conflict: someone else changed the line). */
  error?: string;
}

export const rowOf = (record: EntityRecord): GridRow => ({
  key: record.id,
  record,
  values: Object.fromEntries(GRID_FIELDS.map((f) => [f, typeof record.doc[f] === 'string' ? (record.doc[f] as string) : ''])),
});

/** Whether the row holds edits not saved yet. */
export function isDirty(row: GridRow): boolean {
  if (!row.record) return GRID_FIELDS.some((f) => row.values[f]);
  return GRID_FIELDS.some((f) => (row.values[f] ?? '') !== ((row.record!.doc[f] as string | undefined) ?? ''));
}

/** The document a row saves: the stored one with the grid's values (an emptied field is left out). */
export function docOf(row: GridRow, reportId: string, reportNo: string): Record<string, unknown> {
  const doc: Record<string, unknown> = { ...(row.record?.doc ?? { reportId, reportNo }) };
  for (const f of GRID_FIELDS) {
    const v = row.values[f]?.trim();
    if (v) doc[f] = v;
    else delete doc[f];
  }
  return doc;
}
