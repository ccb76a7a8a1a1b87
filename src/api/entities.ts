import type { AuditEntry, EntityRecord, LifecycleEventRequest, ListParams, ListResult } from '../../renderers/env/data-provider.ts';
import { FILTER_PREFIX } from '../../engine/query/list-query.ts';
import { request } from './client.ts';

/**
 * The renderers (through the data provider) show every failure of these calls themselves: the
 * list and detail in an alert, the form beside the fields or in the conflict dialog, the actions
 * in a message. So the client shows none of its own (quiet).
 */
const quiet = true;

const base = (entity: string) => `/api/entities/${encodeURIComponent(entity)}`;
const one = (entity: string, id: string) => `${base(entity)}/${encodeURIComponent(id)}`;

export function listRecords(entity: string, params: ListParams): Promise<ListResult> {
  const query: Record<string, string | number | undefined> = { page: params.page, pageSize: params.pageSize, sort: params.sort };
  for (const [field, value] of Object.entries(params.filters)) query[`${FILTER_PREFIX}${field}`] = value;
  return request<ListResult>(base(entity), { query, quiet });
}

export const getRecord = (entity: string, id: string) => request<EntityRecord>(one(entity, id), { quiet });

export const createRecord = (entity: string, doc: Record<string, unknown>, extra?: Record<string, unknown>) =>
  request<EntityRecord>(base(entity), { method: 'POST', json: { ...extra, doc }, quiet });

export const updateRecord = (entity: string, id: string, doc: Record<string, unknown>, version: number, extra?: Record<string, unknown>) =>
  request<EntityRecord>(one(entity, id), { method: 'PUT', json: { ...extra, doc, version }, quiet });

export const deleteRecord = (entity: string, id: string, version: number) =>
  request<unknown>(one(entity, id), { method: 'DELETE', query: { version }, quiet }).then(() => undefined);

export const sendRecordEvent = (entity: string, id: string, event: LifecycleEventRequest) =>
  request<EntityRecord>(`${one(entity, id)}/events`, { method: 'POST', json: event, quiet });

export const getRecordHistory = (entity: string, id: string) => request<AuditEntry[]>(`${one(entity, id)}/history`, { quiet });

export const copyRecord = (entity: string, id: string) => request<EntityRecord>(`${one(entity, id)}/copy`, { method: 'POST', quiet });
