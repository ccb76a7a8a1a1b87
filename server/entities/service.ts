import {
  DEFAULT_LANGUAGE,
  step,
  withDateEvents,
  changedFields,
  activeStateKeys,
  editableFields,
  initialSnapshot,
  isDraftState,
  text,
  toFieldErrors,
  own,
  withDefaults,
  registrationFor,
  snapshotIn,
  withComputedFields,
  valueAt,
  recordTitle,
  type ActionDeclaration,
  type EntityRegistry,
  type Language,
  type PendingTimer,
  type RegisteredEntity,
  notificationsOn,
  ON_CREATE,
} from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { handOver, parentOf } from './belongs-to.ts';
import { sealSecrets, storeSecrets } from './secrets.ts';
import { ApiError } from '../http/errors.ts';
import { writeAudit } from './audit-repo.ts';
import { checkSharing } from './record-guards.ts';
import { checkLookupSnapshots, checkTreeParent, refreshTreePaths, refuseChangingBound, refuseRemovingBound, refuseRemovingParent } from './reference-guards.ts';
import { checkPickedRecords } from './picked-records.ts';
import { attachFiles } from '../files/file-refs.ts';
import type { LinkedData, LinkedWrite } from './linked-data.ts';
import { getTimers, setTimers } from './timers-repo.ts';
import { checkAccountLookups } from './account-guards.ts';
import { fillDerived, keepDerived } from './derived-fills.ts';
import { newRecordOwner, writeProjection } from './projection.ts';
import { noEffects, queueEntityEffects, type WrittenEffects } from './entity-effects.ts';
import {
  deleteRecord,
  getRecord,
  insertRecord,
  updateRecord,
  shareChildren,
  setParent,
  type EntityRecord,
} from './records-repo.ts';
import { scopeOf } from './visibility.ts';
import { numberIfDue } from './numbering.ts';
import { forwardEvent, forwardOf, runRelays, type SendToRecord } from './relays.ts';
import { refuseParentState } from './parent-state.ts';
import { gatherInto } from './gathers.ts';
import { runSpawns, type RefreshRecord, type SpawnRecord } from './spawns.ts';
import { allDraftStates, checkFieldPermissions, childrenToCopy, checkRequiredChild, checkRequiredLinked, checkUploads, mayUpdate, parentLink, refuseClosedParent, revisionFields } from './record-links.ts';
import { withoutLinked } from '../db/linked-values.ts';
import { contentOf, creationStep, holdTemplate, isDoc, refuseGone, refuseUserEvent, requirePermission, stateLabel, systemFields, validateDoc, visibleTo, withSystemFields } from './record-rules.ts';

type Doc = Record<string, unknown>;
/** The record a copy was made from (its audit entry names it): its id and title. */
type CopiedFrom = { id: string; title: string };

export class EntityService {
  constructor(
    private readonly db: Database,
    /** Data written with a record in its transaction (a TRF's DFF section). */
    private readonly linked?: LinkedData,
    /** The entities whose `access.grantsVisibility` widen what users read (visibility.ts); none without. */
    private readonly registry?: EntityRegistry,
    /** Runs the effects a write queued once it has committed (the effect worker runs them otherwise). */
    private readonly effects?: { afterCommit(): Promise<void> },
  ) {}

  /** The answer to a write: the record, with what the user is told about its effects; the effects run now. */
  private async answer<T extends EntityRecord | { deleted: true }>(result: T, written: WrittenEffects): Promise<T> {
    if (written.queued) await this.effects?.afterCommit();
    return written.notices.length && !('deleted' in result) ? { ...result, notices: written.notices } : result;
  }

  /** The record within the user's visibility; a load for update sees what the user may write (no granted access). */
  private async load(tx: Queryable, reg: RegisteredEntity, id: string, user: SessionUser, forUpdate = false): Promise<EntityRecord> {
    const record = await getRecord(tx, reg, id, scopeOf(user, this.registry), forUpdate);
    if (!record) throw new ApiError(404, 'NOT_FOUND');
    return record;
  }

