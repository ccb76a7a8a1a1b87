import { randomUUID } from 'node:crypto';
import { valueAt, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { RecordWrite } from './records-repo.ts';

/**
 * An entity's declared `projection` (docs/declarations.md §3): a table holding some of each
 * record's values under the record's id, for the code that joins on it (the `companies` table
 * of the `company` entity). Written in the transaction of every write and transition of the
 * record, so the two never disagree; the table and column names are checked identifiers of the
 * declaration (schemas/_meta/entity.schema.json), never request data.
 */
export async function writeProjection(tx: Queryable, reg: RegisteredEntity, id: string, content: RecordWrite): Promise<void> {
  const projection = reg.entity.projection;
  if (!projection) return;
  const columns = Object.keys(projection.columns);
  const values = Object.values(projection.columns).map((path) => {
    const v = path.startsWith('$') ? content.states[path] : valueAt(content.doc, path);
    return v === undefined || v === null || v === '' ? null : typeof v === 'string' ? v : JSON.stringify(v);
  });
  const list = columns.join(', ');
  const placeholders = columns.map((_, i) => `$${i + 2}`).join(', ');
  const updates = columns.map((c) => `${c} = excluded.${c}`).join(', ');
  await tx.query(`insert into ${projection.table} (id, ${list}) values ($1, ${placeholders}) on conflict (id) do update set ${updates}`, [id, ...values]);
}

/** A new record's id and owner: a company record (`projection.self`) is a new company owning itself, any other is the user's company's. */
export function newRecordOwner(reg: RegisteredEntity, userCompanyId: string): { id: string; companyId: string } {
  const projection = reg.entity.projection;
  if (!projection?.self) return { id: randomUUID(), companyId: userCompanyId };
  const id = `${projection.idPrefix ?? ''}${randomUUID()}`;
  return { id, companyId: id };
}
