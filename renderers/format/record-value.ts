import { valueAt } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';

const SYSTEM_VALUES: Record<string, (r: EntityRecord) => unknown> = {
  $id: (r) => r.id,
  $createdAt: (r) => r.createdAt,
  $updatedAt: (r) => r.updatedAt,
  $version: (r) => r.version,
  $companyName: (r) => r.companyName,
};

/** The value a view's field path names in a record: a state, a system field or a doc path. */
export function recordValue(record: EntityRecord, path: string): unknown {
  if (path.startsWith('$')) return record.states[path] ?? SYSTEM_VALUES[path]?.(record);
  return valueAt(record.doc, path);
}
