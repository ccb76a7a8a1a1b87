import { stateFields, type PersistedSnapshot, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { nextNumber } from './records-repo.ts';

/**
 * An entity's declared number (`numbering`, docs/declarations.md §2): given once, when the field is
 * still empty — at the create, or, with `when`, as the record is created in or enters that state (a
 * company's customer number on its approval, whether registered by staff or by itself). A value the
 * field already holds is kept: a number typed at an offline registration, one given before.
 */
export async function numberIfDue(tx: Queryable, reg: RegisteredEntity, doc: Record<string, unknown>, snapshot: PersistedSnapshot | null): Promise<void> {
  const numbering = reg.entity.numbering;
  if (!numbering) return;
  const current = doc[numbering.field];
  if (current !== undefined && current !== null && current !== '') return;
  if (numbering.when) {
    const states = snapshot && reg.entity.lifecycle ? Object.values(stateFields(reg.entity.lifecycle.regions, snapshot)) : [];
    if (!states.includes(numbering.when)) return;
  }
  doc[numbering.field] = await nextNumber(tx, numbering.prefix, numbering.digits);
}
