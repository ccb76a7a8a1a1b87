import type { FilterOperator, Language, ListParty, SortSpec } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { message } from '../i18n/messages.ts';
import type { FieldError } from '../validate/messages.ts';
import { resolveField, type FieldKind } from '../derive/fields.ts';
import { stateOptions } from '../derive/list.ts';
import { variantFilter } from '../derive/variants.ts';
import { listVariant } from './list-variants.ts';

/** A filter the storage layer applies: field, operator and typed value(s). */
export interface QueryFilter {
  field: string;
  op: FilterOperator;
  kind: FieldKind;
  /** eq/contains: one value; in: several; range: [from, to] with null for an open end. */
  values: readonly (string | number | boolean | null)[];
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: SortSpec & { kind: FieldKind };
  filters: QueryFilter[];
  /** Only the records the user's company owns, or only those naming it (`party=owner|shared`; a list route's declared side). */
  party?: ListParty;
  /** A declared list variant by name (`list=todo`, routes.partyLists): the server applies its restrictions. */
  list?: string;
}

export const MAX_PAGE_SIZE = 200;
/** Query keys that are not filters: paging, sort and the timestamp every request carries. */
/** The last page a list may ask for (offset page × pageSize stays far inside a bigint). */
export const MAX_PAGE = 1_000_000;
const RESERVED = new Set(['page', 'pageSize', 'sort', 't', 'party', 'list']);
/** Filters travel as `f.<field>=value`; ranges as `from..to`; `in` as a comma list. */
export const FILTER_PREFIX = 'f.';

type Raw = Record<string, string | string[] | undefined>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function typed(kind: FieldKind, raw: string): string | number | boolean | undefined {
  switch (kind) {
    case 'number': {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'date':
      return DATE.test(raw) ? raw : undefined;
    case 'datetime':
      return Number.isNaN(Date.parse(raw)) ? undefined : raw;
    default:
      return raw;
  }
}

/** Parses and checks list query parameters against the entity's declared filters and sortable columns. */
export function parseListQuery(
  reg: RegisteredEntity,
  raw: Raw,
  lang: Language,
): { ok: true; query: ListQuery } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const one = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v[v.length - 1] : v;
  };
  const page = Number(one('page') ?? 1);
  const pageSize = Number(one('pageSize') ?? reg.views.list.pageSize ?? 20);
  // A page beyond MAX_PAGE is refused: its offset would overflow the database's bigint.
  if (!Number.isSafeInteger(page) || page < 1 || page > MAX_PAGE || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    errors.push({ field: 'page', keyword: 'paging', message: message('BAD_PAGE', lang) });
  }

  let sort: ListQuery['sort'] = { ...reg.views.list.defaultSort, kind: resolveField(reg.entity, reg.schema, reg.views.list.defaultSort.field).kind };
  const sortRaw = one('sort');
  if (sortRaw) {
    // `field:order`, split at the last colon: a key is data and may hold colons itself (`ns:key:desc`).
    const colon = sortRaw.lastIndexOf(':');
    const [field, order] = colon < 0 ? [sortRaw, 'asc'] : [sortRaw.slice(0, colon), sortRaw.slice(colon + 1)];
    const sortable = reg.views.list.columns.some((c) => c.field === field && c.sortable) || field === reg.views.list.defaultSort.field;
    if (!sortable || (order !== 'asc' && order !== 'desc')) {
      errors.push({ field: 'sort', keyword: 'sort', message: message('BAD_SORT', lang, { field: sortRaw }) });
    } else {
      sort = { field, order, kind: resolveField(reg.entity, reg.schema, field).kind };
    }
  }

  const partyRaw = one('party');
  const party = partyRaw === 'owner' || partyRaw === 'shared' ? partyRaw : undefined;
  if (partyRaw !== undefined && !party) errors.push({ field: 'party', keyword: 'party', message: message('BAD_PARTY', lang, { value: partyRaw }) });

  const listRaw = one('list');
  const variant = listRaw === undefined ? undefined : listVariant(reg, listRaw);
  if (listRaw !== undefined && !variant) errors.push({ field: 'list', keyword: 'list', message: message('BAD_LIST', lang, { value: listRaw }) });

  const filters: QueryFilter[] = [];
  for (const key of Object.keys(raw)) {
    if (RESERVED.has(key)) continue;
    const value = one(key);
    if (!key.startsWith(FILTER_PREFIX)) {
      errors.push({ field: key, keyword: 'filter', message: message('UNKNOWN_FILTER', lang, { field: key }) });
      continue;
    }
    const field = key.slice(FILTER_PREFIX.length);
    // A variant's list filters by the variant field, declared or not (docs/declarations.md §2, variants);
    // a list variant (partyLists) only by its own filters.
    const declared =
      reg.views.list.filters.find((f) => f.field === field && (!variant?.filters || variant.filters.includes(field))) ??
      (variantFilter(reg.views)?.field === field ? variantFilter(reg.views) : undefined);
    if (!declared) {
      errors.push({ field, keyword: 'filter', message: message('UNKNOWN_FILTER', lang, { field }) });
      continue;
    }
    if (value === undefined || value === '') continue;
    const { kind, node } = resolveField(reg.entity, reg.schema, field);
    const bad = () => errors.push({ field, keyword: 'filter', message: message('BAD_FILTER_VALUE', lang, { field, value }) });
    const allowed =
      kind === 'state' ? stateOptions(reg, field, lang).map((o) => o.value) : node?.enum ? node.enum.map(String) : undefined;
    const parts = declared.op === 'in' ? value.split(',') : declared.op === 'range' ? value.split('..') : [value];
    if (declared.op === 'range' && parts.length !== 2) {
      bad();
      continue;
    }
    const values = parts.map((p) => (declared.op === 'range' && p === '' ? null : typed(kind, p)));
    if (values.some((v) => v === undefined) || (allowed && values.some((v) => v !== null && !allowed.includes(String(v))))) {
      bad();
      continue;
    }
    filters.push({ field, op: declared.op, kind, values: values as QueryFilter['values'] });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, query: { page, pageSize, sort, filters, ...(party ? { party } : {}), ...(variant ? { list: listRaw } : {}) } };
}
