import { companiesAt, fieldAt, fieldLabel, message, pathKeys, valueAt, type Language, type RegisteredEntity, type ShareRule } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { indexedFields } from '../db/sql-expressions.ts';
import { ApiError } from '../http/errors.ts';
import type { Scope } from './visibility.ts';

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
 * cannot share it further. A rule's `account` must be a login account of the named company, and
 * `requiresApprovedOwner` lets only an approved owner company name one (checked on every write).
 */
export async function checkSharing(tx: Queryable, reg: RegisteredEntity, before: Doc | undefined, after: Doc, writer: { scope: Scope; companyId: string; ownerCompanyId: string }, lang: Language): Promise<void> {
  const changed: ShareRule[] = [];
  for (const rule of reg.entity.access?.shareWith ?? []) {
    const named = (doc: Doc | undefined) => [doc && JSON.stringify(valueAt(doc, rule.field) ?? ''), rule.account && doc ? valueAt(doc, rule.account) : undefined].map((v) => v ?? '').join('\n');
    if (named(before) === named(after)) continue;
    const owner = writer.scope.all || writer.companyId === writer.ownerCompanyId;
    if ((rule.changedBy ?? 'owner') === 'owner' && !owner) {
      throw new ApiError(403, 'PARTY_NOT_CHANGEABLE', { field: rule.field }, [{ field: rule.field, keyword: 'party', message: rule.field }]);
    }
    if (namesOf(after, rule).length) changed.push(rule);
  }
  await checkApprovedOwner(tx, reg, after, writer.ownerCompanyId, lang);
  if (!changed.length) return;
  const ids = changed.flatMap((r) => namesOf(after, r));
  const { rows } = await tx.query<{ id: string }>("select id from companies where id = any($1::text[]) and approval_status = 'approved'", [ids]);
  // The record's own company may name itself whatever its approval (an applicant not yet certified).
  const known = new Set([writer.ownerCompanyId, ...rows.map((r) => r.id)]);
  const unknown = changed.find((r) => namesOf(after, r).some((id) => !known.has(id)));
  if (unknown) throw new ApiError(400, 'COMPANY_UNKNOWN', { field: unknown.field }, [{ field: unknown.field, keyword: 'company', message: unknown.field }]);
  for (const rule of changed.filter((r) => r.account)) await checkAccount(tx, reg, after, rule, lang);
}

/** The companies a share rule names in the document: one, or several when the field is a list (none when empty or skipped by `unlessTrue`). */
function namesOf(doc: Doc, rule: ShareRule): string[] {
  if (rule.unlessTrue && valueAt(doc, rule.unlessTrue) === true) return [];
  return companiesAt(doc, rule.field);
}

/** The one company a single-valued share rule names (a rule with an `account` or `requiresApprovedOwner`). */
const nameOf = (doc: Doc, rule: ShareRule): string | undefined => namesOf(doc, rule)[0];

/** A rule's `account` names a login account of the company the rule names. */
async function checkAccount(tx: Queryable, reg: RegisteredEntity, doc: Doc, rule: ShareRule, lang: Language): Promise<void> {
  const field = rule.account!;
  const account = valueAt(doc, field);
  const { rows } = await tx.query('select 1 from users where account = $1 and company_id = $2', [String(account ?? ''), nameOf(doc, rule)]);
  if (rows.length) return;
  const params = { account: String(account ?? '').slice(0, 100) };
  throw new ApiError(400, 'ACCOUNT_NOT_OF_COMPANY', params, [{ field, keyword: 'account', message: message('ACCOUNT_NOT_OF_COMPANY', lang, params) }]);
}

/** `requiresApprovedOwner`: a record whose own company is not approved names no such company (SPEC §5). */
async function checkApprovedOwner(tx: Queryable, reg: RegisteredEntity, doc: Doc, ownerCompanyId: string, lang: Language): Promise<void> {
  const rule = reg.entity.access?.shareWith?.find((r) => r.requiresApprovedOwner && nameOf(doc, r));
  if (!rule) return;
  const { rows } = await tx.query("select 1 from companies where id = $1 and approval_status = 'approved'", [ownerCompanyId]);
  if (rows.length) return;
  const label = fieldLabel(fieldAt(reg.schema, pathKeys(rule.field)[0]!), lang, rule.field);
  const params = { field: label };
  throw new ApiError(400, 'OWNER_NOT_APPROVED', params, [{ field: rule.field, keyword: 'company', message: message('OWNER_NOT_APPROVED', lang, params) }]);
}
