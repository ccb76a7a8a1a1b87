import { valueAt, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { indexedFields } from '../db/sql-expressions.ts';
import { ApiError } from '../http/errors.ts';
import type { Scope } from './records-repo.ts';

type Doc = Record<string, unknown>;

/** A btree index entry holds about 2.7 kB: an indexed text field keeps well below. */
export const MAX_INDEXED_BYTES = 2000;

const indexedOf = new WeakMap<RegisteredEntity, string[]>();

/** Refuses text in a filtered or sorted field (indexed) longer than an index entry can hold. */
export function checkIndexedText(reg: RegisteredEntity, doc: Doc): void {
  let fields = indexedOf.get(reg);
  if (!fields) indexedOf.set(reg, (fields = indexedFields(reg)));
  for (const field of fields) {
    const v = valueAt(doc, field);
    if (typeof v === 'string' && Buffer.byteLength(v) > MAX_INDEXED_BYTES) {
      throw new ApiError(400, 'VALIDATION_FAILED', {}, [{ field, keyword: 'maxLength', message: field }]);
    }
  }
}

/**
 * The companies a record is shared with (`access.shareWith`): a changed one must name an existing,
 * approved company, and only the writers the declaration allows may change it (by default the
 * record's own company and staff who see all companies) — a company a record is shared with
 * cannot share it further.
 */
export async function checkSharing(tx: Queryable, reg: RegisteredEntity, before: Doc | undefined, after: Doc, writer: { scope: Scope; companyId: string; ownerCompanyId: string }): Promise<void> {
  const changed: string[] = [];
  for (const rule of reg.entity.access?.shareWith ?? []) {
    const was = before ? valueAt(before, rule.field) : undefined;
    const now = valueAt(after, rule.field);
    if ((was ?? '') === (now ?? '')) continue;
    const owner = writer.scope.all || writer.companyId === writer.ownerCompanyId;
    if ((rule.changedBy ?? 'owner') === 'owner' && !owner) {
      throw new ApiError(403, 'PARTY_NOT_CHANGEABLE', { field: rule.field }, [{ field: rule.field, keyword: 'party', message: rule.field }]);
    }
    if (typeof now === 'string' && now) changed.push(rule.field);
  }
  if (!changed.length) return;
  const ids = changed.map((f) => String(valueAt(after, f)));
  const { rows } = await tx.query<{ id: string }>("select id from companies where id = any($1::text[]) and approval_status = 'approved'", [ids]);
  const known = new Set(rows.map((r) => r.id));
  const unknown = changed.find((f) => !known.has(String(valueAt(after, f))));
  if (unknown) throw new ApiError(400, 'COMPANY_UNKNOWN', { field: unknown }, [{ field: unknown, keyword: 'company', message: unknown }]);
}
