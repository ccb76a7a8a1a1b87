import type { RegisteredEntity } from '../../engine/index.ts';
import { FILTER_PREFIX, MAX_PAGE_SIZE } from '../../engine/index.ts';
import type { ListParams } from '../env/data-provider.ts';

/**
 * A list page keeps its whole query in the URL (`page`, `pageSize`, `sort=field:asc|desc` and
 * `f.<field>` filters, the same names the list endpoint takes), so a list can be linked to,
 * reloaded and navigated back to.
 */
export function readListParams(reg: RegisteredEntity, search: URLSearchParams): ListParams {
  const declaredSize = reg.views.list.pageSize ?? 20;
  const page = Number(search.get('page') ?? 1);
  const pageSize = Number(search.get('pageSize') ?? declaredSize);
  const filters: Record<string, string> = {};
  for (const { field } of reg.views.list.filters) {
    const value = search.get(`${FILTER_PREFIX}${field}`);
    if (value) filters[field] = value;
  }
  const sort = search.get('sort') ?? undefined;
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize > 0 && pageSize <= MAX_PAGE_SIZE ? pageSize : declaredSize,
    sort: sort && /^.+:(asc|desc)$/.test(sort) ? sort : undefined,
    filters,
  };
}

export function writeListParams(params: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [field, value] of Object.entries(params.filters)) if (value) out.set(`${FILTER_PREFIX}${field}`, value);
  if (params.sort) out.set('sort', params.sort);
  if (params.page > 1) out.set('page', String(params.page));
  out.set('pageSize', String(params.pageSize));
  return out;
}

/** `field:asc` → antd's sort order of that column (or null when the list is sorted by another). */
export function columnSortOrder(sort: string | undefined, field: string): 'ascend' | 'descend' | null {
  if (!sort) return null;
  // Split at the last colon: a field key may hold colons (list-query.ts reads it the same way).
  const colon = sort.lastIndexOf(':');
  const [sorted, order] = colon < 0 ? [sort, 'asc'] : [sort.slice(0, colon), sort.slice(colon + 1)];
  if (sorted !== field) return null;
  return order === 'desc' ? 'descend' : 'ascend';
}

export function toSortParam(field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (!field || !order) return undefined;
  return `${field}:${order === 'descend' ? 'desc' : 'asc'}`;
}

/** Encodes a filter's value as the list endpoint reads it: `in` as a comma list, `range` as `from..to`. */
export function encodeFilterValue(op: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (op === 'range' && Array.isArray(value)) {
    const [from, to] = value as (string | number | null | undefined)[];
    return from == null && to == null ? '' : `${from ?? ''}..${to ?? ''}`;
  }
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value).trim();
}

export function decodeFilterValue(op: string, raw: string | undefined): string | string[] | [string, string] | undefined {
  if (!raw) return undefined;
  if (op === 'in') return raw.split(',').filter(Boolean);
  if (op === 'range') {
    const [from = '', to = ''] = raw.split('..');
    return [from, to];
  }
  return raw;
}
