import { closedAllows, codesForChange, fieldAt, fieldLabel, hasPermission, message, parentClosed, pathKeys, text, valueAt, type ActionDeclaration, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { getRecord, visibleToOf } from './records-repo.ts';
import { draftStates, scopeOf } from './visibility.ts';
import { docPathArray } from '../db/doc-path-sql.ts';

type Doc = Record<string, unknown>;

/** The record a record belongs to (`access.parent`): its id and the companies that see it. */
export interface ParentLink {
  id: string;
  visibleTo: readonly string[];
}

const label = (reg: RegisteredEntity, field: string, lang: Language) => fieldLabel(fieldAt(reg.schema, pathKeys(field)[0]!), lang, field);

/**
 * The parent a document names (`access.parent`, docs/declarations.md §3): it must be a record of
 * the declared entity the writer sees (400 `PARENT_NOT_FOUND` on the field otherwise). Without a
 * user (the server's own transitions) the stored parent is read as it is.
 */
export async function parentLink(
  tx: Queryable,
  registry: EntityRegistry | undefined,
  reg: RegisteredEntity,
  doc: Doc,
  user: SessionUser | null,
  lang: Language,
  changed?: { fields: readonly string[]; previousParent: unknown },
): Promise<ParentLink | undefined> {
  const parent = reg.entity.access?.parent;
  if (!parent || !registry) return undefined;
  const id = valueAt(doc, parent.field);
  const refuse = () => {
    const params = { field: label(reg, parent.field, lang) };
    return new ApiError(400, 'PARENT_NOT_FOUND', params, [{ field: parent.field, keyword: 'parent', message: message('PARENT_NOT_FOUND', lang, params) }]);
  };
  if ((typeof id !== 'string' || !id) && parent.optional) return undefined;
  if (typeof id !== 'string' || !id) throw refuse();
  const parentReg = registry.get(parent.entity);
  if (user && !(await getRecord(tx, parentReg, id, scopeOf(user, registry)))) throw refuse();
  const visibleTo = await visibleToOf(tx, parentReg.name, id);
  if (!visibleTo) throw refuse();
  if (user) {
    // A record moved to another parent leaves the one it had: both must be open.
    if (changed && changed.previousParent !== id) await refuseClosedParent(tx, reg, changed.previousParent, lang);
    await refuseClosedParent(tx, reg, id, lang, changed && changed.previousParent === id ? changed.fields : undefined);
  }
  return { id, visibleTo };
}

/**
 * `access.parent.closed`: while the parent `parentId` rests in one of the declared states, users
 * may not add, change or delete its records (a complete training class's enrolments, an issued
 * report's test lines): 403 `PARENT_CLOSED` with the declared message in the request language.
 * `changed`: an update's changed top-level fields, allowed when each is one of `closed.except`.
 */
export async function refuseClosedParent(tx: Queryable, reg: RegisteredEntity, parentId: unknown, lang: Language, changed?: readonly string[]): Promise<void> {
  const closed = reg.entity.access?.parent?.closed;
  if (!closed || typeof parentId !== 'string' || closedAllows(closed, changed)) return;
  const { rows } = await tx.query<{ states: Record<string, string> }>('select states from records where id = $1', [parentId]);
  if (parentClosed(reg.entity, rows[0]?.states)) throw new ApiError(403, 'PARENT_CLOSED', { message: text(closed.message, lang, '') });
}

/** The draft states of every registered entity: records in them keep to their own company when their parent is shared. */
export function allDraftStates(registry: EntityRegistry | undefined): string[] {
  return [...new Set(registry?.list().flatMap(draftStates) ?? [])];
}

/**
 * An action's `requiresChild`: a record of the child entity belonging to this one, out of its
 * draft states, with the field filled (the TRF's report with a conclusion); else 400 with the
 * declared message in the request language.
 */
export async function checkRequiredChild(tx: Queryable, registry: EntityRegistry | undefined, recordId: string, action: ActionDeclaration | undefined, lang: Language): Promise<void> {
  const required = action?.requiresChild;
  if (!required || !registry) return;
  const child = registry.get(required.entity);
  const path = docPathArray(pathKeys(required.field));
  const { rows } = await tx.query(
    `select 1 from records where entity = $1 and parent_id = $2 and not (state = any($3::text[])) and coalesce(doc #>> $4, '') <> '' limit 1`,
    [child.name, recordId, draftStates(child), path],
  );
  if (!rows.length) throw new ApiError(400, 'CHILD_REQUIRED', { message: text(required.message, lang, '') });
}

/**
 * An action's `requiresLinked`: the record its lookup field names has the declared fields filled
 * and, with `notPast`, its date not before today (UTC); else 400 with the declared message in the
 * request language (an importer's regulator credentials, before a filing is sent).
 */
export async function checkRequiredLinked(tx: Queryable, doc: Doc, action: ActionDeclaration | undefined, lang: Language): Promise<void> {
  const required = action?.requiresLinked;
  if (!required) return;
  const id = valueAt(doc, required.field);
  const { rows } = typeof id === 'string' && id ? await tx.query<{ doc: Doc }>('select doc from records where id = $1', [id]) : { rows: [] };
  const linked = rows[0]?.doc;
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());
  if (!linked || required.filled.some((f) => blank(linked[f]))) throw new ApiError(400, 'LINKED_RECORD_INCOMPLETE', { message: text(required.message, lang, '') });
  const until = required.notPast ? linked[required.notPast.field] : undefined;
  if (required.notPast && (typeof until !== 'string' || until.slice(0, 10) < new Date().toISOString().slice(0, 10))) {
    throw new ApiError(400, 'LINKED_RECORD_EXPIRED', { message: text(required.notPast.message, lang, '') });
  }
}