  /** The record as the detail page reads it; it may be shared with other requests (records-repo.ts getRecord): callers must not change it. */
  async get(reg: RegisteredEntity, id: string, user: SessionUser): Promise<EntityRecord> {
    requirePermission(user, reg.entity.permissions.read);
    // The detail's read shows a record whose title alone the user may see (access.readGrants.titleOnly) with its title only.
    const record = await getRecord(this.db, reg, id, scopeOf(user, this.registry), false, true);
    if (!record) throw new ApiError(404, 'NOT_FOUND');
    return record;
  }

  async create(reg: RegisteredEntity, body: unknown, user: SessionUser, lang: Language, copiedFrom?: CopiedFrom, system: Doc = {}): Promise<EntityRecord> {
    requirePermission(user, copiedFrom ? (reg.entity.copy?.permission ?? reg.entity.permissions.create) : reg.entity.permissions.create);
    const incoming = isDoc(body) ? body.doc : undefined;
    if (!isDoc(incoming)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'doc' });
    const linked = await this.linked?.prepare(reg, body as Doc, incoming, lang);
    const written = noEffects();
    const record = await this.db.transaction(async (tx) => {
      const id = await this.insertIn(tx, reg, incoming, user, lang, written, linked, copiedFrom, system);
      return this.load(tx, reg, id, user);
    });
    return this.answer(record, written);
  }

  /**
   * Many new records in one transaction (a spreadsheet import): each checked and written as
   * `create` does; any failure rolls all of them back. Answers the new ids, in order.
   */
  async createMany(reg: RegisteredEntity, docs: readonly Doc[], user: SessionUser, lang: Language): Promise<string[]> {
    requirePermission(user, reg.entity.permissions.create);
    const written = noEffects();
    const linked: (LinkedWrite | undefined)[] = [];
    for (const doc of docs) linked.push(await this.linked?.prepare(reg, { doc }, doc, lang));
    const ids = await this.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const [i, doc] of docs.entries()) out.push(await this.insertIn(tx, reg, doc, user, lang, written, linked[i]));
      return out;
    });
    if (written.queued) await this.effects?.afterCommit();
    return ids;
  }

  /** One new record inside the caller's transaction: checks, numbering, linked data, row, files, timers, effects and audit. */
  private async insertIn(
    tx: Queryable,
    reg: RegisteredEntity,
    incoming: Doc,
    user: SessionUser,
    lang: Language,
    written: WrittenEffects,
    linked?: LinkedWrite,
    copiedFrom?: CopiedFrom,
    system: Doc = {},
  ): Promise<string> {
    await holdTemplate(tx, reg);
    const start = creationStep(reg);
    const snapshot = start?.snapshot ?? null;
    const { id, companyId } = newRecordOwner(reg, user.companyId);
    // `system`: the server's own values of system fields (a revision's version).
    const secrets = sealSecrets(reg, withSystemFields(reg, incoming, {}));
    let doc = withComputedFields(reg.entity, withDefaults(reg.schema, { ...secrets.doc, ...system }));
    await validateDoc(reg, doc, snapshot, lang);
    // The records it gathers (entity `gathers`: a statement's quotations) follow the document's conditions.
    doc = await gatherInto(tx, this.registry, reg, id, doc, user, lang);
    const parent = await parentLink(tx, this.registry, reg, doc, user, lang);
    // A new record of its parent's (not a revision's copy) only in the states its New button is offered in.
    if (parent && !copiedFrom) await refuseParentState(tx, this.registry, reg, parent.id, lang);
    await checkUploads(tx, reg, doc, lang);
    await checkAccountLookups(tx, reg, undefined, doc, { scope: scopeOf(user), companyId: user.companyId }, lang);
    if (this.registry) doc = await fillDerived(tx, this.registry, reg, undefined, doc, user, lang);
    await checkSharing(tx, reg, undefined, doc, { scope: scopeOf(user), companyId: user.companyId, ownerCompanyId: companyId }, lang);
    await checkLookupSnapshots(tx, reg, doc, lang);
    await checkPickedRecords(tx, this.registry, reg, doc, undefined, user, lang);
    doc = await checkTreeParent(tx, reg, id, doc, lang);
    await numberIfDue(tx, reg, doc, snapshot);
    // A company record's projection row is the company the record, and what links to it, belong to: it comes first.
    await writeProjection(tx, reg, id, contentOf(reg, doc, snapshot, companyId));
    if (linked) {
      const draft = isDraftState(reg, snapshot ?? undefined);
      const ctx = { id, doc, draft, editable: editableFields(reg, snapshot ?? undefined), activeStates: activeStateKeys(reg, snapshot ?? undefined), state: stateLabel(reg, snapshot, lang), companyId, user, lang };
      doc = await linked.write(tx, { ...ctx, visibleTo: visibleTo(reg, doc, companyId, snapshot) });
    }
    // A record belonging to another: its parent (access.parent: a TRF's report) or the record it is one of
    // many of (belongsTo: a TRF's comment); either way it is seen by whoever sees that one.
    const belongs = await parentOf(tx, this.registry, reg, doc, user, lang);
    if (belongs) doc = { ...doc, ...belongs.filled };
    const content = { ...contentOf(reg, doc, snapshot, companyId, parent), ...(belongs ? { visibleTo: belongs.visibleTo } : {}) };
    await insertRecord(tx, reg, id, content, companyId, user.id, parent?.id ?? null, belongs?.id ?? null);
    await storeSecrets(tx, id, secrets);
    await attachFiles(tx, id, doc, scopeOf(user));
    const timers = withDateEvents(reg.entity, reg.machine, snapshot, doc, start?.timers ?? []);
    if (timers.length) await setTimers(tx, id, timers);
    await queueEntityEffects(tx, reg, id, doc, [...(start?.effects ?? []), ...notificationsOn(reg.entity, ON_CREATE)], lang, written);
    await writeAudit(tx, reg.name, id, user.id, {
      kind: copiedFrom ? 'copy' : 'create',
      toStates: content.states,
      version: 1,
      // The source by its id and, for people reading the history, its title.
      ...(copiedFrom ? { payload: { copiedFrom: copiedFrom.id, copiedFromTitle: copiedFrom.title } } : {}),
    });
    await runRelays(tx, this.registry, reg, doc, '$create', {}, user, lang, this.relayTo(user, lang, written));
    await runSpawns(tx, this.registry, reg, id, doc, '$create', this.spawnAs(user, lang, written));
    return id;
  }

  async update(entityReg: RegisteredEntity, id: string, body: unknown, user: SessionUser, lang: Language): Promise<EntityRecord> {
    if (!mayUpdate(entityReg, user)) requirePermission(user, entityReg.entity.permissions.update);
    const incoming = isDoc(body) ? body.doc : undefined;
    const version = isDoc(body) ? body.version : undefined;
    if (!isDoc(incoming)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'doc' });
    if (!Number.isInteger(version)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'version' });
    const linked = await this.linked?.prepare(entityReg, body as Doc, incoming, lang);
    return this.db.transaction((tx) => this.updateIn(tx, entityReg, id, incoming, version as number, user, lang, linked));
  }

  /**
   * A spawned record written again, unchanged, through its linked data (spawns.ts `refreshOn`): what
   * its linked data fills now (the TRF's issued report on its certificate) is stored as an update
   * by the user whose event caused it; nothing is written when nothing was filled. A record the
   * user may not see or that its own rules refuse to store now is left as it is: the event that
   * caused the refresh never fails for it (the record fills itself on its next save).
   */
  private refreshAs(user: SessionUser, lang: Language): RefreshRecord {
    return async (tx, target, id) => {
      try {
        const current = await this.load(tx, target, id, user, true);
        const linked = await this.linked?.prepare(target, { doc: current.doc }, current.doc, lang);
        if (linked) await this.updateIn(tx, target, id, current.doc, current.version, user, lang, linked, true);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    };
  }

  /** An update in the caller's transaction (`update`'s checks and writes); `onlyIfFilled`: nothing is written when the linked data filled nothing. */
  private async updateIn(
    tx: Queryable,
    entityReg: RegisteredEntity,
    id: string,
    incoming: Doc,
    version: number,
    user: SessionUser,
    lang: Language,
    linked: LinkedWrite | undefined,
    onlyIfFilled = false,
  ): Promise<EntityRecord> {
    const current = await this.load(tx, entityReg, id, user, true);
    if (entityReg.entity.access?.updatedBy === 'owner' && !scopeOf(user).all && current.companyId !== user.companyId) {
      throw new ApiError(403, 'OWNER_ONLY_EDIT', { entity: text(entityReg.entity.label, lang, entityReg.name) });
    }
    refuseGone(entityReg, current, lang);
    if (current.version !== version) throw new ApiError(409, 'VERSION_CONFLICT', { version: current.version }, undefined, current);
    // A template's record is validated with the version it was made with.
    const reg = registrationFor(entityReg, current.templateVersion);
    const secrets = sealSecrets(reg, withSystemFields(reg, incoming, current.doc), current.doc);
    // Server-derived lookup siblings of unchanged picks are the stored ones: no edit of the client's.
    let doc = keepDerived(reg, current.doc, secrets.doc);
    const [before, after] = [withoutLinked(reg, current.doc), withoutLinked(reg, doc)];
    const changed = changedFields(before, after);
    checkFieldPermissions(reg, user, before, after);
    const editable = editableFields(reg, current.snapshot ?? undefined);
    const locked = changed.filter((f) => !editable.has(f));
    if (locked.length) {
      throw new ApiError(400, 'FIELD_NOT_EDITABLE', {
        state: stateLabel(reg, current.snapshot, lang),
        fields: locked.join(', '),
      }, locked.map((f) => ({ field: f, keyword: 'editable', message: f })));
    }
    // Computed fields follow the fields they are computed from (not an edit of their own).
    doc = withComputedFields(reg.entity, doc);
    await validateDoc(reg, doc, current.snapshot, lang);
    doc = await gatherInto(tx, this.registry, reg, id, doc, user, lang);
    const parentField = reg.entity.access?.parent?.field;
    const parent = await parentLink(tx, this.registry, reg, doc, user, lang, { fields: changed, previousParent: parentField ? valueAt(current.doc, parentField) : undefined });
    await checkUploads(tx, reg, doc, lang);
    await checkAccountLookups(tx, reg, current.doc, doc, { scope: scopeOf(user), companyId: user.companyId }, lang);
    if (this.registry) doc = await fillDerived(tx, this.registry, reg, current.doc, doc, user, lang);
    await checkSharing(tx, reg, current.doc, doc, { scope: scopeOf(user), companyId: user.companyId, ownerCompanyId: current.companyId }, lang);
    await checkLookupSnapshots(tx, reg, doc, lang, editable);
    await checkPickedRecords(tx, this.registry, reg, doc, current.doc, user, lang);
    if (changed.length) await refuseChangingBound(tx, this.registry, reg, id, lang);
    doc = await checkTreeParent(tx, reg, id, doc, lang);
    if (linked) {
      const snap = current.snapshot ?? undefined;
      const ctx = { id, doc, previous: current.doc, draft: isDraftState(reg, snap), editable, activeStates: activeStateKeys(reg, snap), state: stateLabel(reg, current.snapshot, lang), companyId: current.companyId, user, lang };
      doc = await linked.write(tx, { ...ctx, visibleTo: visibleTo(reg, doc, current.companyId, current.snapshot) });
    }
    if (onlyIfFilled && JSON.stringify(doc) === JSON.stringify(current.doc)) return current;
    const filled = onlyIfFilled ? changedFields(withoutLinked(reg, current.doc), withoutLinked(reg, doc)) : changed;
    const content = contentOf(reg, doc, current.snapshot, current.companyId, parent);
    if (!(await updateRecord(tx, id, current.version, content))) {
      throw new ApiError(409, 'VERSION_CONFLICT', { version: current.version + 1 });
    }
    await storeSecrets(tx, id, secrets);
    if (parent) await setParent(tx, id, parent.id);
    await shareChildren(tx, id, content.visibleTo, allDraftStates(this.registry));
    await writeProjection(tx, reg, id, content);
    // A changed date moves its date event (lifecycle.dateEvents: a class's start).
    if (reg.entity.lifecycle?.dateEvents?.length) await setTimers(tx, id, withDateEvents(reg.entity, reg.machine, current.snapshot, doc, await getTimers(tx, id)));
    await refreshTreePaths(tx, reg, id, doc);
    await attachFiles(tx, id, doc, scopeOf(user));
    await writeAudit(tx, reg.name, id, user.id, { kind: 'update', changedFields: filled, version: current.version + 1 });
    await runSpawns(tx, this.registry, reg, id, doc, '$update', this.spawnAs(user, lang, noEffects()));
    return this.load(tx, reg, id, user);
  }

  /** Sends a lifecycle event: permission, version, payload, machine — then state and audit in one transaction. */
  async send(reg: RegisteredEntity, id: string, body: unknown, user: SessionUser, lang: Language): Promise<EntityRecord | { deleted: true }> {
    const type = isDoc(body) ? body.type : undefined;
    const version = isDoc(body) ? body.version : undefined;
    const payload = isDoc(body) && body.payload !== undefined ? body.payload : {};
    const action = typeof type === 'string' ? own(reg.entity.actions, type) : undefined;
    if (!reg.machine || typeof type !== 'string' || !action) throw new ApiError(400, 'UNKNOWN_EVENT', { event: String(type) });
    if (!Number.isInteger(version)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'version' });
    if (!isDoc(payload)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'payload' });
    const validatePayload = own(reg.validatePayload, type);
    if (validatePayload && !validatePayload(payload)) {
      throw new ApiError(400, 'VALIDATION_FAILED', {}, toFieldErrors(action.payloadSchema as never, validatePayload.errors, lang));
    }
    const written = noEffects();
    const result = await this.db.transaction(async (tx) => {
      const current = await this.load(tx, reg, id, user, true);
      refuseUserEvent(reg, current, action, type, user, lang);
      if (current.version !== version) throw new ApiError(409, 'VERSION_CONFLICT', { version: current.version }, undefined, current);
      const from = current.snapshot ?? initialSnapshot(reg.machine!);
      const notAllowed = () => new ApiError(409, 'EVENT_NOT_ALLOWED', { state: stateLabel(reg, from, lang, type), action: text(action.label, lang, type) });
      // A forwarded event (relays' `forward`: a TRF's Confirm quotation) is its linked record's, which relays it back.
      const forward = forwardOf(reg, type);
      if (forward && this.registry) {
        if (!step(reg.machine!, from, await getTimers(tx, current.id), { ...payload, type, $relayed: false }, new Date())) throw notAllowed();
        await forwardEvent(tx, this.registry, forward, current, { type, payload }, user, lang, this.sendAsUser(user, lang, written));
        return this.load(tx, reg, id, user);
      }
      const moved = await this.transitionIn(tx, reg, current, { type, payload, action }, user, lang, null, written);
      if (!moved) throw notAllowed();
      return moved === 'deleted' ? { deleted: true as const } : this.load(tx, reg, id, user);
    });
    const answered = await this.answer(result, written);
    // The effects ran (a filing sent to the regulator came back): answer the record as they left it.
    if (!written.queued || 'deleted' in answered) return answered;
    const fresh = await getRecord(this.db, reg, id, scopeOf(user, this.registry));
    return fresh ? { ...fresh, ...(answered.notices ? { notices: answered.notices } : {}) } : answered;
  }

  /**
   * Sends a record's earliest due timer (an `after` of its machine) in the worker's transaction,
   * which has claimed the row: the same transition, timers and audit path as a user's event, with
   * no actor. A timer the state no longer takes is dropped. Returns whether the record moved.
   */
  async fireTimer(tx: Queryable, reg: RegisteredEntity, id: string, timers: readonly PendingTimer[]): Promise<boolean> {
    const [timer] = [...timers].sort((a, b) => a.due.localeCompare(b.due));
    const current = await getRecord(tx, reg, id, { all: true }, true);
    if (!current || !reg.machine || !timer) {
      if (current) await setTimers(tx, id, []);
      return false;
    }
    const moved = await this.transitionIn(tx, reg, current, { type: timer.event, payload: {} }, null, DEFAULT_LANGUAGE);
    if (!moved) await setTimers(tx, id, timers.filter((t) => t !== timer));
    return Boolean(moved);
  }

  /**
   * The one transition path, in the caller's transaction: the machine takes the event (else
   * undefined), the declared action's checks and field copies apply, and the record, its pending
   * timers and an audit row are written together. A user's event is validated against the next
   * state's rules; a timer (no actor) moves the record as its machine says.
   */
  private async transitionIn(
    tx: Queryable,
    reg: RegisteredEntity,
    current: EntityRecord,
    /** `relayed`: sent by another record's relay, which the machine sees as `$relayed: true` (what no user's event can say). */
    event: { type: string; payload: Doc; action?: ActionDeclaration; relayed?: boolean },
    user: SessionUser | null,
    lang: Language,
    /** Who the audit names when no user sends it (the server on a user's behalf); none for a timer. */
    actorId: string | null = null,
    written: WrittenEffects = noEffects(),
  ): Promise<'moved' | 'deleted' | undefined> {
    const { type, payload, action } = event;
    const from = current.snapshot ?? initialSnapshot(reg.machine!);
    const next = step(reg.machine!, from, await getTimers(tx, current.id), { ...payload, type, $relayed: event.relayed === true }, new Date());
    if (!next) return undefined;
    if (action?.requiresValidDocument) {
      await validateDoc(reg, current.doc, from, lang, true);
      await this.linked?.checkValid(tx, reg, current.doc, lang);
      await checkLookupSnapshots(tx, reg, current.doc, lang);
    }
    if (user) await checkRequiredChild(tx, this.registry, current.id, action, lang);
    if (user) await checkRequiredLinked(tx, current.doc, action, lang);
    const doc = { ...current.doc };
    for (const f of action?.setsFields ?? []) doc[f] = payload[f];
    const stamps = user ? action?.stamps : undefined;
    if (stamps?.by) doc[stamps.by] = user!.userName;
    if (stamps?.at) doc[stamps.at] = new Date().toISOString();
    for (const [f, from] of Object.entries(stamps?.payload ?? {})) doc[f] = payload[from];
    Object.assign(doc, withComputedFields(reg.entity, doc));
    // A number due in the state entered (`numbering.when`: a company's customer number on its approval).
    await numberIfDue(tx, reg, doc, next.snapshot);
    const parent = await parentLink(tx, this.registry, reg, doc, null, lang);
    const content = contentOf(reg, doc, next.snapshot, current.companyId, parent);
    const audit = { kind: 'event' as const, event: type, fromStates: current.states, toStates: content.states, payload };
    if (action?.removesRecord && user) {
      if (!(await deleteRecord(tx, current.id, current.version))) throw new ApiError(409, 'VERSION_CONFLICT', { version: current.version + 1 });
      await this.linked?.remove(tx, reg, current.id, user);
      await writeAudit(tx, reg.name, current.id, user.id, { ...audit, kind: 'delete' });
      return 'deleted';
    }
    if (user) {
      // A draft's event (cancel, delete) needs no completeness: the draft's own rules apply.
      await validateDoc(reg, doc, isDraftState(reg, from) ? from : next.snapshot, lang);
      // Fields the event set (its payload) name records the user may pick, as an edit's do.
      await checkPickedRecords(tx, this.registry, reg, doc, current.doc, user, lang);
      await checkSharing(tx, reg, current.doc, doc, { scope: scopeOf(user), companyId: user.companyId, ownerCompanyId: current.companyId }, lang);
    }
    if (!(await updateRecord(tx, current.id, current.version, content))) throw new ApiError(409, 'VERSION_CONFLICT', { version: current.version + 1 });
    if (action?.setsOwner) await handOver(tx, current, String(payload[action.setsOwner] ?? ''), action.setsOwner, lang);
    await writeProjection(tx, reg, current.id, content);
    // The records that belong to this one (its DFF data) are seen by whoever sees it (a draft submitted).
    await shareChildren(tx, current.id, content.visibleTo, allDraftStates(this.registry));
    if (user) await attachFiles(tx, current.id, doc, scopeOf(user));
    await setTimers(tx, current.id, withDateEvents(reg.entity, reg.machine, next.snapshot, doc, next.timers));
    // The machine's effects (a mail) are written with the transition and run after the commit (docs/declarations.md §4).
    // A declared notification (`notify`) of this event is queued with them, delivered after the commit too.
    await queueEntityEffects(tx, reg, current.id, doc, [...next.effects, ...notificationsOn(reg.entity, type)], lang, written);
    await writeAudit(tx, reg.name, current.id, user?.id ?? actorId, { ...audit, version: current.version + 1 });
    await runRelays(tx, this.registry, reg, doc, type, payload, user, lang, this.relayTo(user, lang, written, actorId));
    if (user) await runSpawns(tx, this.registry, reg, current.id, doc, type, this.spawnAs(user, lang, written), this.refreshAs(user, lang), payload);
    return 'moved';
  }

  /** How a spawn (spawns.ts) makes its record: the target's own create path, as the writing user. */
  private spawnAs(user: SessionUser, lang: Language, written: WrittenEffects): SpawnRecord {
    return async (tx, target, doc) => this.insertIn(tx, target, doc, user, lang, written, await this.linked?.prepare(target, { doc }, doc, lang));
  }

  /** How a forwarded event (relays.ts `forward`) reaches its record: as the user's own event there — its permission, party, payload and machine. */
  private sendAsUser(user: SessionUser, lang: Language, written: WrittenEffects): SendToRecord {
    return async (tx, target, record, event) => {
      const action = own(target.entity.actions, event.type);
      if (!target.machine || !action) return false;
      refuseUserEvent(target, record, action, event.type, user, lang);
      const validatePayload = own(target.validatePayload, event.type);
      if (validatePayload && !validatePayload(event.payload)) {
        throw new ApiError(400, 'VALIDATION_FAILED', {}, toFieldErrors(action.payloadSchema as never, validatePayload.errors, lang));
      }
      return Boolean(await this.transitionIn(tx, target, record, { ...event, action }, user, lang, null, written));
    };
  }

  /** How a relay (relays.ts) sends its event: the target record's own transition path, as the same actor. */
  private relayTo(user: SessionUser | null, lang: Language, written: WrittenEffects, actorId: string | null = null) {
    return async (tx: Queryable, target: RegisteredEntity, record: EntityRecord, event: { type: string; payload: Doc }) => {
      if (!target.machine) return false;
      const action = own(target.entity.actions, event.type);
      // Sent by the server on the user's behalf: the target's own rules apply, not the user's permissions on it.
      const moved = await this.transitionIn(tx, target, record, { ...event, ...(action ? { action } : {}), relayed: true }, null, lang, user?.id ?? actorId, written);
      return Boolean(moved);
    };
  }

  /**
   * A record the server makes itself, in the caller's transaction (a registered company): the
   * document is checked like a user's, then the projection row, `beforeRecord` (what the record
   * needs to exist first: the company's first account, its author), the record and its audit row.
   * It starts in `state`, or where a created record starts.
   */
  async createInside(
    tx: Queryable,
    reg: RegisteredEntity,
    opts: { id: string; companyId: string; doc: Doc; state?: string; actorId: string; lang: Language; beforeRecord?: () => Promise<void> },
  ): Promise<Doc> {
    const start = opts.state && reg.machine ? undefined : creationStep(reg);
    const snapshot = opts.state && reg.machine ? snapshotIn(reg.machine, opts.state) : (start?.snapshot ?? null);
    const doc = { ...opts.doc };
    // Numbered like a record a user creates; a record started in its initial state gets its timers and effects too.
    await numberIfDue(tx, reg, doc, snapshot);
    await validateDoc(reg, doc, snapshot, opts.lang);
    const content = contentOf(reg, doc, snapshot, opts.companyId);
    await writeProjection(tx, reg, opts.id, content);
    await opts.beforeRecord?.();
    await insertRecord(tx, reg, opts.id, content, opts.companyId, opts.actorId);
    if (start?.timers.length) await setTimers(tx, opts.id, start.timers);
    const effects = start ? [...start.effects, ...notificationsOn(reg.entity, ON_CREATE)] : [];
    if (effects.length) await queueEntityEffects(tx, reg, opts.id, doc, effects, opts.lang);
    await writeAudit(tx, reg.name, opts.id, opts.actorId, { kind: 'create', toStates: content.states, version: 1 });
    return doc;
  }

  /**
   * An event the server sends on a user's behalf in the caller's transaction (the provider's
   * decision on a new company, taken with its first account: server/accounts/approval.ts):
   * the same transition path as `send` — record, projection, effects, audit — with `actorId` as the
   * actor and no permission of the entity's own. Returns whether the record moved.
   */
  async sendInside(tx: Queryable, reg: RegisteredEntity, id: string, event: { type: string; payload: Doc }, actorId: string): Promise<boolean> {
    const current = await getRecord(tx, reg, id, { all: true }, true);
    if (!current || !reg.machine) return false;
    const action = own(reg.entity.actions, event.type);
    return Boolean(await this.transitionIn(tx, reg, current, { ...event, ...(action ? { action } : {}) }, null, DEFAULT_LANGUAGE, actorId));
  }

  /** DELETE: through the lifecycle's removing event where there is one, else by the delete permission. */
  async remove(reg: RegisteredEntity, id: string, version: number, user: SessionUser, lang: Language): Promise<void> {
    const removing = Object.entries(reg.entity.actions ?? {}).find(([, a]) => a.removesRecord);
    if (reg.machine) {
      if (!removing) throw new ApiError(409, 'NOT_DELETABLE', { state: '' });
      await this.send(reg, id, { type: removing[0], version }, user, lang);
      return;
    }
    const permission = reg.entity.permissions.delete;
    if (!permission) throw new ApiError(403, 'FORBIDDEN', { permission: `${reg.name}:delete` });
    requirePermission(user, permission);
    await this.db.transaction(async (tx) => {
      const current = await this.load(tx, reg, id, user, true);
      await refuseRemovingParent(tx, reg, id);
      await refuseRemovingBound(tx, this.registry, id, lang);
      const parentField = reg.entity.access?.parent?.field;
      if (parentField) await refuseClosedParent(tx, reg, valueAt(current.doc, parentField), lang);
      if (current.version !== version || !(await deleteRecord(tx, id, version))) {
        throw new ApiError(409, 'VERSION_CONFLICT', { version: current.version }, undefined, current);
      }
      await this.linked?.remove(tx, reg, id, user);
      await writeAudit(tx, reg.name, id, user.id, { kind: 'delete', fromStates: current.states });
    });
  }

  /** Copy: a new record (initial state) from a readable one, leaving out the declared fields. */
  async copy(reg: RegisteredEntity, id: string, user: SessionUser, lang: Language): Promise<EntityRecord> {
    if (!reg.entity.copy) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    const source = await this.get(reg, id, user);
    // A deep copy: the source may be shared (get), and checking the copy may fill in or coerce its values.
    const doc: Doc = structuredClone(source.doc);
    for (const f of [...reg.entity.copy.omit, ...systemFields(reg)]) delete doc[f];
    const linked = await this.linked?.copyInput(reg, source.doc, lang);
    // A revision (copy.revision) is the next version of the same document.
    const system = await revisionFields(this.db, reg, source);
    const children = reg.entity.copy.children ?? [];
    const from = { id: source.id, title: recordTitle(reg, source.doc, lang) };
    if (!children.length) return this.create(reg, { ...linked, doc }, user, lang, from, system);
    // Its records (copy.children: a revised report's test lines) are copied with it, in its transaction.
    requirePermission(user, reg.entity.copy.permission);
    const kinds = children.map((c) => ({ child: this.registry!.get(c.entity), omit: c.omit ?? [] }));
    for (const { child } of kinds) requirePermission(user, child.entity.permissions.create);
    const prepared = await this.linked?.prepare(reg, { ...linked, doc }, doc, lang);
    const written = noEffects();
    const record = await this.db.transaction(async (tx) => {
      const id = await this.insertIn(tx, reg, doc, user, lang, written, prepared, from, system);
      for (const { child, omit } of kinds) {
        for (const childDoc of await childrenToCopy(tx, child, source.id, omit, lang)) {
          await this.insertIn(tx, child, { ...childDoc, [child.entity.access!.parent!.field]: id }, user, lang, written, undefined, undefined);
        }
      }
      return this.load(tx, reg, id, user);
    });
    return this.answer(record, written);
  }
}
