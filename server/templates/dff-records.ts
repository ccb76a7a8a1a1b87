import { randomUUID } from 'node:crypto';
import {
  changedFields,
  fieldAt,
  fieldLabel,
  fieldPath,
  joinPath,
  linkedEditableFields,
  pathKeys,
  registrationFor,
  toFieldErrors,
  valueAt,
  type EntityRegistry,
  type FieldError,
  type Language,
  type RegisteredEntity,
} from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { writeAudit } from '../entities/audit-repo.ts';
import type { LinkedData, LinkedWrite, LinkedWriteContext } from '../entities/linked-data.ts';
import { getRecord, insertRecord, updateRecord, type EntityRecord } from '../entities/records-repo.ts';
import { TemplateSettings } from './settings-service.ts';
import { attachFiles } from '../files/file-refs.ts';
import { scopeOf } from '../entities/visibility.ts';
import { documentErrors } from './record-validation.ts';

type Doc = Record<string, unknown>;

/**
 * What a TRF stores about its DFF data: the template and its record holding it (the record keeps
 * the version it was made with, and a migration moves it on).
 */
export interface DffRef {
  template: string;
  recordId: string;
}

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);
const ALL = { all: true } as const;

/** The field of an entity declaring a DFF reference (`x-dff`), with the path of its buyer. */
export function dffField(reg: RegisteredEntity): { field: string; buyer: string } | undefined {
  for (const [field, node] of Object.entries(reg.schema.properties)) if (node['x-dff']) return { field, buyer: node['x-dff'].buyer };
  return undefined;
}

const refOf = (doc: Doc | undefined, field: string): DffRef | undefined => {
  const v = doc?.[field];
  return isDoc(v) && typeof v.template === 'string' && typeof v.recordId === 'string' ? (v as unknown as DffRef) : undefined;
};

/** Field errors of the DFF document, under the TRF's reference field (`dff.colour`). */
async function check(reg: RegisteredEntity, doc: Doc, draft: boolean, field: string, lang: Language): Promise<void> {
  const found = await documentErrors(reg, doc, draft);
  if (!found) return;
  const errors: FieldError[] = toFieldErrors(reg.schema, found, lang).map((e) => ({ ...e, field: joinPath(field, e.field) }));
  throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
}

/**
 * A TRF's DFF section (docs/templates.md, "The TRF's DFF section"): the data is a record of the
 * template resolved for the TRF's buyer, validated with that template's version, linked both
 * ways (the TRF's `dff` reference, the record's `parent_id`) and written in the TRF's own
 * transaction — so a list of the template shows it, and migrations of the template move it.
 * The request body carries it as `dff: { template, doc }`; leaving it out keeps what is stored.
 */
export class DffRecords implements LinkedData {
  private readonly settings: TemplateSettings;

  constructor(
    private readonly db: Database,
    private readonly registry: EntityRegistry,
  ) {
    this.settings = new TemplateSettings(db, registry);
  }

