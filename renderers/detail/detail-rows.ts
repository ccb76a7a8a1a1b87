/**
 * The detail grid's spans: a wide value (an object, a table) takes a row of its own, and the item
 * before it stretches to the end of its row, so a nested table never squeezes its neighbours into
 * slivers. `columns` is the grid's column count at the current screen width.
 */
export function rowSpans(wide: readonly boolean[], columns: number): number[] {
  const spans: number[] = [];
  let used = 0;
  const closeRow = () => {
    if (used > 0) spans[spans.length - 1]! += columns - used;
    used = 0;
  };
  for (const w of wide) {
    if (w) {
      closeRow();
      spans.push(columns);
      continue;
    }
    spans.push(1);
    used += 1;
    if (used === columns) used = 0;
  }
  closeRow();
  return spans;
}

/** A value shown as nested fields or a table: an object, or a list holding one. */
export const isWideValue = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (!Array.isArray(value) || value.some((v) => typeof v === 'object' && v !== null));
