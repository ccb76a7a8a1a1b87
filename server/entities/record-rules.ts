import {
  initialStep,
  goneMessage,
  hasPermission,
  isDraftState,
  stateFields,
  text,
  toFieldErrors,
  stateOptions,
  partyMaySend,
  partyOf,
  sharedCompanies,
  snapshotIn,
  type ActionDeclaration,
  type Language,
  type Step,
  type PersistedSnapshot,
  type RegisteredEntity,
} from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { checkIndexedText } from './record-guards.ts';
import type { EntityRecord, RecordWrite } from './records-repo.ts';
import type { ParentLink } from './record-links.ts';
import { withoutLinked } from '../db/linked-values.ts';
import { documentErrors } from '../templates/record-validation.ts';

type Doc = Record<string, unknown>;

/*
 * The rules every write of the entity service applies (server/entities/service.ts): permission,
 * system fields, schema validation, who sees a record, which user events are refused before the
 * machine is asked, what a new record stores.
 */

export function requirePermission(user: SessionUser, code: string): void {
  if (!hasPermission(user.permissionMap, code)) throw new ApiError(403, 'FORBIDDEN', { permission: code });
}

export function isDoc(v: unknown): v is Doc {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** System fields (numbering, readOnly) are the server's: what the client sends for them is ignored. */
export function systemFields(reg: RegisteredEntity): string[] {
  return Object.entries(reg.schema.properties)
    .filter(([, n]) => n['x-system'] || n.readOnly)
    .map(([k]) => k);
}

export function withSystemFields(reg: RegisteredEntity, incoming: Doc, from: Doc): Doc {
  const out: Doc = { ...incoming };
  for (const k of systemFields(reg)) {
    if (k in from) out[k] = from[k];
    else delete out[k];
  }
  return out;
}

/** Checks a document against the entity's compiled schema (drafts skip `required`). */
export async function validateDoc(reg: RegisteredEntity, doc: Doc, snapshot: PersistedSnapshot | null, lang: Language, full = false): Promise<void> {
  const errors = await documentErrors(reg, doc, !full && isDraftState(reg, snapshot ?? undefined));
  if (errors) throw new ApiError(400, 'VALIDATION_FAILED', {}, toFieldErrors(reg.schema, errors, lang));
  checkIndexedText(reg, doc);
}

/**
 * The companies that see a record: its owner plus the companies its declared fields name; a
 * record in a draft state is its owner's alone until it leaves the draft (is submitted).
 */
export function visibleTo(reg: RegisteredEntity, doc: Doc, ownerCompanyId: string, snapshot?: PersistedSnapshot | null, parent?: ParentLink): string[] {
  if (snapshot && isDraftState(reg, snapshot)) return [ownerCompanyId];
  // A record belonging to another (access.parent) is seen by whoever sees that one.
  return [...new Set([ownerCompanyId, ...sharedCompanies(reg.entity, doc), ...(parent?.visibleTo ?? [])])];
}

/**
 * A state's label for messages: the leaf of the region taking `event` (a TRF's quotation region
 * for Reject quotation), else of the primary region, labelled by the machine.
 */
export function stateLabel(reg: RegisteredEntity, snapshot: PersistedSnapshot | null, lang: Language, event?: string): string {
  const regions = Object.entries(reg.entity.lifecycle?.regions ?? {});
  const taking = event ? regions.find(([, key]) => reg.machine?.root.states[key]?.events.includes(event)) : undefined;
  const field = (taking ?? regions[0])?.[0];
  if (!field || !snapshot) return '';
  const leaf = stateFields(reg.entity.lifecycle!.regions, snapshot)[field];
  return stateOptions(reg, field, lang).find((o) => o.value === leaf)?.label ?? leaf ?? '';
}

/** What refuses a user's event before its machine is asked: the record gone, a server-only action, the permission, the party. */
export function refuseUserEvent(reg: RegisteredEntity, record: EntityRecord, action: ActionDeclaration, type: string, user: SessionUser, lang: Language): void {
  refuseGone(reg, record, lang);
  if (action.by === 'server') throw new ApiError(403, 'SERVER_ONLY', { action: text(action.label, lang, type) });
  requirePermission(user, action.permission);
  if (!partyMaySend(action, partyOf(reg.entity, record, user.companyId))) {
    throw new ApiError(403, action.by === 'owner' ? 'OWNER_ONLY' : 'SHARED_PARTY_ONLY', { action: text(action.label, lang, type) });
  }
}

/** A record in a state whose machine meta says `gone` no longer exists for its users: 409 with that state's message. */
export function refuseGone(reg: RegisteredEntity, record: EntityRecord, lang: Language): void {
  const gone = record.snapshot ? goneMessage(reg, record.snapshot) : undefined;
  if (gone) throw new ApiError(409, 'RECORD_GONE', { message: text(gone, lang, '') });
}

/**
 * A new record's first step: the machine's initial state, or the declared `lifecycle.createdIn`
 * (a customer registered by staff is certified at once; such a state's timers are not started).
 */
export function creationStep(reg: RegisteredEntity): Step | undefined {
  if (!reg.machine) return undefined;
  const createdIn = reg.entity.lifecycle?.createdIn;
  if (!createdIn) return initialStep(reg.machine, new Date());
  return { snapshot: snapshotIn(reg.machine, createdIn), timers: [], effects: [] };
}

export function contentOf(reg: RegisteredEntity, doc: Doc, snapshot: PersistedSnapshot | null, companyId: string, parent?: ParentLink): RecordWrite {
  const states = snapshot && reg.entity.lifecycle ? stateFields(reg.entity.lifecycle.regions, snapshot) : {};
  // Linked values (x-linked) are read with the record, never stored.
  return { doc: withoutLinked(reg, doc), snapshot, states, state: Object.values(states)[0] ?? '', visibleTo: visibleTo(reg, doc, companyId, snapshot, parent) };
}


/**
 * A record of a template's entity holds the template's row (`for share`) until its transaction
 * ends: a template delete (which locks the row `for update`, then looks for records) waits for it
 * and sees the record, and a record made after the template went — by a process whose registry
 * has not heard yet — is refused rather than orphaned.
 */
export async function holdTemplate(tx: Queryable, reg: RegisteredEntity): Promise<void> {
  if (reg.templateVersion === undefined) return;
  const { rows } = await tx.query('select 1 from form_templates where code = $1 for share', [reg.name]);
  if (!rows.length) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', { code: reg.name });
}