  async prepare(reg: RegisteredEntity, body: Doc, doc: Doc, lang: Language): Promise<LinkedWrite | undefined> {
    const declared = dffField(reg);
    if (!declared) return undefined;
    const input = body.dff;
    if (input === undefined || input === null) return { write: async (tx, ctx) => this.keep(tx, declared.field, ctx) };
    if (!isDoc(input) || typeof input.template !== 'string' || !isDoc(input.doc)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'dff' });
    const buyer = valueAt(doc, declared.buyer);
    const template = typeof doc.template === 'string' && doc.template ? doc.template : undefined;
    // The buyer decides the template (an error here is the SPEC message: no buyer, no group, nothing set).
    const resolved = await this.settings.resolve({ buyer: typeof buyer === 'string' ? buyer : '', template }, lang);
    if (resolved.template.code !== input.template) throw new ApiError(409, 'DFF_TEMPLATE_CHANGED', { template: resolved.template.label });
    const data = input.doc;
    const label = fieldLabel(fieldAt(reg.schema, declared.field), lang, declared.field);
    return { write: async (tx, ctx) => this.save(tx, { ...declared, label }, resolved.template.code, data, ctx) };
  }

  /** Without DFF data in the request, the stored record stays and follows the TRF's visibility. */
  private async keep(tx: Queryable, field: string, ctx: LinkedWriteContext): Promise<Doc> {
    const ref = refOf(ctx.previous, field);
    if (!ref) return ctx.doc;
    await tx.query('update records set visible_to = $2::text[] where id = $1 and parent_id = $3', [ref.recordId, ctx.visibleTo, ctx.id]);
    return { ...ctx.doc, [field]: ref };
  }

  private async save(tx: Queryable, declared: { field: string; buyer: string; label: string }, code: string, data: Doc, ctx: LinkedWriteContext): Promise<Doc> {
    const { field } = declared;
    const previous = refOf(ctx.previous, field);
    const stored = previous?.template === code ? await this.stored(tx, previous) : undefined;
    if (previous && !stored) await this.removeRecord(tx, previous.template, previous.recordId, ctx.user);
    const entityReg = this.registry.get(code);
    const reg = stored ? registrationFor(entityReg, stored.templateVersion) : entityReg;
    // The DFF section follows the buyer (it changes in the states where the buyer may), except
    // fields whose own `x-editableIn` names the TRF states they change in.
    const editable = linkedEditableFields(reg, ctx.activeStates, ctx.editable.has(pathKeys(declared.buyer)[0]!));
    const locked = changedFields(stored?.doc ?? {}, data).filter((f) => !editable.has(f));
    if (locked.length) {
      const names = locked.map((f) => fieldLabel(fieldAt(reg.schema, fieldPath([f])), ctx.lang, f));
      throw new ApiError(400, 'FIELD_NOT_EDITABLE', { state: ctx.state, fields: names.join(', ') }, locked.map((f, i) => ({ field: fieldPath([field, f]), keyword: 'editable', message: names[i]! })));
    }
    await check(reg, data, ctx.draft, field, ctx.lang);
    const write = { doc: data, snapshot: null, states: {}, state: '', visibleTo: ctx.visibleTo };
    if (stored) {
      const changed = changedFields(stored.doc, data);
      if (!changed.length) return this.keep(tx, field, ctx);
      if (!(await updateRecord(tx, stored.id, stored.version, write))) throw new ApiError(409, 'VERSION_CONFLICT', { version: stored.version + 1 });
      await attachFiles(tx, stored.id, data, scopeOf(ctx.user));
      await writeAudit(tx, code, stored.id, ctx.user.id, { kind: 'update', changedFields: changed, version: stored.version + 1 });
      return { ...ctx.doc, [field]: previous };
    }
    const recordId = randomUUID();
    await insertRecord(tx, reg, recordId, write, ctx.companyId, ctx.user.id, ctx.id);
    await attachFiles(tx, recordId, data, scopeOf(ctx.user));
    await writeAudit(tx, code, recordId, ctx.user.id, { kind: 'create', toStates: {}, version: 1, payload: { parent: ctx.id } });
    return { ...ctx.doc, [field]: { template: code, recordId } satisfies DffRef };
  }

  private stored(tx: Queryable, ref: DffRef): Promise<EntityRecord | undefined> {
    return this.registry.has(ref.template) ? getRecord(tx, this.registry.get(ref.template), ref.recordId, ALL, true) : Promise.resolve(undefined);
  }

  private async removeRecord(tx: Queryable, entity: string, id: string, user: SessionUser): Promise<void> {
    const { rows } = await tx.query<{ id: string }>('delete from records where id = $1 and entity = $2 returning id', [id, entity]);
    if (rows.length) await writeAudit(tx, entity, id, user.id, { kind: 'delete' });
  }

  async checkValid(tx: Queryable, reg: RegisteredEntity, doc: Doc, lang: Language): Promise<void> {
    const declared = dffField(reg);
    const ref = declared && refOf(doc, declared.field);
    if (!declared || !ref) return;
    const stored = await this.stored(tx, ref);
    if (stored) await check(registrationFor(this.registry.get(ref.template), stored.templateVersion), stored.doc, false, declared.field, lang);
  }

  /**
   * A copied TRF takes a copy of its DFF data when the buyer still gets the same template and the
   * data fits that template's current version (as a draft); otherwise the copy starts without
   * DFF data, as a new TRF for that buyer would.
   */
  async copyInput(reg: RegisteredEntity, source: Doc, lang: Language): Promise<Doc | undefined> {
    const declared = dffField(reg);
    const ref = declared && refOf(source, declared.field);
    if (!declared || !ref) return undefined;
    const stored = await this.stored(this.db, ref);
    if (!stored) return undefined;
    const buyer = valueAt(source, declared.buyer);
    const template = typeof source.template === 'string' && source.template ? source.template : undefined;
    // The SPEC refusals (no buyer, no group, nothing set) mean no DFF section: the copy has none.
    const resolved = await this.settings.resolve({ buyer: typeof buyer === 'string' ? buyer : '', template }, lang).catch((e: unknown) => {
      if (e instanceof ApiError) return undefined;
      throw e;
    });
    if (resolved?.template.code !== ref.template || (await documentErrors(this.registry.get(ref.template), stored.doc, true))) return undefined;
    return { dff: { template: ref.template, doc: stored.doc } };
  }

  async remove(tx: Queryable, reg: RegisteredEntity, id: string, user: SessionUser): Promise<void> {
    if (!dffField(reg)) return;
    const { rows } = await tx.query<{ id: string; entity: string }>('delete from records where parent_id = $1 returning id, entity', [id]);
    for (const r of rows) await writeAudit(tx, r.entity, r.id, user.id, { kind: 'delete' });
  }
}