/**
 * The files an upload field (`x-upload`) references are of an accepted type and within its size,
 * as stored at upload (what the document says of them is not trusted).
 */
export async function checkUploads(tx: Queryable, reg: RegisteredEntity, doc: Doc, lang: Language): Promise<void> {
  for (const [field, node] of Object.entries(reg.schema.properties)) {
    const upload = node['x-upload'];
    const items = doc[field];
    if (!upload || !Array.isArray(items)) continue;
    const ids = items.map((i) => (i && typeof i === 'object' ? (i as Doc).fileId : undefined)).filter((v): v is string => typeof v === 'string');
    if (!ids.length) continue;
    const { rows } = await tx.query<{ content_type: string; size: number }>('select content_type, size from files where id = any($1::text[])', [ids]);
    const name = label(reg, field, lang);
    const wrongType = rows.find((r) => !upload.accept.includes(r.content_type));
    if (wrongType) {
      const params = { field: name, types: upload.accept.map((t) => t.split('/')[1]!.toUpperCase().replace('JPEG', 'JPG')).join(', ') };
      throw new ApiError(400, 'UPLOAD_FILE_TYPE', params, [{ field, keyword: 'fileType', message: message('UPLOAD_FILE_TYPE', lang, params) }]);
    }
    if (rows.some((r) => Number(r.size) > upload.maxBytes)) {
      const params = { field: name, max: `${Math.round(upload.maxBytes / 1048576)} MB` };
      throw new ApiError(400, 'UPLOAD_FILE_SIZE', params, [{ field, keyword: 'fileSize', message: message('UPLOAD_FILE_SIZE', lang, params) }]);
    }
  }
}

/** Whether the user may write at all: the update permission, or the code of a field it may change alone (`fieldPermissions`). */
export function mayUpdate(reg: RegisteredEntity, user: SessionUser): boolean {
  const codes = [reg.entity.permissions.update, ...Object.values(reg.entity.fieldPermissions ?? {})];
  return codes.some((c) => hasPermission(user.permissionMap, c));
}

/** Each changed field needs its declared code (`fieldPermissions`, engine codesForChange), the others the update permission: 403 naming the missing code. */
export function checkFieldPermissions(reg: RegisteredEntity, user: SessionUser, before: Doc, after: Doc): void {
  for (const { code } of codesForChange(reg, before, after)) {
    if (!hasPermission(user.permissionMap, code)) throw new ApiError(403, 'FORBIDDEN', { permission: code });
  }
}

/**
 * A revision (`copy.revision`): the next version among the records sharing the source's parent
 * (or after the source's), keeping the source's original number, or its own number when it has none.
 */
export async function revisionFields(tx: Queryable, reg: RegisteredEntity, source: { id: string; doc: Doc }): Promise<Doc> {
  const revision = reg.entity.copy?.revision;
  if (!revision) return {};
  const own = Number(source.doc[revision.versionField] ?? 1);
  const { rows } = await tx.query<{ n: number | null }>(
    `select max(case when doc ->> $3 ~ '^[0-9]+$' then (doc ->> $3)::int end) as n from records
     where entity = $1 and parent_id = (select parent_id from records where id = $2)`,
    [reg.name, source.id, revision.versionField],
  );
  const latest = Math.max(Number.isFinite(own) ? own : 1, rows[0]?.n ?? 0);
  const original = source.doc[revision.originalField] || source.doc[revision.numberField];
  return { [revision.versionField]: latest + 1, ...(original ? { [revision.originalField]: original } : {}) };
}

/** The most records of one child entity a copy takes with it (copy.children). */
export const COPY_CHILDREN_MAX = 1000;

/**
 * The documents of the records of `child` belonging to `parentId`, oldest first, less their system
 * fields and `omit`, to be copied with their parent (copy.children); more than `COPY_CHILDREN_MAX`
 * is 400 `COPY_TOO_MANY`, nothing copied.
 */
export async function childrenToCopy(tx: Queryable, child: RegisteredEntity, parentId: string, omit: readonly string[], lang: Language): Promise<Doc[]> {
  const { rows } = await tx.query<{ doc: Doc }>(
    'select doc from records where entity = $1 and parent_id = $2 order by created_at, id limit $3',
    [child.name, parentId, COPY_CHILDREN_MAX + 1],
  );
  if (rows.length > COPY_CHILDREN_MAX) throw new ApiError(400, 'COPY_TOO_MANY', { entity: text(child.entity.label, lang, child.name), max: String(COPY_CHILDREN_MAX) });
  const dropped = new Set([...omit, ...Object.keys(child.schema.properties).filter((f) => child.schema.properties[f]?.['x-system'])]);
  return rows.map(({ doc }) => Object.fromEntries(Object.entries(doc).filter(([k]) => !dropped.has(k))));
}
