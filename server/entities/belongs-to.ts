import { message, text, valueAt, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { getRecord } from './records-repo.ts';
import { scopeOf } from './visibility.ts';

/** The record a new one belongs to (entity `belongsTo`): its id, and the companies that see it. */
export interface ParentRecord {
  id: string;
  visibleTo: string[];
  /** The values the declaration copies from the parent (`belongsTo.fill`). */
  filled: Record<string, unknown>;
}

/**
 * The record a new record of `reg` belongs to (docs/declarations.md §3, belongsTo): loaded as a
 * write by the user (read-only access through an authorization is not enough; it stays locked to
 * the transaction's end), refused while closed to the user's roles. The new record is then seen
 * by exactly the companies that see its parent, and follows it when that changes (shareChildren).
 */
export async function parentOf(tx: Queryable, registry: EntityRegistry | undefined, reg: RegisteredEntity, doc: Record<string, unknown>, user: SessionUser, lang: Language): Promise<ParentRecord | undefined> {
  const belongs = reg.entity.belongsTo;
  if (!belongs || !registry) return undefined;
  const parentReg = registry.get(belongs.entity);
  const id = valueAt(doc, belongs.field);
  const parent = typeof id === 'string' && id ? await getRecord(tx, parentReg, id.slice(0, 200), scopeOf(user, registry), true) : undefined;
  const label = text(parentReg.entity.label, lang, parentReg.name);
  if (!parent) {
    throw new ApiError(400, 'VALIDATION_FAILED', {}, [{ field: belongs.field, keyword: 'belongsTo', message: message('BELONGS_TO_NOT_FOUND', lang, { entity: label }) }]);
  }
  const closed = belongs.closed;
  const [primary] = Object.keys(parentReg.entity.lifecycle?.regions ?? {});
  const state = primary ? parent.states[primary] : undefined;
  if (closed && state && closed.states.includes(state) && !user.roles.some((r) => closed.exceptRoles?.includes(r))) {
    throw new ApiError(403, 'PARENT_CLOSED', { message: text(closed.message, lang, '') });
  }
  const { rows } = await tx.query<{ visible_to: string[] }>('select visible_to from records where id = $1', [parent.id]);
  const filled = Object.fromEntries(Object.entries(belongs.fill ?? {}).map(([to, from]) => [to, valueAt(parent.doc, from)]).filter(([, v]) => v !== undefined));
  return { id: parent.id, visibleTo: rows[0]?.visible_to ?? [parent.companyId], filled };
}

/**
 * An action's `setsOwner` (docs/declarations.md §3): the record is handed to another approved login
 * account of its own company (a TRF to another applicant), which becomes its author; the event's
 * audit row (with the account in its payload) is its history. Another company's account, or an
 * unknown one, is a 400 on the payload field.
 */
export async function handOver(tx: Queryable, record: { id: string; companyId: string; createdBy: string }, account: string, field: string, lang: Language): Promise<void> {
  const { rows } = await tx.query<{ id: string }>("select id from users where account = $1 and company_id = $2 and status = 'approved'", [account.slice(0, 100), record.companyId]);
  const to = rows[0]?.id;
  if (!to || to === record.createdBy) {
    const params = { account: account.slice(0, 100) };
    throw new ApiError(400, 'OWNER_NOT_OF_COMPANY', params, [{ field, keyword: 'account', message: message('OWNER_NOT_OF_COMPANY', lang, params) }]);
  }
  await tx.query('update records set created_by = $2 where id = $1', [record.id, to]);
}
